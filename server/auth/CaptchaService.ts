import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../db/Database';
import { badRequest } from '../envelope';
import { sameHash, sha256 } from './secrets';

export const CAPTCHA_TTL_MS = 2 * 60_000;

// Seven-segment strokes per digit (a b c d e f g), drawn as jittered paths, so the answer is not
// readable from the SVG text.
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};
const SEGMENT_LINES: Record<string, [number, number, number, number]> = {
  a: [0, 0, 1, 0],
  b: [1, 0, 1, 1],
  c: [1, 1, 1, 2],
  d: [0, 2, 1, 2],
  e: [0, 1, 0, 2],
  f: [0, 0, 0, 1],
  g: [0, 1, 1, 1],
};

const jitter = (value: number) => value + (randomInt(0, 7) - 3);

export function renderCaptchaSvg(answer: string): string {
  const paths: string[] = [];
  [...answer].forEach((digit, index) => {
    const originX = 14 + index * 28 + randomInt(0, 5);
    const originY = 8 + randomInt(0, 6);
    const segments = SEGMENTS[digit] ?? '';
    const d = [...segments]
      .map((segment) => {
        const [x1, y1, x2, y2] = SEGMENT_LINES[segment]!;
        return `M${jitter(originX + x1 * 16)} ${jitter(originY + y1 * 12)}L${jitter(originX + x2 * 16)} ${jitter(originY + y2 * 12)}`;
      })
      .join('');
    paths.push(`<path d="${d}" stroke="hsl(${randomInt(180, 240)},70%,60%)" stroke-width="3" fill="none" stroke-linecap="round"/>`);
  });
  for (let line = 0; line < 4; line++) {
    paths.push(
      `<path d="M${randomInt(0, 120)} ${randomInt(0, 40)}Q${randomInt(0, 120)} ${randomInt(0, 40)} ${randomInt(0, 120)} ${randomInt(0, 40)}" stroke="hsl(${randomInt(0, 360)},40%,55%)" stroke-width="1" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="40" viewBox="0 0 128 40"><rect width="128" height="40" fill="#1c2127"/>${paths.join('')}</svg>`;
}

/** Image captcha of the legacy password login: 4 digits, hashed, single use, 2 minutes. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async create(): Promise<{ uuid: string; img: string; answer: string }> {
    const answer = String(randomInt(0, 10_000)).padStart(4, '0');
    const uuid = randomUUID();
    const at = this.now();
    // Anyone may ask for captchas: drop the expired ones so the table cannot grow without bound.
    await this.db.deleteFrom('captchas').where('expires_at', '<', at).execute();
    await this.db
      .insertInto('captchas')
      .values({ uuid, answer_hash: sha256(answer), expires_at: at + CAPTCHA_TTL_MS, used_at: null })
      .execute();
    return { uuid, img: Buffer.from(renderCaptchaSvg(answer)).toString('base64'), answer };
  }

  /** Single use even under parallel requests: the first one to mark it used gets to check it. */
  async verify(uuid: string, code: string): Promise<void> {
    const at = this.now();
    const row = await this.db.selectFrom('captchas').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    if (!row || row.used_at !== null || at > row.expires_at) throw badRequest('验证码已失效');
    const taken = await this.db
      .updateTable('captchas')
      .set({ used_at: at })
      .where('uuid', '=', uuid)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw badRequest('验证码已失效');
    if (!sameHash(sha256(code), row.answer_hash)) throw badRequest('验证码错误');
  }
}
