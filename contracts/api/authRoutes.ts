/** Logins (SMS code, image captcha + password, authorization code) and logout: public, before a session exists. */
import { defineRoute, messageReply, replyOf, type MessageEnvelope } from './defineRoute';
import { access } from './routeAccess';
import { fields, PHONE_PATTERN, stringField } from './schemas';

const beforeLogin = access.public('登录前使用');
const phone = stringField({ required: '请输入手机号码', pattern: '请输入有效的手机号码' }, { pattern: PHONE_PATTERN, maxLength: 11 });

/** A login's reply: the token at the top level (this server) or in `data.token` (some RuoYi backends; DESIGN.md). */
export type LoginReply = MessageEnvelope & { token?: string; data?: { token?: string } };
const loginReply = replyOf<LoginReply>();

export const authRoutes = {
  smsCode: defineRoute({
    method: 'GET',
    path: '/captchaSms',
    query: fields({ phonenumber: phone }, { phonenumber: '请输入手机号码' }),
    reply: messageReply(),
    access: beforeLogin,
  }),
  smsLogin: defineRoute({
    method: 'POST',
    path: '/smsLogin',
    body: fields(
      {
        phonenumber: phone,
        smsCode: stringField({ required: '请输入验证码', pattern: '验证码错误' }, { pattern: '^\\d{6}$', maxLength: 6 }),
      },
      { phonenumber: '请输入手机号码', smsCode: '请输入验证码' },
    ),
    reply: loginReply,
    access: beforeLogin,
  }),
  captchaImage: defineRoute({
    method: 'GET',
    path: '/captchaImage',
    reply: messageReply<{ captchaEnabled: boolean; uuid: string; img: string }>(),
    access: beforeLogin,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/login',
    body: fields(
      {
        username: stringField({ required: '请输入用户名' }, { maxLength: 64 }),
        password: stringField({ required: '请输入密码' }, { maxLength: 128 }),
        code: stringField({ required: '请输入验证码' }, { maxLength: 8 }),
        uuid: stringField({ required: '验证码已失效' }, { maxLength: 64 }),
      },
      { username: '请输入用户名', password: '请输入密码', code: '请输入验证码', uuid: '验证码已失效' },
    ),
    reply: loginReply,
    access: beforeLogin,
  }),
  authCodeLogin: defineRoute({
    method: 'GET',
    path: '/authCodeLogin',
    query: fields({ authCode: stringField({ required: '请输入有效授权码' }, { maxLength: 128 }) }, { authCode: '请输入有效授权码' }),
    reply: loginReply,
    access: beforeLogin,
  }),
  // Public: logging out with an expired or unknown token still ends in 退出成功.
  logout: defineRoute({ method: 'POST', path: '/logout', reply: messageReply(), access: access.public('会话已失效时也可退出') }),
};
