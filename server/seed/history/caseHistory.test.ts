import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCases } from '../../cases/Cases';
import type { Db } from '../../db/Database';
import { DAY_MS, HOUR_MS } from '../../stats/periods';
import { TEST_CLOCK_START } from '../../testing/seededDatabases';
import { testServer, type TestServer } from '../../testing/testServer';
import { OrderCounters } from '../../workOrders/OrderCounters';
import { WorkOrderActions } from '../../workOrders/WorkOrderActions';
import { WorkOrderAnnouncer } from '../../workOrders/WorkOrderAnnouncer';
import { WorkOrderEscalation } from '../../workOrders/WorkOrderEscalation';
import { WorkOrderQueries } from '../../workOrders/WorkOrderQueries';
import { WorkOrderStatistics } from '../../workOrders/WorkOrderStatistics';
import { TENANT_AREAS } from '../seedData';
import { caseHistoryTenants, scheduleCaseHistory, seedCaseHistory } from './caseHistory';
import { HistoryTimeline } from './HistoryTimeline';
import { silentPublisher } from './historyServices';

const DAYS = 3;
const NOW = TEST_CLOCK_START;
const START = NOW - DAYS * DAY_MS;
/** The tables the cases' history writes. */
const TABLES = ['cases', 'case_events', 'work_orders', 'work_order_events', 'order_counters'] as const;

/** Each table's rows, sorted (PostgreSQL returns them in no stable order), ids included. */
async function contents(db: Db): Promise<Record<(typeof TABLES)[number], string[]>> {
  const result = Object.fromEntries(TABLES.map((table) => [table, [] as string[]])) as Record<(typeof TABLES)[number], string[]>;
  for (const table of TABLES)
    result[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
  return result;
}

/** The services a live server writes cases with, on `clock`. */
function services(server: TestServer, clock: () => number) {
  const db = server.services.ctx.db;
  // No order of a case comes from an alarm: the server's AlarmService is never asked.
  const { alarms } = server.services;
  const announcer = new WorkOrderAnnouncer(new WorkOrderStatistics(db, clock));
  const orders = new WorkOrderActions(db, new OrderCounters(db), alarms, new WorkOrderQueries(db, alarms, clock), announcer, clock);
  const escalation = new WorkOrderEscalation(db, announcer, clock);
  const { actions } = createCases({
    db,
    counters: new OrderCounters(db),
    orders,
    push: silentPublisher,
    places: TENANT_AREAS,
    dataDir: '',
    now: clock,
  });
  return { orders, escalation, actions };
}

/** An order each tenant left open on the first morning, due the next day: the cases' escalation rounds reach it. */
async function openOrders(server: TestServer): Promise<void> {
  const { orders } = services(server, () => START + HOUR_MS);
  for (const tenantId of [1, 2])
    await orders.create(tenantId, 1, { title: '路面塌陷巡查', priority: 'HIGH', dueAt: START + DAY_MS, category: 'INSPECTION' });
}

let throughServices: TestServer;
let inBulk: TestServer;
beforeAll(async () => {
  [throughServices, inBulk] = await Promise.all([testServer(), testServer()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([throughServices?.close(), inBulk?.close()]);
});

describe('the cases’ history', () => {
  it('writes in bulk the rows its replay through CaseActions, WorkOrderActions and the escalation job writes', async () => {
    await openOrders(throughServices);
    await openOrders(inBulk);
    // The replay through the services, one tenant after the other on a timeline of its own.
    const tenants = await caseHistoryTenants(throughServices.services.ctx.db, TENANT_AREAS);
    expect(tenants.map((tenant) => tenant.tenantId)).toEqual([1, 2]);
    for (const tenant of tenants) {
      const timeline = new HistoryTimeline(START, NOW);
      const { actions, escalation } = services(throughServices, timeline.now);
      scheduleCaseHistory(timeline, actions, escalation, tenant, TENANT_AREAS, NOW, DAYS);
      await timeline.play();
    }
    await throughServices.services.ctx.db.updateTable('cases').set({ origin: 'seed' }).execute();
    const written = await seedCaseHistory(inBulk.services.ctx.db, TENANT_AREAS, NOW, DAYS);
    expect(written).toBe(2 * (DAYS * 4 + 3));
    const [expected, actual] = [await contents(throughServices.services.ctx.db), await contents(inBulk.services.ctx.db)];
    expect(actual).toEqual(expected);
    // Something of each kind to compare: refusals, closings, the open orders escalated by the cases' rounds.
    const events = expected.work_order_events.map((row) => JSON.parse(row) as { action: string; order_id: number });
    for (const action of ['create', 'assign', 'accept', 'progress', 'close', 'escalate'])
      expect(
        events.some((event) => event.action === action),
        action,
      ).toBe(true);
    const stored = events.filter((event) => event.order_id <= 2).map((event) => event.action);
    expect(stored.filter((action) => action === 'escalate')).toHaveLength(2);
    expect(expected.case_events.some((row) => row.includes('"reject"'))).toBe(true);
  });
});
