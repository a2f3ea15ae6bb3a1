import type { Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import { badRequest, tooMany } from '../envelope';
import { newSalt, newSmsCode, sameHash, sha256 } from './secrets';
import type { SmsProvider } from './SmsProvider';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_CHECKS = 5;
export const SMS_RESEND_COOLDOWN_MS = 60_000;
export const SMS_MAX_SENDS = 5;
export const SMS_SEND_WINDOW_MS = 10 * 60_000;

/** SMS login codes: hashed with a salt, single use, 5 minutes, 5 checks, 60 s cooldown, 5 sends / 10 min. */
export class SmsCodeService {
  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly now: () => number,
  ) {}

  /**
   * Sends a new code. `deliver: false` (a phone without an account) goes through the same limits and
   * stores a code nobody receives, so the answers for registered and unknown phones are the same.
   */
  async send(phone: string, { deliver = true }: { deliver?: boolean } = {}): Promise<void> {
    const code = newSmsCode();
    const salt = newSalt();
    // One transaction per send, locked on the phone, so that parallel requests for a phone cannot all
    // pass the limits (on either database, whatever the instance).
    await lockedTransaction(this.db, `sms_send:${phone}`, async (trx) => {
      const at = this.now();
      const recent = await trx
        .selectFrom('sms_codes')
        .select('created_at')
        .where('phone', '=', phone)
        .where('created_at', '>', at - SMS_SEND_WINDOW_MS)
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0];
      if (last && at - last.created_at < SMS_RESEND_COOLDOWN_MS) {
        throw tooMany(`请在 ${Math.ceil((SMS_RESEND_COOLDOWN_MS - (at - last.created_at)) / 1000)} 秒后重新获取验证码`);
      }
      if (recent.length >= SMS_MAX_SENDS) throw tooMany('验证码获取过于频繁，请 10 分钟后再试');
      // Only the newest code of a phone is valid.
      await trx.updateTable('sms_codes').set({ used_at: at }).where('phone', '=', phone).where('used_at', 'is', null).execute();
      await trx
        .insertInto('sms_codes')
        .values({
          id: undefined,
          phone,
          code_hash: sha256(salt + code),
          salt,
          created_at: at,
          expires_at: at + SMS_CODE_TTL_MS,
          checks: 0,
          used_at: null,
        })
        .execute();
    });
    if (deliver) await this.provider.send(phone, code);
  }

  /** Consumes the code on success; every check counts, right or wrong, and is counted atomically. */
  async verify(phone: string, code: string): Promise<void> {
    const at = this.now();
    const row = await this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw badRequest('验证码已失效，请重新获取');
    if (row.checks >= SMS_MAX_CHECKS) throw badRequest('验证码错误次数过多，请重新获取');
    if (row.used_at !== null) throw badRequest('验证码已失效，请重新获取');
    if (at > row.expires_at) throw badRequest('验证码已失效，请重新获取');
    // Take one check only if one is left: parallel guesses cannot exceed the limit.
    const counted = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ checks: eb('checks', '+', 1) }))
      .where('id', '=', row.id!)
      .where('checks', '<', SMS_MAX_CHECKS)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return this.refuseAfterRace(row.id!);
    if (!sameHash(sha256(row.salt + code), row.code_hash)) throw badRequest('验证码错误');
    const consumed = await this.db
      .updateTable('sms_codes')
      .set({ used_at: at })
      .where('id', '=', row.id!)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw badRequest('验证码已失效，请重新获取');
  }

  /** Another request used the last check or the code meanwhile. */
  private async refuseAfterRace(id: number): Promise<never> {
    const row = await this.db.selectFrom('sms_codes').select(['checks', 'used_at']).where('id', '=', id).executeTakeFirst();
    if (row && row.used_at === null && row.checks >= SMS_MAX_CHECKS) throw badRequest('验证码错误次数过多，请重新获取');
    throw badRequest('验证码已失效，请重新获取');
  }
}
