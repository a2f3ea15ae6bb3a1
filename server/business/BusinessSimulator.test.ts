import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { BUSINESS_PROFILES } from '../seed/seedBusiness';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';
import { parkingFee, poisson, ticketOrderNo } from './businessModel';
import { BACKFILL_DAYS, BusinessSimulator } from './BusinessSimulator';
import { seededRandom } from '../simulation/seededRandom';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const HORIZON = TODAY - BACKFILL_DAYS * DAY_MS;
const localHour = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24;
const localDay = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS);
const isWeekend = (at: number) => [0, 6].includes(new Date(at + SHANGHAI_OFFSET_MS).getUTCDay());

describe('the business simulator on a server with the simulator on', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The simulator on (ticks ten minutes apart, so none comes during the test): its first run is the backfill.
    server = await testServer({ simulator: { tickMs: 600_000, commandDelayMs: [0, 0], fleetScale: 0.05, alarmsPerMinute: 0 } });
    await server.app.ready();
    expect(server.services.businessSimulator.active).toBe(true);
    await server.services.businessSimulator.whenIdle();
  }, 120_000);
  afterAll(async () => server.close());

  it(`fills ${BACKFILL_DAYS} days of history and today up to now, for every seeded tenant`, async () => {
    const db = server.services.ctx.db;
    expect(await db.selectFrom('business_simulation').selectAll().orderBy('tenant_id').execute()).toEqual([
      { tenant_id: 1, produced_until: NOW },
      { tenant_id: 2, produced_until: NOW },
    ]);
    const hours = await db.selectFrom('gate_traffic').select('hour_at').distinct().where('tenant_id', '=', 2).orderBy('hour_at').execute();
    expect(hours).toHaveLength(BACKFILL_DAYS * 24 + 16);
    expect(hours[0]!.hour_at).toBe(HORIZON);
    expect(hours.at(-1)!.hour_at).toBe(NOW - HOUR_MS);
    for (const table of ['ticket_orders', 'merchant_sales', 'parking_sessions'] as const) {
      for (const tenantId of [1, 2]) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow();
        expect(Number(row.n), `${table} of tenant ${tenantId}`).toBeGreaterThan(1000);
      }
    }
  });

  it('brings more visitors from 9 to 17 h than at night, and more on weekends', async () => {
    const rows = await server.services.ctx.db
      .selectFrom('gate_traffic')
      .select(['hour_at', 'in_count', 'out_count'])
      .where('tenant_id', '=', 2)
      .execute();
    const byHour = Array.from({ length: 24 }, () => 0);
    const byDay = new Map<number, number>();
    for (const row of rows) {
      byHour[localHour(row.hour_at)]! += row.in_count;
      if (row.hour_at < TODAY) byDay.set(localDay(row.hour_at), (byDay.get(localDay(row.hour_at)) ?? 0) + row.in_count);
    }
    const daytime = byHour.slice(9, 17).reduce((sum, value) => sum + value, 0) / 8;
    const night = byHour.slice(0, 6).reduce((sum, value) => sum + value, 0) / 6;
    expect(daytime).toBeGreaterThan(night * 20);
    const average = (days: number[]) => days.reduce((sum, day) => sum + byDay.get(day)!, 0) / days.length;
    const days = [...byDay.keys()];
    const weekends = days.filter((day) => isWeekend(day * DAY_MS));
    const weekdays = days.filter((day) => !isWeekend(day * DAY_MS));
    expect(average(weekends)).toBeGreaterThan(average(weekdays) * 1.4);
    // About the profile's figures (each day 0.85–1.15 of them, and what came in goes out).
    expect(average(weekdays)).toBeGreaterThan(BUSINESS_PROFILES[2]!.visitorsPerDay.weekday * 0.8);
    expect(average(weekdays)).toBeLessThan(BUSINESS_PROFILES[2]!.visitorsPerDay.weekday * 1.2);
    const totals = rows.reduce((sum, row) => ({ in: sum.in + row.in_count, out: sum.out + row.out_count }), { in: 0, out: 0 });
    expect(totals.out / totals.in).toBeGreaterThan(0.95);
    expect(totals.out / totals.in).toBeLessThan(1.03);
  });

  it('never parks more cars in a lot than it holds, and charges by its tariff', { timeout: 30_000 }, async () => {
    const db = server.services.ctx.db;
    for (const tenantId of [1, 2]) {
      const lots = await db.selectFrom('parking_lots').select(['lot_id', 'capacity']).where('tenant_id', '=', tenantId).execute();
      const sessions = await db.selectFrom('parking_sessions').selectAll().where('tenant_id', '=', tenantId).execute();
      // Every arrival and departure in time order (a departure first when both happen at once): never more cars than spaces.
      for (const lot of lots) {
        const events = sessions
          .filter((session) => session.lot_id === lot.lot_id)
          .flatMap((session) => [[session.in_at, 1] as const, ...(session.out_at === null ? [] : [[session.out_at, -1] as const])])
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        let parked = 0;
        let most = 0;
        for (const [, change] of events) most = Math.max(most, (parked += change));
        expect(most, `lot ${lot.lot_id}`).toBeLessThanOrEqual(lot.capacity);
        expect(most, `lot ${lot.lot_id} fills up now and then`).toBeGreaterThan(lot.capacity * 0.5);
      }
      const tariff = BUSINESS_PROFILES[tenantId]!.parking;
      const wrong = sessions.filter(
        (session) =>
          session.in_at >= NOW ||
          !/^[浙沪苏皖赣闽京粤][A-Z]([A-Z0-9]{5}|[DF]\d{5})$/.test(session.plate) ||
          (session.out_at === null
            ? session.fee !== null
            : session.out_at <= session.in_at ||
              session.out_at >= NOW ||
              session.fee !== parkingFee(session.in_at, session.out_at, tariff)),
      );
      expect(wrong).toEqual([]);
      const open = sessions.filter((session) => session.out_at === null).length;
      expect(open).toBeGreaterThan(0);
    }
  });

  it('sells a plausible number of tickets each day, each order numbered by its time', { timeout: 30_000 }, async () => {
    const orders = await server.services.ctx.db.selectFrom('ticket_orders').selectAll().where('tenant_id', '=', 2).execute();
    const profile = BUSINESS_PROFILES[2]!;
    const perDay = new Map<number, number>();
    const priceOf = new Map(profile.tickets.map((ticket) => [ticket.name, ticket.price * 100]));
    const wrong = orders.filter((order) => {
      perDay.set(localDay(order.paid_at), (perDay.get(localDay(order.paid_at)) ?? 0) + 1);
      const price = priceOf.get(order.ticket_type);
      return (
        order.order_no !== ticketOrderNo(order.paid_at) ||
        price === undefined ||
        !['miniProgram', 'ota', 'window', 'kiosk'].includes(order.channel) ||
        order.amount !== Math.round(price * order.ticket_count * (order.ticket_count >= 10 ? 0.9 : 1))
      );
    });
    expect(wrong).toEqual([]);
    for (const [day, count] of perDay) {
      if (day * DAY_MS >= TODAY) continue;
      // A day written twice would have about twice as many.
      const expected = isWeekend(day * DAY_MS) ? profile.ticketOrdersPerDay.weekend : profile.ticketOrdersPerDay.weekday;
      expect(count, new Date(day * DAY_MS).toISOString()).toBeGreaterThan(expected * 0.6);
      expect(count, new Date(day * DAY_MS).toISOString()).toBeLessThan(expected * 1.45);
    }
  });

  it('adds the last seconds on each later run, once, and writes nothing when no time has passed', async () => {
    const db = server.services.ctx.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('gate_traffic')
            .select((eb) => eb.fn.sum<number>('in_count').as('n'))
            .where('tenant_id', '=', 2)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await server.services.businessSimulator.catchUp()).toEqual([
      { tenantId: 1, rows: 0 },
      { tenantId: 2, rows: 0 },
    ]);
    server.advance(60_000);
    const written = await server.services.businessSimulator.catchUp();
    expect(written.every((entry) => entry.rows > 0)).toBe(true);
    const after = await count();
    // A minute at 16:00 on a Sunday: some tens to a few hundred visitors.
    expect(after - before).toBeGreaterThan(10);
    expect(after - before).toBeLessThan(2000);
    expect((await db.selectFrom('business_simulation').select('produced_until').execute()).map((row) => row.produced_until)).toEqual([
      NOW + 60_000,
      NOW + 60_000,
    ]);

    // Two simulators (instances) catching up at once: each tenant's new hour is written by one of them.
    server.advance(HOUR_MS);
    const clock = () => NOW + 60_000 + HOUR_MS;
    const [first, second] = await Promise.all([
      new BusinessSimulator(db, clock, { tickMs: 0, seed: 1 }).catchUp(),
      new BusinessSimulator(db, clock, { tickMs: 0, seed: 2 }).catchUp(),
    ]);
    for (const tenantId of [1, 2]) {
      const rows = [first, second].map((run) => run.find((entry) => entry.tenantId === tenantId)!.rows);
      expect(
        rows.filter((count) => count > 0),
        `tenant ${tenantId}: ${rows.join(', ')}`,
      ).toHaveLength(1);
    }
  });
});

