import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, ok } from '../envelope';
import { RATE_LIMITS } from './RateLimiter';
import { sha256 } from './secrets';
import type { AuthServices } from './AuthServices';
import { authRoutes as declared } from '../../contracts/api/authRoutes';
import { route } from '../http/registerRoute';

/** Login by SMS code, image captcha + password, or authorization code; logout: contracts/api/authRoutes.ts. */
export async function authRoutes(api: FastifyInstance, ctx: AuthServices): Promise<void> {
  const { users, sessions, sms, captcha, now, limits } = ctx;

  async function startSession(userId: number, pinnedTenant: number | null): Promise<string> {
    const tenantId = pinnedTenant ?? (await users.defaultTenant(userId));
    if (tenantId === undefined) throw forbidden('该账号未加入任何租户，请联系管理员');
    return sessions.create(userId, tenantId);
  }

  route(api, declared.smsCode, async (request) => {
    const { phonenumber } = request.query;
    await limits.attempt([{ rule: RATE_LIMITS.smsSendPerAddress, subject: request.ip }]);
    const user = await users.activeUserByPhone(phonenumber);
    // The same answer whether the phone has an account or not, so nobody learns which numbers do.
    await sms.send(phonenumber, { deliver: Boolean(user) });
    if (!user) request.log.info({ reqId: request.id, phone: phonenumber }, '未注册的手机号请求验证码，未发送');
    return ok(undefined, {}, '验证码已发送');
  });

  route(api, declared.smsLogin, async (request) => {
    const { phonenumber, smsCode } = request.body;
    const attempt = await limits.attempt([{ rule: RATE_LIMITS.smsLoginPerAddress, subject: request.ip }]);
    // The code is checked first: a phone without an account fails exactly like a wrong code.
    await sms.verify(phonenumber, smsCode);
    const user = await users.activeUserByPhone(phonenumber);
    if (!user) throw badRequest('验证码错误');
    await attempt.forgive();
    return ok(undefined, { token: await startSession(user.user_id, null) }, '登录成功');
  });

  route(api, declared.captchaImage, async () => {
    const { uuid, img } = await captcha.create();
    return ok(undefined, { captchaEnabled: true, uuid, img });
  });

  route(api, declared.login, async (request) => {
    const { username, password, code, uuid } = request.body;
    // Counted per user name and per address before anything is checked (parallel guesses count
    // against each other); only a wrong password stays counted.
    const attempt = await limits.attempt([
      { rule: RATE_LIMITS.passwordPerUser, subject: username },
      { rule: RATE_LIMITS.passwordPerAddress, subject: request.ip },
    ]);
    try {
      await captcha.verify(uuid, code);
    } catch (error) {
      await attempt.forgive();
      throw error;
    }
    const user = await users.activeUserByName(username);
    if (!user || !(await bcrypt.compare(password, user.password_hash))) throw badRequest('用户不存在或密码错误');
    await attempt.forgive();
    return ok(undefined, { token: await startSession(user.user_id, null) }, '登录成功');
  });

  route(api, declared.authCodeLogin, async (request) => {
    const authCode = request.query.authCode.trim();
    if (!authCode) throw badRequest('请输入有效授权码');
    const codeHash = sha256(authCode);
    // Counted before the code is looked up (parallel guesses count against each other); a good code is forgiven.
    const attempt = await limits.attempt([
      { rule: RATE_LIMITS.authCodePerAddress, subject: request.ip },
      { rule: RATE_LIMITS.authCodePerCode, subject: codeHash },
    ]);
    const row = await users.authCode(codeHash);
    if (!row || row.disabled || (row.expires_at !== null && row.expires_at < now())) {
      request.log.info({ reqId: request.id, ip: request.ip }, '授权码登录失败');
      throw badRequest('授权码无效或已过期');
    }
    await attempt.forgive();
    return ok(undefined, { token: await startSession(row.user_id, row.tenant_id) }, '登录成功');
  });

  // Public: logging out with an expired or unknown token still ends in 退出成功.
  route(api, declared.logout, async (request) => {
    const token = ctx.bearerToken(request);
    if (token) await sessions.revoke(token);
    return ok(undefined, {}, '退出成功');
  });
}
