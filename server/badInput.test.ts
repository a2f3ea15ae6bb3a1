import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from './validation';
import { testServer, type TestServer } from './testing/testServer';
import { stateDigest } from './testing/stateDigest';

/**
 * The same catalogue of bad values, fed to every field of every route the server declares (its own
 * route table, so a new route is covered without editing this file), in JSON and form bodies and in
 * query strings: each must be refused with the field's own Chinese message and change nothing.
 */

interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maxLength?: number;
  minLength?: number;
  errorMessage?: string | Record<string, string>;
}
interface ObjectSchema {
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

const typesOf = (field: FieldSchema) => [field.type ?? []].flat();
const messageFor = (name: string, field: FieldSchema, rule: 'type' | 'maxLength' | 'pattern') =>
  typeof field.errorMessage === 'string'
    ? field.errorMessage
    : (field.errorMessage?.[rule] ?? field.errorMessage?.type ?? `请求参数 ${name} 不正确`);

/** A value of the right type for a field (its content may still be refused later, by the handler). */
function sample(field: FieldSchema): unknown {
  if (field.enum) return field.enum[0];
  const types = typesOf(field);
  if (types.includes('integer') && !types.includes('string')) return Math.max(1, field.minimum ?? 1);
  if (types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  if (types.includes('string')) {
    const pattern = field.pattern ? new RegExp(field.pattern) : undefined;
    const candidates = ['x', 'SMOKE', '1', '123456', '13800000001', 'alarm_status', 'x'.repeat(Math.max(1, field.minLength ?? 1))];
    return candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? 'x';
  }
  if (types.includes('object')) return {};
  if (types.includes('array')) return [];
  return 1;
}

/** About 36 KB of nesting, under the body limit: as text, since JSON.stringify itself would overflow on it. */
const DEEPLY_NESTED = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;

interface BadValue {
  label: string;
  /** JSON text of the value, for values JSON.stringify cannot write (1e400). */
  json?: string;
  value?: unknown;
  message: string;
}

/** Bad values for a field carried as JSON. */
function jsonCatalogue(name: string, field: FieldSchema): BadValue[] {
  const types = typesOf(field);
  const typeMessage = messageFor(name, field, 'type');
  const bad: BadValue[] = [{ label: 'null', value: null, message: typeMessage }];
  if (!types.includes('object')) bad.push({ label: 'an object', value: { a: 1 }, message: typeMessage });
  if (!types.includes('boolean'))
    bad.push({ label: 'true', value: true, message: typeMessage }, { label: 'false', value: false, message: typeMessage });
  if (!types.includes('array')) bad.push({ label: '[1]', value: [1], message: typeMessage });
  else bad.push({ label: '[true]', value: [true], message: typeMessage });
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric) bad.push({ label: '1e400 (Infinity)', json: '1e400', message: typeMessage });
  if (numeric && !types.includes('string'))
    bad.push({ label: '"1" (text)', value: '1', message: typeMessage }, { label: '"Infinity"', value: 'Infinity', message: typeMessage });
  if (types.includes('integer') && !types.includes('number')) bad.push({ label: '1.5', value: 1.5, message: typeMessage });
  if (!types.includes('string') && !numeric) bad.push({ label: '1', value: 1, message: typeMessage });
  if (types.includes('string') && !numeric) bad.push({ label: '12', value: 12, message: typeMessage });
  if (types.includes('string') && field.maxLength !== undefined)
    bad.push({
      label: 'too long',
      value: 'x'.repeat(field.maxLength + 1),
      message: messageFor(name, field, field.pattern ? 'pattern' : 'maxLength'),
    });
  if (types.includes('object'))
    bad.push({ label: 'nested 6000 deep', json: DEEPLY_NESTED, message: `请求参数嵌套过深（最多 ${MAX_JSON_DEPTH} 层）` });
  return bad;
}

/** Bad values for a field carried as text (query string, path, form body); arrays are repeated fields. */
function textCatalogue(name: string, field: FieldSchema, inPath: boolean): BadValue[] {
  const types = typesOf(field);
  const typeMessage = messageFor(name, field, 'type');
  const bad: BadValue[] = [];
  if (!inPath && !types.includes('array')) bad.push({ label: 'repeated', value: ['1', '2'], message: typeMessage });
  if ((types.includes('integer') || types.includes('number')) && !types.includes('string')) {
    for (const text of ['Infinity', '-Infinity', 'NaN', '1e3', '0x10', ' 5', 'abc', '99999999999999999999'])
      bad.push({ label: JSON.stringify(text), value: text, message: typeMessage });
    if (!inPath) bad.push({ label: 'empty', value: '', message: typeMessage });
    if (!types.includes('number')) bad.push({ label: '"1.5"', value: '1.5', message: typeMessage });
  }
  if (types.includes('boolean'))
    for (const text of ['yes', '1']) bad.push({ label: JSON.stringify(text), value: text, message: typeMessage });
  if (types.includes('string') && field.pattern && types.length > 1)
    bad.push({ label: '"a,b"', value: 'a,b', message: messageFor(name, field, 'pattern') });
  if (types.includes('string') && field.maxLength !== undefined && !inPath)
    bad.push({
      label: 'too long',
      value: 'x'.repeat(field.maxLength + 1),
      message: messageFor(name, field, field.pattern ? 'pattern' : 'maxLength'),
    });
  return bad;
}

const toQuery = (values: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) for (const item of [value].flat()) search.append(key, String(item));
  return search.toString();
};

