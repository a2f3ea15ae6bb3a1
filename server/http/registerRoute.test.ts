import Fastify, { type FastifyRequest } from 'fastify';
import ajvErrors from 'ajv-errors';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { dataReply, defineRoute } from '../../contracts/api/defineRoute';
import { access } from '../../contracts/api/routeAccess';
import { fields, id, pathParams, text } from '../../contracts/api/schemas';
import { formatSchemaErrors, normalizeInput } from '../validation';
import { route } from './registerRoute';
import { sessionOf } from './sessionOf';

const rename = defineRoute({
  method: 'POST',
  path: '/things/:thingId/rename',
  params: pathParams({ thingId: id('物品编号') }),
  body: fields({ name: text('名称', 20, true), note: text('备注', 50) }, { name: '请填写名称' }),
  bodyEncoding: 'json',
  reply: dataReply<{ thingId: number; name: string }>(),
  access: access.session,
});

async function server() {
  const app = Fastify({
    ajv: { customOptions: { allErrors: true, coerceTypes: false }, plugins: [ajvErrors as never] },
    schemaErrorFormatter: formatSchemaErrors,
  });
  app.addHook('preValidation', normalizeInput);
  const registered: unknown[] = [];
  app.addHook('onRoute', (options) => void registered.push({ url: options.url, method: options.method, access: options.config?.access }));
  route(app, rename, async (request) => {
    // The handler's request parts have the declared types.
    expectTypeOf(request.body).toEqualTypeOf<{ name: string; note?: string }>();
    expectTypeOf(request.params).toEqualTypeOf<{ thingId: number }>();
    return { code: 200, msg: '操作成功', data: { thingId: request.params.thingId, name: request.body.name.trim() } };
  });
  return { app, registered };
}

describe('route(api, declaration, handler)', () => {
  it('registers the declared path, method, access and input schemas, and validates with their Chinese messages', async () => {
    const { app, registered } = await server();
    expect(registered).toEqual([{ url: '/things/:thingId/rename', method: 'POST', access: { kind: 'session' } }]);
    const renamed = await app.inject({ method: 'POST', url: '/things/4/rename', payload: { name: ' 灯 ' } });
    expect(renamed.json()).toEqual({ code: 200, msg: '操作成功', data: { thingId: 4, name: '灯' } });
    const refused = await app.inject({ method: 'POST', url: '/things/4/rename', payload: { note: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: '请填写名称' });
    await app.close();
  });

  it('refuses, at compile time, a handler that reads an undeclared field or answers with another reply', () => {
    const app = Fastify();
    const wrongHandlers = () => {
      // @ts-expect-error `title` is not a field of the body (the contract calls it name).
      route(app, rename, async (request) => ({ code: 200, msg: '', data: { thingId: 1, name: request.body.title } }));
      // @ts-expect-error the declared reply carries a thingId number.
      route(app, rename, async () => ({ code: 200, msg: '', data: { thingId: '1', name: 'x' } }));
    };
    expect(wrongHandlers).toBeTypeOf('function');
  });

  it('sessionOf: a request without a session is a 401, never a crash', () => {
    const withoutSession: Pick<FastifyRequest, 'session'> = {};
    expect(() => sessionOf(withoutSession)).toThrow('登录状态已过期');
  });
});
