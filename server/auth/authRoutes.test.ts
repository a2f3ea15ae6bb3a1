import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import { setupTestServer, testServer, type TestServer } from '../testing/testServer';

let server: TestServer;
setupTestServer((created) => {
  server = created;
});

const OPERATOR = '13800000001';
const MINUTE = 60_000;

describe('GET /captchaSms', () => {
  it('sends a 6-digit code to a registered phone, stored only hashed', async () => {
    const { body } = await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}&noCache=1`);
    expect(body).toEqual({ code: 200, msg: '验证码已发送' });
    const code = server.lastCode(OPERATOR)!;
    expect(code).toMatch(/^\d{6}$/);
    const rows = await server.services.ctx.db.selectFrom('sms_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it.each([
    ['', '请输入手机号码'],
    ['?phonenumber=', '请输入手机号码'],
    ['?phonenumber=12800000000', '请输入有效的手机号码'],
    ['?phonenumber=1380000000', '请输入有效的手机号码'],
    ['?phonenumber=138000000011', '请输入有效的手机号码'],
    ['?phonenumber=abc', '请输入有效的手机号码'],
  ])('refuses %s with %s and sends nothing', async (query, msg) => {
    const { status, body } = await server.api('GET', `/captchaSms${query}`);
    expect(status).toBe(200);
    expect(body.code).toBeGreaterThanOrEqual(400);
    expect(body.msg).toBe(msg);
    expect(server.sent).toEqual([]);
  });

  it('holds a 60 s cooldown per phone, with the seconds left', async () => {
    await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    server.advance(20_500);
    const { body } = await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    expect(body).toEqual({ code: 429, msg: '请在 40 秒后重新获取验证码' });
    expect(server.sent).toHaveLength(1);
    server.advance(40_000);
    expect((await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`)).body.code).toBe(200);
  });

  it('allows at most 5 sends per phone in 10 minutes', async () => {
    for (let send = 0; send < 5; send++) {
      expect((await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`)).body.code).toBe(200);
      server.advance(61_000);
    }
    const sixth = await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    expect(sixth.body).toEqual({ code: 429, msg: '验证码获取过于频繁，请 10 分钟后再试' });
    expect(server.sent).toHaveLength(5);
    server.advance(10 * MINUTE);
    expect((await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`)).body.code).toBe(200);
  });
});

describe('POST /smsLogin', () => {
  const send = async () => {
    await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    return server.lastCode(OPERATOR)!;
  };

  it('logs in with the right code (form-urlencoded or JSON) and returns a token', async () => {
    const code = await send();
    const { body } = await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } });
    expect(body.code).toBe(200);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    server.advance(61_000);
    const second = await send();
    expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: second }, json: true })).body.code).toBe(200);
  });

  it('uses a code once', async () => {
    const code = await send();
    await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } });
    expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } })).body).toEqual({
      code: 400,
      msg: '验证码已失效，请重新获取',
    });
  });

  it('expires a code after 5 minutes', async () => {
    const code = await send();
    server.advance(5 * MINUTE + 1);
    expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } })).body).toEqual({
      code: 400,
      msg: '验证码已失效，请重新获取',
    });
  });

  it('allows at most 5 checks per code, even with the right code after that', async () => {
    const code = await send();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let check = 0; check < 5; check++) {
      expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: wrong } })).body).toEqual({
        code: 400,
        msg: '验证码错误',
      });
    }
    expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } })).body).toEqual({
      code: 400,
      msg: '验证码错误次数过多，请重新获取',
    });
  });

  it('only the newest code of a phone is valid', async () => {
    const first = await send();
    server.advance(61_000);
    const second = await send();
    if (first !== second)
      expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: first } })).body.code).toBe(400);
    expect((await server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: second } })).body.code).toBe(200);
  });

  it.each([
    [{ phonenumber: OPERATOR }, '请输入验证码'],
    [{ phonenumber: OPERATOR, smsCode: '' }, '请输入验证码'],
    [{ smsCode: '123456' }, '请输入手机号码'],
    [{ phonenumber: '999', smsCode: '123456' }, '请输入有效的手机号码'],
    [{ phonenumber: OPERATOR, smsCode: '12ab56' }, '验证码错误'],
  ])('refuses %o with %s', async (body, msg) => {
    expect((await server.api('POST', '/smsLogin', { body })).body).toMatchObject({ code: 400, msg });
  });

  it.each([
    [{ phonenumber: [OPERATOR], smsCode: '123456' }, '请输入有效的手机号码'],
    [{ phonenumber: { n: OPERATOR }, smsCode: '123456' }, '请输入有效的手机号码'],
    [{ phonenumber: OPERATOR, smsCode: ['123456'] }, '验证码错误'],
  ])('refuses the JSON body %j with %s and checks no code', async (body, msg) => {
    await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    expect((await server.api('POST', '/smsLogin', { body, json: true })).body).toEqual({ code: 400, msg });
    const row = await server.services.ctx.db.selectFrom('sms_codes').select('checks').executeTakeFirstOrThrow();
    expect(row.checks).toBe(0);
  });

  it('refuses a JSON body of the wrong shape and a body over the size limit, without a stack', async () => {
    const array = await server.app.inject({
      method: 'POST',
      url: '/api/smsLogin',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.json()).toMatchObject({ code: 400 });
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/smsLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"phonenumber":',
    });
    expect(broken.json()).toEqual({ code: 400, msg: '请求体格式不正确' });
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/smsLogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phonenumber: 'x'.repeat(70_000) }),
    });
    expect(huge.json()).toEqual({ code: 413, msg: '请求体过大' });
  });
});

