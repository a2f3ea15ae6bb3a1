import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, ok, tooMany } from '../envelope';
import { sha256 } from '../auth/secrets';
import { objectSchema, PHONE_PATTERN, stringField } from '../validation';
import type { ServerContext } from '../ServerContext';

const LOGIN_FAILURE_WINDOW_MS = 10 * 60_000;
const LOGIN_MAX_FAILURES = 5;

const phone = stringField({ required: '请输入手机号码', pattern: '请输入有效的手机号码' }, { pattern: PHONE_PATTERN, maxLength: 11 });

/** Login by SMS code, image captcha + password, or authorization code; logout. */
export async function authRoutes(api: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, sessions, sms, captcha, now } = ctx;

  async function startSession(userId: number, pinnedTenant: number | null): Promise<string> {
    const memberships = await db.selectFrom('user_tenants').select(['tenant_id', 'is_default']).where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('tenant_id').execute();
    const tenantId = pinnedTenant ?? memberships[0]?.tenant_id;
    if (tenantId === undefined) throw forbidden('该账号未加入任何租户，请联系管理员');
    return sessions.create(userId, tenantId);
  }

  api.get('/captchaSms', { schema: { querystring: objectSchema({ phonenumber: phone }, { phonenumber: '请输入手机号码' }) } }, async (request) => {
    const { phonenumber } = request.query as { phonenumber: string };
    const user = await db.selectFrom('users').select('user_id').where('phonenumber', '=', phonenumber).where('status', '=', '0').executeTakeFirst();
    if (!user) throw badRequest('该手机号未注册');
    await sms.send(phonenumber);
    return ok(undefined, {}, '验证码已发送');
  });

  api.post(
    '/smsLogin',
    {
      schema: {
        body: objectSchema(
          { phonenumber: phone, smsCode: stringField({ required: '请输入验证码', pattern: '验证码错误' }, { pattern: '^\\d{6}$', maxLength: 6 }) },
          { phonenumber: '请输入手机号码', smsCode: '请输入验证码' },
        ),
      },
    },
    async (request) => {
      const { phonenumber, smsCode } = request.body as { phonenumber: string; smsCode: string };
      const user = await db.selectFrom('users').select('user_id').where('phonenumber', '=', phonenumber).where('status', '=', '0').executeTakeFirst();
      if (!user) throw badRequest('该手机号未注册');
      await sms.verify(phonenumber, smsCode);
      return ok(undefined, { token: await startSession(user.user_id, null) }, '登录成功');
    },
  );

  api.get('/captchaImage', async () => {
    const { uuid, img } = await captcha.create();
    return ok(undefined, { captchaEnabled: true, uuid, img });
  });

  api.post(
    '/login',
    {
      schema: {
        body: objectSchema(
          {
            username: stringField({ required: '请输入用户名' }, { maxLength: 64 }),
            password: stringField({ required: '请输入密码' }, { maxLength: 128 }),
            code: stringField({ required: '请输入验证码' }, { maxLength: 8 }),
            uuid: stringField({ required: '验证码已失效' }, { maxLength: 64 }),
          },
          { username: '请输入用户名', password: '请输入密码', code: '请输入验证码', uuid: '验证码已失效' },
        ),
      },
    },
    async (request) => {
      const { username, password, code, uuid } = request.body as { username: string; password: string; code: string; uuid: string };
      const at = now();
      await db.deleteFrom('login_failures').where('at', '<=', at - LOGIN_FAILURE_WINDOW_MS).execute();
      // The attempt is written down before it is checked, so parallel guesses count against each
      // other; it is struck out again unless the password turns out wrong.
      const attempt = await db.insertInto('login_failures').values({ id: undefined, user_name: username, at }).returning('id').executeTakeFirstOrThrow();
      const strikeOut = () => db.deleteFrom('login_failures').where('id', '=', attempt.id!).execute();
      const failures = await db.selectFrom('login_failures').select(db.fn.countAll<number>().as('count')).where('user_name', '=', username).where('at', '>', at - LOGIN_FAILURE_WINDOW_MS).executeTakeFirst();
      if (Number(failures?.count ?? 0) > LOGIN_MAX_FAILURES) {
        await strikeOut();
        throw tooMany('密码错误次数过多，请 10 分钟后再试');
      }
      try {
        await captcha.verify(uuid, code);
      } catch (error) {
        await strikeOut();
        throw error;
      }
      const user = await db.selectFrom('users').select(['user_id', 'password_hash']).where('user_name', '=', username).where('status', '=', '0').executeTakeFirst();
      if (!user || !(await bcrypt.compare(password, user.password_hash))) throw badRequest('用户不存在或密码错误');
      await strikeOut();
      return ok(undefined, { token: await startSession(user.user_id, null) }, '登录成功');
    },
  );

  api.get(
    '/authCodeLogin',
    { schema: { querystring: objectSchema({ authCode: stringField({ required: '请输入有效授权码' }, { maxLength: 128 }) }, { authCode: '请输入有效授权码' }) } },
    async (request) => {
      const authCode = (request.query as { authCode: string }).authCode.trim();
      if (!authCode) throw badRequest('请输入有效授权码');
      const row = await db.selectFrom('auth_codes').selectAll().where('code_hash', '=', sha256(authCode)).executeTakeFirst();
      if (!row || row.disabled || (row.expires_at !== null && row.expires_at < now())) throw badRequest('授权码无效或已过期');
      return ok(undefined, { token: await startSession(row.user_id, row.tenant_id) }, '登录成功');
    },
  );

  api.post('/logout', async (request) => {
    const token = ctx.bearerToken(request);
    if (token) await sessions.revoke(token);
    return ok(undefined, {}, '退出成功');
  });
}
