import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { createServer } from '../createServer';
import { testServer } from '../testing/testServer';

// Numbers come from a counter row incremented in one statement (OrderCounters): concurrent requests, on
// one instance or on several sharing PostgreSQL, get distinct consecutive numbers without a gap.
const onPostgres = Boolean(inject('postgresAdminUrl'));
const COUNT = 100;
const DEVICE_NO = '/api/system/order/deviceNo?deviceType=DEVICE_VOICE&orderType=play&playType=1';

const call = async (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
  const reply = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  const answer = reply.json() as { code: number; msg: string; data: unknown };
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
};
const sequence = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const numbersOf = (values: string[]) => values.map((value) => Number(/-(\d+)$/.exec(value)?.[1])).sort((a, b) => a - b);

describe('order numbers', () => {
  it(
    `GET /system/order/deviceNo: ${COUNT} requests at once, ${COUNT} distinct consecutive numbers per tenant and type`,
    { timeout: 60_000 },
    async () => {
      const server = await testServer();
      try {
        const token = await server.login();
        const numbers = (await Promise.all(Array.from({ length: COUNT }, () => call(server.app, token, 'GET', DEVICE_NO)))) as string[];
        expect(new Set(numbers).size).toBe(COUNT);
        for (const value of numbers) expect(value).toMatch(/^BROA-PLAY-20261122-\d{5}$/);
        expect(numbersOf(numbers)).toEqual(sequence(COUNT));
        // Another type and another tenant count on their own.
        expect(await call(server.app, token, 'GET', DEVICE_NO.replace('play', 'stop'))).toBe('BROA-STOP-20261122-00001');
        const admin = await server.login('ADMIN-2026-DEMO');
        await call(server.app, admin, 'POST', '/api/tenantLogin', { tenantId: 2 });
        expect(await call(server.app, admin, 'GET', DEVICE_NO)).toBe('BROA-PLAY-20261122-00001');
        expect(await call(server.app, token, 'GET', DEVICE_NO)).toBe(`BROA-PLAY-20261122-${String(COUNT + 1).padStart(5, '0')}`);
      } finally {
        await server.close();
      }
    },
  );

  it(`work orders: ${COUNT} created at once are GD-<day>-0001 … ${COUNT} without gap or duplicate`, { timeout: 60_000 }, async () => {
    const server = await testServer();
    try {
      const token = await server.login();
      const created = (await Promise.all(
        Array.from({ length: COUNT }, (_, index) =>
          call(server.app, token, 'POST', '/api/workOrder/create', { title: `并发工单 ${index}` }),
        ),
      )) as { orderNo: string }[];
      const numbers = created.map((order) => order.orderNo);
      expect(new Set(numbers).size).toBe(COUNT);
      expect(numbersOf(numbers)).toEqual(sequence(COUNT));
      expect(numbers.every((value) => value.startsWith('GD-20261122-'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!onPostgres)(
    `two instances on one PostgreSQL database: ${COUNT} deviceNo requests and ${COUNT} work orders split between them, each numbered 1..${COUNT}`,
    { timeout: 90_000 },
    async () => {
      const first = await testServer();
      const second = await createServer({ dataDir: first.dataDir, clock: () => Date.UTC(2026, 10, 22, 8, 0, 0) });
      try {
        const token = await first.login();
        const instances = [first.app, second.app];
        const numbers = (await Promise.all(
          Array.from({ length: COUNT }, (_, index) => call(instances[index % 2]!, token, 'GET', DEVICE_NO)),
        )) as string[];
        expect(new Set(numbers).size).toBe(COUNT);
        expect(numbersOf(numbers)).toEqual(sequence(COUNT));
        const orders = (await Promise.all(
          Array.from({ length: COUNT }, (_, index) =>
            call(instances[index % 2]!, token, 'POST', '/api/workOrder/create', { title: `双实例工单 ${index}` }),
          ),
        )) as { orderNo: string }[];
        expect(numbersOf(orders.map((order) => order.orderNo))).toEqual(sequence(COUNT));
      } finally {
        await second.app.close();
        await first.close();
        rmSync(first.dataDir, { recursive: true, force: true });
      }
    },
  );
});