describe('image captcha and password login', () => {
  it('serves an SVG captcha without the answer as text and logs in with it', async () => {
    const captcha = await server.services.ctx.captcha.create();
    const svg = Buffer.from(captcha.img, 'base64').toString();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<text');
    const { body } = await server.api('POST', '/login', {
      body: { username: 'operator', password: 'Operator@2026', code: captcha.answer, uuid: captcha.uuid },
    });
    expect(body.code).toBe(200);
    expect(typeof body.token).toBe('string');
    const reused = await server.api('POST', '/login', {
      body: { username: 'operator', password: 'Operator@2026', code: captcha.answer, uuid: captcha.uuid },
    });
    expect(reused.body).toEqual({ code: 400, msg: '验证码已失效' });
  });

  it('GET /captchaImage returns uuid and image', async () => {
    const { body } = await server.api('GET', '/captchaImage');
    expect(body).toMatchObject({ code: 200, captchaEnabled: true });
    expect(typeof body.uuid).toBe('string');
    expect(Buffer.from(String(body.img), 'base64').toString()).toContain('<svg');
  });

  it('refuses a wrong captcha, an expired one and a wrong password, and locks after 5 failures', async () => {
    const wrongCaptcha = await server.services.ctx.captcha.create();
    expect(
      (
        await server.api('POST', '/login', {
          body: { username: 'operator', password: 'x', code: wrongCaptcha.answer === '0000' ? '1111' : '0000', uuid: wrongCaptcha.uuid },
        })
      ).body,
    ).toEqual({ code: 400, msg: '验证码错误' });
    const old = await server.services.ctx.captcha.create();
    server.advance(2 * MINUTE + 1);
    expect(
      (await server.api('POST', '/login', { body: { username: 'operator', password: 'x', code: old.answer, uuid: old.uuid } })).body,
    ).toEqual({ code: 400, msg: '验证码已失效' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const captcha = await server.services.ctx.captcha.create();
      expect(
        (
          await server.api('POST', '/login', {
            body: { username: 'operator', password: 'wrong', code: captcha.answer, uuid: captcha.uuid },
          })
        ).body,
      ).toEqual({ code: 400, msg: '用户不存在或密码错误' });
    }
    const captcha = await server.services.ctx.captcha.create();
    expect(
      (
        await server.api('POST', '/login', {
          body: { username: 'operator', password: 'Operator@2026', code: captcha.answer, uuid: captcha.uuid },
        })
      ).body,
    ).toEqual({ code: 429, msg: '密码错误次数过多，请 10 分钟后再试' });
  });

  it('requires every field', async () => {
    expect((await server.api('POST', '/login', { body: { username: 'operator' } })).body).toMatchObject({ code: 400, msg: '请输入密码' });
  });
});

describe('GET /authCodeLogin', () => {
  it('logs in with a trimmed authorization code', async () => {
    const { body } = await server.api('GET', `/authCodeLogin?authCode=${encodeURIComponent('  OPER-2026-DEMO ')}`);
    expect(body.code).toBe(200);
  });

  it.each([
    ['', '请输入有效授权码'],
    ['?authCode=', '请输入有效授权码'],
    ['?authCode=%20%20', '请输入有效授权码'],
    ['?authCode=NOPE', '授权码无效或已过期'],
    ['?authCode=EXPIRED-2026-DEMO', '授权码无效或已过期'],
  ])('refuses %s with %s', async (query, msg) => {
    expect((await server.api('GET', `/authCodeLogin${query}`)).body).toMatchObject({ code: 400, msg });
  });
});

describe('sessions', () => {
  it('accepts a token, slides its 30-minute idle expiry, and refuses it after 30 idle minutes', async () => {
    const token = await server.login();
    server.advance(29 * MINUTE);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    server.advance(29 * MINUTE);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    server.advance(30 * MINUTE + 1);
    expect((await server.api('GET', '/getInfo', { token })).body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('ends every session 12 hours after login, however active', async () => {
    const token = await server.login();
    for (let hour = 0; hour < 12 * 4 - 1; hour++) {
      server.advance(15 * MINUTE);
      expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    }
    server.advance(15 * MINUTE + 1);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(401);
  });

  it('revokes on logout, tells listeners, and refuses the token afterwards', async () => {
    const token = await server.login();
    const revoked: number[] = [];
    server.services.ctx.sessions.onDidRevoke(({ userId }) => revoked.push(userId));
    expect((await server.api('POST', '/logout', { token })).body).toEqual({ code: 200, msg: '退出成功' });
    expect(revoked).toEqual([2]);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(401);
    expect((await server.api('POST', '/logout')).body.code).toBe(200);
  });

  it.each([[undefined], ['garbage'], ['Bearer']])('refuses a missing or unknown token (%s)', async (header) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/getInfo', headers: header ? { authorization: header } : {} });
    expect(response.json()).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('stores only hashes of tokens', async () => {
    const token = await server.login();
    const rows = await server.services.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('limits under parallel requests', () => {
  it('sends one SMS code however many requests arrive at once', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`)));
    expect(replies.filter(({ body }) => body.code === 200)).toHaveLength(1);
    expect(replies.filter(({ body }) => body.code === 429)).toHaveLength(9);
    expect(server.sent).toHaveLength(1);
  });

  it('counts parallel guesses of an SMS code: never more than 5 checks', async () => {
    await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    const code = server.lastCode(OPERATOR)!;
    const guesses = Array.from({ length: 30 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    // The right code arrives among the guesses, after the 5 checks are taken.
    const replies = await Promise.all(
      [...guesses, code].map((smsCode) => server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode } })),
    );
    expect(replies.filter(({ body }) => body.msg === '验证码错误')).toHaveLength(5);
    expect(replies.filter(({ body }) => body.code === 200)).toHaveLength(0);
    const row = await server.services.ctx.db.selectFrom('sms_codes').select('checks').executeTakeFirstOrThrow();
    expect(row.checks).toBe(5);
  });

  it('lets the right SMS code in once, even when sent twice at once', async () => {
    await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`);
    const code = server.lastCode(OPERATOR)!;
    const replies = await Promise.all(
      [1, 2, 3].map(() => server.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: code } })),
    );
    expect(replies.filter(({ body }) => body.code === 200)).toHaveLength(1);
  });

  it('uses an image captcha once, even when sent in parallel', async () => {
    const captcha = await server.services.ctx.captcha.create();
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() =>
        server.api('POST', '/login', {
          body: { username: 'operator', password: 'Operator@2026', code: captcha.answer, uuid: captcha.uuid },
        }),
      ),
    );
    expect(replies.filter(({ body }) => body.code === 200)).toHaveLength(1);
    expect(replies.filter(({ body }) => body.msg === '验证码已失效')).toHaveLength(3);
  });

  it('allows no more than 5 wrong passwords however they are spread in parallel', async () => {
    const captchas = await Promise.all(Array.from({ length: 12 }, () => server.services.ctx.captcha.create()));
    const replies = await Promise.all(
      captchas.map((captcha) =>
        server.api('POST', '/login', { body: { username: 'operator', password: 'wrong', code: captcha.answer, uuid: captcha.uuid } }),
      ),
    );
    expect(replies.filter(({ body }) => body.msg === '用户不存在或密码错误').length).toBeLessThanOrEqual(5);
    expect(replies.filter(({ body }) => body.code === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('does not count successful logins or captcha mistakes as password failures, and lifts the lock after 10 minutes', async () => {
    const attempt = async (password: string, rightCaptcha = true) => {
      const captcha = await server.services.ctx.captcha.create();
      const code = rightCaptcha ? captcha.answer : captcha.answer === '0000' ? '1111' : '0000';
      return (await server.api('POST', '/login', { body: { username: 'operator', password, code, uuid: captcha.uuid } })).body;
    };
    for (let round = 0; round < 6; round++) {
      expect((await attempt('Operator@2026')).code).toBe(200);
      expect((await attempt('Operator@2026', false)).msg).toBe('验证码错误');
    }
    for (let round = 0; round < 5; round++) expect((await attempt('wrong')).code).toBe(400);
    expect((await attempt('Operator@2026')).code).toBe(429);
    server.advance(10 * MINUTE + 1);
    expect((await attempt('Operator@2026')).code).toBe(200);
  });
});

describe('answers that tell a stranger nothing', () => {
  it('answers an unknown phone exactly as a registered one, sends it nothing and logs which it was', async () => {
    const lines: string[] = [];
    const logged = await testServer({ logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    try {
      const unknown = '13900000009';
      const replies = [
        await logged.api('GET', `/captchaSms?phonenumber=${OPERATOR}`),
        await logged.api('GET', `/captchaSms?phonenumber=${unknown}`),
      ];
      expect(replies.map(({ body }) => body)).toEqual([
        { code: 200, msg: '验证码已发送' },
        { code: 200, msg: '验证码已发送' },
      ]);
      expect(logged.sent.map((entry) => entry.phone)).toEqual([OPERATOR]);
      expect(lines.some((line) => line.includes('未注册的手机号请求验证码，未发送') && line.includes(unknown))).toBe(true);
      // The cooldown, and a wrong code at login, read the same too.
      const again = [
        await logged.api('GET', `/captchaSms?phonenumber=${OPERATOR}`),
        await logged.api('GET', `/captchaSms?phonenumber=${unknown}`),
      ];
      expect(again[1]!.body).toEqual(again[0]!.body);
      expect(again[0]!.body.code).toBe(429);
      const wrongCode = logged.lastCode(OPERATOR) === '000000' ? '111111' : '000000';
      const logins = [
        await logged.api('POST', '/smsLogin', { body: { phonenumber: OPERATOR, smsCode: wrongCode } }),
        await logged.api('POST', '/smsLogin', { body: { phonenumber: unknown, smsCode: wrongCode } }),
      ];
      expect(logins[1]!.body).toEqual(logins[0]!.body);
      expect(logins[0]!.body).toEqual({ code: 400, msg: '验证码错误' });
      // A phone that never asked for a code reads like a registered phone that did not either.
      const never = [
        await logged.api('POST', '/smsLogin', { body: { phonenumber: '13800000003', smsCode: '123456' } }),
        await logged.api('POST', '/smsLogin', { body: { phonenumber: '13900000008', smsCode: '123456' } }),
      ];
      expect(never[1]!.body).toEqual(never[0]!.body);
    } finally {
      await logged.close();
    }
  });
});

describe('authorization-code guessing', () => {
  const guess = (index: number, remoteAddress = '203.0.113.7') =>
    server.api('GET', `/authCodeLogin?authCode=GUESS-${index}`, { remoteAddress });

  it('locks an address out after 10 wrong codes in 10 minutes, the right code included, and lets it in again after', async () => {
    for (let index = 0; index < 10; index++) expect((await guess(index)).body).toMatchObject({ code: 400, msg: '授权码无效或已过期' });
    expect((await guess(10)).body).toEqual({ code: 429, msg: '授权码错误次数过多，请 10 分钟后再试' });
    expect((await server.api('GET', '/authCodeLogin?authCode=OPER-2026-DEMO', { remoteAddress: '203.0.113.7' })).body).toEqual({
      code: 429,
      msg: '授权码错误次数过多，请 10 分钟后再试',
    });
    // Another address is not affected.
    expect((await server.api('GET', '/authCodeLogin?authCode=OPER-2026-DEMO', { remoteAddress: '198.51.100.2' })).body.code).toBe(200);
    server.advance(10 * MINUTE + 1);
    expect((await server.api('GET', '/authCodeLogin?authCode=OPER-2026-DEMO', { remoteAddress: '203.0.113.7' })).body.code).toBe(200);
  });

  it('lets no more than 10 of 40 parallel guesses through', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => guess(index)));
    expect(replies.filter(({ body }) => body.msg === '授权码无效或已过期').length).toBeLessThanOrEqual(10);
    expect(replies.filter(({ body }) => body.code === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('limits one code tried from many addresses (an expired code stays refused and stops being tried)', async () => {
    for (let index = 0; index < 5; index++)
      expect(
        (await server.api('GET', '/authCodeLogin?authCode=EXPIRED-2026-DEMO', { remoteAddress: `198.51.100.${index + 10}` })).body.code,
      ).toBe(400);
    expect((await server.api('GET', '/authCodeLogin?authCode=EXPIRED-2026-DEMO', { remoteAddress: '198.51.100.99' })).body.code).toBe(429);
  });

  it('does not count good codes', async () => {
    for (let index = 0; index < 25; index++)
      expect((await server.api('GET', '/authCodeLogin?authCode=OPER-2026-DEMO', { remoteAddress: '203.0.113.9' })).body.code).toBe(200);
    for (let index = 0; index < 10; index++) expect((await guess(index, '203.0.113.9')).body.code).toBe(400);
  });

  it('keeps the lockout across a restart of the server (stored, not in memory)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-limit-'));
    const at = Date.UTC(2026, 10, 22, 8, 0, 0);
    const start = async () => (await createServer({ dataDir, clock: () => at, smsProvider: { send: async () => undefined } })).app;
    const ask = (app: FastifyInstance, code: string) =>
      app
        .inject({ method: 'GET', url: `/api/authCodeLogin?authCode=${code}`, remoteAddress: '203.0.113.50' })
        .then((reply) => reply.json() as { code: number });
    try {
      const first = await start();
      for (let index = 0; index < 10; index++) expect((await ask(first, `GUESS-${index}`)).code).toBe(400);
      await first.close();
      const second = await start();
      expect((await ask(second, 'OPER-2026-DEMO')).code).toBe(429);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('per-address limits of the other login paths', () => {
  it('stops an address after 20 wrong passwords spread over many user names', async () => {
    const attempt = async (username: string) => {
      const captcha = await server.services.ctx.captcha.create();
      return (
        await server.api('POST', '/login', {
          body: { username, password: 'wrong', code: captcha.answer, uuid: captcha.uuid },
          remoteAddress: '203.0.113.20',
        })
      ).body;
    };
    for (let index = 0; index < 20; index++) expect((await attempt(`user${index}`)).msg).toBe('用户不存在或密码错误');
    expect(await attempt('operator')).toEqual({ code: 429, msg: '登录失败次数过多，请 10 分钟后再试' });
  });

  it('stops an address after 20 SMS sends in 10 minutes, whichever phones they went to', async () => {
    for (let index = 0; index < 20; index++)
      expect(
        (await server.api('GET', `/captchaSms?phonenumber=139000000${String(index).padStart(2, '0')}`, { remoteAddress: '203.0.113.30' }))
          .body.code,
      ).toBe(200);
    expect((await server.api('GET', `/captchaSms?phonenumber=${OPERATOR}`, { remoteAddress: '203.0.113.30' })).body).toEqual({
      code: 429,
      msg: '验证码获取过于频繁，请 10 分钟后再试',
    });
    expect(server.sent).toEqual([]);
  });
});