describe('the business simulator', () => {
  it('does not start with tickMs 0 (SIMULATOR=0), and a server without it writes no history', async () => {
    const server = await testServer();
    try {
      await server.app.ready();
      expect(server.services.businessSimulator.active).toBe(false);
      expect(await server.services.ctx.db.selectFrom('gate_traffic').select('gate_id').limit(1).execute()).toEqual([]);
      // The gates, lots and merchants are seeded all the same.
      expect(
        (await server.services.ctx.db.selectFrom('business_gates').select('name').where('tenant_id', '=', 2).execute()).map(
          (row) => row.name,
        ),
      ).toEqual(BUSINESS_PROFILES[2]!.gates);
      const simulator = new BusinessSimulator(server.services.ctx.db, () => NOW, { tickMs: 0 });
      simulator.start();
      expect(simulator.active).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('stops between days of a backfill, and resumes where it stopped', async () => {
    const server = await testServer();
    try {
      const db = server.services.ctx.db;
      const simulator = new BusinessSimulator(db, () => NOW, { tickMs: 3_600_000, backfillDays: 10, seed: 5 });
      const marks = async () =>
        (await db.selectFrom('business_simulation').select(['tenant_id', 'produced_until']).orderBy('tenant_id').execute()).map(
          (row) => row.produced_until,
        );
      simulator.start();
      // Once the first day is written, stop: the run ends after the day it is writing.
      for (let tries = 0; !(await marks()).some((mark) => mark > TODAY - 10 * DAY_MS) && tries < 2000; tries++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await simulator.stop();
      expect(simulator.active).toBe(false);
      const stoppedAt = await marks();
      expect(stoppedAt.some((mark) => mark < NOW) || stoppedAt.length < 2).toBe(true);
      await simulator.catchUp();
      expect(await marks()).toEqual([NOW, NOW]);
      for (const tenantId of [1, 2]) {
        const hours = await db.selectFrom('gate_traffic').select('hour_at').distinct().where('tenant_id', '=', tenantId).execute();
        if (tenantId === 2) expect(hours).toHaveLength(10 * 24 + 16);
        const orders = await db.selectFrom('ticket_orders').select('paid_at').where('tenant_id', '=', tenantId).execute();
        const perDay = new Map<number, number>();
        for (const order of orders) perDay.set(localDay(order.paid_at), (perDay.get(localDay(order.paid_at)) ?? 0) + 1);
        // No day written twice across the stop.
        const profile = BUSINESS_PROFILES[tenantId]!;
        for (const [day, count] of perDay)
          if (day * DAY_MS < TODAY)
            expect(count).toBeLessThan(
              (isWeekend(day * DAY_MS) ? profile.ticketOrdersPerDay.weekend : profile.ticketOrdersPerDay.weekday) * 1.45,
            );
      }
    } finally {
      await server.close();
    }
  }, 60_000);

  it('charges parking by the started hour after the free minutes, at most the daily cap per started day', () => {
    const tariff = { feePerHour: 10, dailyCap: 80, freeMinutes: 15, turnover: 1 };
    const minutes = (count: number) => count * 60_000;
    expect(parkingFee(0, minutes(15), tariff)).toBe(0);
    expect(parkingFee(0, minutes(16), tariff)).toBe(1000);
    expect(parkingFee(0, minutes(61), tariff)).toBe(2000);
    expect(parkingFee(0, minutes(60 * 10), tariff)).toBe(8000);
    expect(parkingFee(0, minutes(60 * 25), tariff)).toBe(16_000);
  });

  it('draws Poisson counts with the mean asked for', () => {
    const random = seededRandom(3);
    for (const mean of [0.5, 4, 250]) {
      const draws = Array.from({ length: 4000 }, () => poisson(mean, random));
      expect(draws.reduce((sum, value) => sum + value, 0) / draws.length).toBeCloseTo(mean, mean < 10 ? 1 : -1);
    }
    expect(poisson(0, random)).toBe(0);
  });
});
