import type { Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
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
 * Sliding-window limits stored in the database. An attempt is written down and counted in one
 * transaction locked on its bucket and subject, so parallel attempts count against each other and
 * exactly `max` get through however many arrive at once, from however many instances; a refused
 * attempt leaves nothing behind, so a lockout ends when the window has passed over the attempts that
 * caused it.
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
      const key = subject.slice(0, 128);
      await this.db
        .deleteFrom('rate_limit_hits')
        .where('bucket', '=', rule.bucket)
        .where('at', '<=', at - rule.windowMs)
        .execute();
      // Written first, then counted (a write first also makes SQLite processes sharing the file wait their turn).
      const id = await lockedTransaction(this.db, `rate_limit:${rule.bucket}:${key}`, async (trx) => {
        const row = await trx
          .insertInto('rate_limit_hits')
          .values({ id: undefined, bucket: rule.bucket, subject: key, at })
          .returning('id')
          .executeTakeFirstOrThrow();
        const counted = await trx
          .selectFrom('rate_limit_hits')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('bucket', '=', rule.bucket)
          .where('subject', '=', key)
          .where('at', '>', at - rule.windowMs)
          .executeTakeFirst();
        if (Number(counted?.count ?? 0) > rule.max) throw tooMany(rule.message);
        return row.id!;
      }).catch(async (error: unknown) => {
        await forgive();
        throw error;
      });
      written.push(id);
    }
    return { forgive };
  }
}
