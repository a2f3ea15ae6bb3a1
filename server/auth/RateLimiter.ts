import type { Db } from '../db/Database';
import { tooMany } from '../envelope';

/** A limit: at most `max` attempts per subject within `windowMs`, else `message` (429). */
export interface RateLimitRule {
  bucket: string;
  max: number;
  windowMs: number;
  message: string;
}

const TEN_MINUTES = 10 * 60_000;

/** The limits of the login paths (per address: a client's IP as Fastify sees it, see TRUST_PROXY). */
export const RATE_LIMITS = {
  authCodePerAddress: { bucket: 'auth_code_addr', max: 10, windowMs: TEN_MINUTES, message: '授权码错误次数过多，请 10 分钟后再试' },
  authCodePerCode: { bucket: 'auth_code_code', max: 5, windowMs: TEN_MINUTES, message: '授权码错误次数过多，请 10 分钟后再试' },
  passwordPerUser: { bucket: 'password_user', max: 5, windowMs: TEN_MINUTES, message: '密码错误次数过多，请 10 分钟后再试' },
  passwordPerAddress: { bucket: 'password_addr', max: 20, windowMs: TEN_MINUTES, message: '登录失败次数过多，请 10 分钟后再试' },
  smsLoginPerAddress: { bucket: 'sms_login_addr', max: 20, windowMs: TEN_MINUTES, message: '验证码错误次数过多，请 10 分钟后再试' },
  smsSendPerAddress: { bucket: 'sms_send_addr', max: 20, windowMs: TEN_MINUTES, message: '验证码获取过于频繁，请 10 分钟后再试' },
} satisfies Record<string, RateLimitRule>;

/** An attempt that was let through: forgiven when it turns out to be a success that should not count. */
export interface Attempt {
  forgive(): Promise<void>;
}

/**
 * Sliding-window limits stored in the database. An attempt is written down before it is counted, so
 * parallel guesses count against each other; a refused attempt is struck out again, so a lockout
 * ends when the window has passed over the attempts that caused it.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async attempt(checks: readonly { rule: RateLimitRule; subject: string }[]): Promise<Attempt> {
    const at = this.now();
    const written: number[] = [];
    const forgive = async () => {
      if (written.length) await this.db.deleteFrom('rate_limit_hits').where('id', 'in', written).execute();
    };
    for (const { rule, subject } of checks) {
      await this.db.deleteFrom('rate_limit_hits').where('bucket', '=', rule.bucket).where('at', '<=', at - rule.windowMs).execute();
      const row = await this.db.insertInto('rate_limit_hits').values({ id: undefined, bucket: rule.bucket, subject: subject.slice(0, 128), at }).returning('id').executeTakeFirstOrThrow();
      written.push(row.id!);
      const counted = await this.db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('bucket', '=', rule.bucket)
        .where('subject', '=', subject.slice(0, 128))
        .where('at', '>', at - rule.windowMs)
        .executeTakeFirst();
      if (Number(counted?.count ?? 0) > rule.max) {
        await forgive();
        throw tooMany(rule.message);
      }
    }
    return { forgive };
  }
}