describe('every route refuses the catalogue of bad values', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await testServer({ smsDevEndpoint: true });
    token = await server.login('ADMIN-2026-DEMO');
  });
  afterAll(async () => server.close());

  it("with the field's own message, never a 500 or a stack, and nothing changes", async () => {
    const routes = server.services.routeTable.filter((route) => !route.websocket);
    const checked: string[] = [];
    const mismatches: string[] = [];
    for (const route of routes) {
      const before = await stateDigest(server.services.ctx.db);
      const parts = route.schema as { querystring?: ObjectSchema; params?: ObjectSchema; body?: ObjectSchema };
      const base = (schema: ObjectSchema | undefined) =>
        Object.fromEntries((schema?.required ?? []).map((name) => [name, sample(schema!.properties?.[name] ?? {})]));
      const path = (params: Record<string, unknown>) =>
        route.url.replace(/^\/api/, '').replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(String(params[name] ?? '1')));
      const send = async (where: 'querystring' | 'params' | 'json' | 'form', name: string, bad: BadValue) => {
        const query = { ...base(parts.querystring), ...(where === 'querystring' ? { [name]: bad.value } : {}) };
        const params = { ...base(parts.params), ...(where === 'params' ? { [name]: bad.value } : {}) };
        const body = { ...base(parts.body), ...(where === 'json' || where === 'form' ? { [name]: bad.value } : {}) };
        const search = toQuery(query);
        const url = `/api${path(params)}${search ? `?${search}` : ''}`;
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        let payload: string | undefined;
        if (route.method !== 'GET') {
          if (where === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = toQuery(body);
          } else {
            headers['content-type'] = 'application/json';
            const others = Object.entries(body).filter(([key]) => key !== name);
            payload =
              bad.json !== undefined && where === 'json'
                ? `{${[...others.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`), `${JSON.stringify(name)}:${bad.json}`].join(',')}}`
                : JSON.stringify(body);
          }
        }
        const reply = await server.app.inject({
          method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        const answer = reply.json() as { code: number; msg: string };
        checked.push(`${route.method} ${route.url} ${where} ${name} ${bad.label}`);
        if (answer.code !== 400 || answer.msg !== bad.message)
          mismatches.push(
            `${route.method} ${route.url} ${where} ${name} = ${bad.label}: ${answer.code} ${answer.msg} (expected ${bad.message})`,
          );
        expect(reply.body).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
      };
      for (const [name, field] of Object.entries(parts.querystring?.properties ?? {}))
        for (const bad of textCatalogue(name, field, false)) await send('querystring', name, bad);
      for (const [name, field] of Object.entries(parts.params?.properties ?? {}))
        for (const bad of textCatalogue(name, field, true)) await send('params', name, bad);
      for (const [name, field] of Object.entries(parts.body?.properties ?? {})) {
        for (const bad of jsonCatalogue(name, field)) await send('json', name, bad);
        for (const bad of textCatalogue(name, field, false)) await send('form', name, bad);
      }
      expect(await stateDigest(server.services.ctx.db), `${route.method} ${route.url} changed something`).toBe(before);
    }
    expect(mismatches).toEqual([]);
    // The catalogue reached the fields of the routes that take input.
    expect(checked.length).toBeGreaterThan(500);
    for (const route of [
      '/api/device/control/execute',
      '/api/devi/aep/position',
      '/api/tenantLogin',
      '/api/devi/aep/child',
      '/api/alarm/detail/:alarmId',
    ])
      expect(
        checked.some((line) => line.includes(` ${route} `)),
        route,
      ).toBe(true);
  }, 180_000);

  it('answers a body that is not an object, or a JSON body nested too deep, with a clear message', async () => {
    const post = (payload: string) =>
      server.app
        .inject({
          method: 'POST',
          url: '/api/device/control/execute',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        })
        .then((reply) => reply.json() as { code: number; msg: string });
    expect(await post('[1,2]')).toEqual({ code: 400, msg: '请求参数格式不正确' });
    expect(await post('"text"')).toEqual({ code: 400, msg: '请求参数格式不正确' });
    expect(await post('{"command": 1, "deviceIds": "1", "params": ' + '['.repeat(20000) + ']'.repeat(20000) + '}')).toEqual({
      code: 400,
      msg: `请求参数嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`,
    });
    // Deep params as JSON text in a form body are checked before anything serialises them (the old 500).
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/device/control/execute',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: toQuery({
        command: 1,
        deviceType: 'DEVICE_LAMPPOST',
        commandType: 'light',
        deviceIds: '1',
        params: '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
      }),
    });
    expect(form.json()).toEqual({ code: 400, msg: `请求参数嵌套过深（最多 ${MAX_JSON_DEPTH} 层）` });
  });
});
