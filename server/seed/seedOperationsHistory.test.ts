import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';
import type { AvailabilityReport, InspectionRow, MaintenancePlan, OperationKpi } from '../../contracts/operations';
import { seededRandom } from '../simulation/seededRandom';
import { outagesOf } from './seedOperationsHistory';
import { setupTestServer, testServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
// Test servers start without the histories: this file is about the fleet's, so it asks for a week (the default is a month).
const SEEDED_HISTORY_DAYS = 7;
const WITH_HISTORY = { seedHistoryDays: SEEDED_HISTORY_DAYS };
setupTestServer(
  (created, login) => {
    server = created;
    token = login;
  },
  'OPER-2026-DEMO',
  WITH_HISTORY,
);

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
const DAY = 86_400_000;
type Reply = { code: number; msg: string; data?: unknown; rows?: unknown[]; total?: number };
const get = async (url: string) => (await server.api('GET', url, { token })).body as Reply;
const db = () => server.services.ctx.db;
const history = async (target: TestServer) =>
  target.services.ctx.db
    .selectFrom('device_status_changes')
    .select(['device_id', 'online', 'at', 'source'])
    .orderBy('device_id')
    .orderBy('at')
    .orderBy('id')
    .execute();

describe("a fresh database's operations history", () => {
  it('gives every device a week of status changes that starts online and ends in its current state, the same on every fresh start', async () => {
    const changes = await history(server);
    const devices = await db().selectFrom('devices').select(['device_id', 'online']).orderBy('device_id').execute();
    expect(new Set(changes.map((change) => change.source))).toEqual(new Set(['seed']));
    const byDevice = new Map<number, typeof changes>();
    for (const change of changes) byDevice.set(change.device_id, [...(byDevice.get(change.device_id) ?? []), change]);
    expect(byDevice.size).toBe(devices.length);
    let outages = 0;
    for (const device of devices) {
      const own = byDevice.get(device.device_id)!;
      expect(own[0]).toMatchObject({ online: 1, at: NOW - SEEDED_HISTORY_DAYS * DAY });
      expect(own.at(-1)!.online).toBe(device.online);
      expect(own.at(-1)!.at).toBeLessThan(NOW);
      // Each change is a change: on and off alternate.
      for (let index = 1; index < own.length; index++) expect(own[index]!.online).not.toBe(own[index - 1]!.online);
      outages += own.filter((change) => change.online === 0).length;
    }
    // A few outages per device and week, not dozens.
    expect(outages / devices.length).toBeGreaterThan(1);
    expect(outages / devices.length).toBeLessThan(4);

    // Deterministic: another fresh start on the same clock writes the same history.
    const again = await testServer(WITH_HISTORY);
    try {
      expect((await history(again)).map((row) => [row.device_id, row.online, row.at])).toEqual(
        changes.map((row) => [row.device_id, row.online, row.at]),
      );
    } finally {
      await again.close();
    }
  });

  it('shows real availability curves for 24 hours and 7 days and command success rates, without backfilling faults', async () => {
    for (const range of ['24h', '7d'] as const) {
      const report = (await get(`/operation/availability?range=${range}`)).data as AvailabilityReport;
      expect(report.observedSince).toBe(NOW - SEEDED_HISTORY_DAYS * DAY);
      // Every kind has a value in every bucket (but the last hour's, which begins now: the clock is on the hour), and the fleet is mostly but not always online.
      for (const series of report.series)
        expect(series.values.slice(0, range === '24h' ? -1 : undefined).every((value) => value !== null && value >= 0 && value <= 1)).toBe(
          true,
        );
      expect(report.overall).toBeGreaterThan(0.9);
      expect(report.overall).toBeLessThan(0.995);
      expect(report.kinds.some((kind) => kind.availability! < 1)).toBe(true);
      const commanded = report.kinds.filter((kind) => kind.commands > 0);
      expect(commanded.length).toBeGreaterThan(5);
      const rate =
        commanded.reduce((sum, kind) => sum + kind.commandSuccessRate! * kind.commands, 0) /
        commanded.reduce((sum, kind) => sum + kind.commands, 0);
      expect(rate).toBeGreaterThan(0.8);
      expect(rate).toBeLessThan(1);
    }
    // The seeded failures are past: the fault job raises none of them, and no fault is open.
    expect(await server.services.operations.faults.raiseCommandFailures()).toBe(0);
    expect(((await get('/operation/kpi')).data as OperationKpi).openFaults).toBe(0);
    // Devices offline now have been for a while: the offline sweep raises their faults at once.
    const offline = await db().selectFrom('devices').select('device_id').where('online', '=', 0).execute();
    expect(await server.services.operations.faults.raiseOffline(10 * 60_000)).toBe(offline.length);
  });

  it("seeds maintenance plans with past inspections (results, closed faults) and today's round to do, through the services", async () => {
    const plans = (await get('/operation/plans')).data as MaintenancePlan[];
    expect(plans.map((plan) => [plan.name, plan.kind, plan.intervalDays])).toEqual([
      // In the order they were made (the quarterly one first, months ago).
      ['消火栓季度巡检', 'fireHydrant', 90],
      ['路灯月度巡检', 'lamp', 30],
      ['井盖周检', 'smartManhole', 7],
    ]);
    expect(plans.every((plan) => plan.teamName !== null && plan.nextDueAt > NOW && plan.nextDueAt < NOW + 90 * DAY)).toBe(true);
    expect(plans[2]!.deviceIds).toHaveLength(4);

    const inspections = (await get('/operation/inspections?pageSize=100')).rows as InspectionRow[];
    const pending = inspections.filter((row) => row.status === 'PENDING');
    expect(pending.map((row) => row.planName).sort()).toEqual(plans.map((plan) => plan.name).sort());
    expect(pending.every((row) => row.dueAt <= NOW && row.dueAt > NOW - DAY)).toBe(true);
    const done = inspections.filter((row) => row.status === 'DONE');
    expect(done).toHaveLength(2 + 2 + 4);
    expect(
      done.every((row) => row.result !== null && row.note !== '' && row.doneAt! > row.dueAt && row.doneAt! < row.dueAt + 8 * HOUR),
    ).toBe(true);
    const kpi = (await get('/operation/kpi')).data as OperationKpi;
    expect(kpi.inspectionsDueToday).toBe(3);

    // Each 异常 result raised its device's inspection fault, closed later with the repair note; all audited.
    const abnormal = done.filter((row) => row.result === 'ABNORMAL');
    expect(abnormal.length).toBeGreaterThan(0);
    for (const row of abnormal) {
      const fault = (await get(`/operation/fault/${row.faultId}`)).data as {
        cause: string;
        status: string;
        closeNote: string;
        events: { action: string }[];
      };
      expect(fault).toMatchObject({ cause: 'inspection', status: 'CLOSED' });
      expect(fault.closeNote).not.toBe('');
      expect(fault.events.map((event) => event.action)).toEqual(['raise', 'close']);
    }
    const audited = await db().selectFrom('operation_events').select(['entity', 'action']).where('tenant_id', '=', 1).execute();
    expect(audited.filter((event) => event.entity === 'plan' && event.action === 'create')).toHaveLength(3);
    expect(audited.filter((event) => event.entity === 'inspection' && event.action === 'result')).toHaveLength(done.length);
  });
});

describe('SEED_HISTORY_DAYS', () => {
  it('is a month by default, takes a whole number of days up to 365 and refuses anything else, naming it', () => {
    expect(readServerConfigFromEnv({}).server.seedHistoryDays).toBe(30);
    expect(readServerConfigFromEnv({ SEED_HISTORY_DAYS: '0' }).server.seedHistoryDays).toBe(0);
    expect(readServerConfigFromEnv({ SEED_HISTORY_DAYS: ' 30 ' }).server.seedHistoryDays).toBe(30);
    for (const bad of ['-1', '1.5', 'week', '366'])
      expect(() => readServerConfigFromEnv({ SEED_HISTORY_DAYS: bad })).toThrow(
        `SEED_HISTORY_DAYS 必须是 0 到 365 之间的整数，当前为 "${bad}"`,
      );
  });

  it('at 0 (test servers) seeds the fleet and its base data but no status history, command results, maintenance rounds, readings or alarms', async () => {
    const bare = await testServer({ seedHistoryDays: 0 });
    try {
      const count = async (table: 'device_command_results' | 'maintenance_plans' | 'inspections' | 'sensor_readings') =>
        Number(
          (
            await bare.services.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Each device's status is recorded once, now (its baseline), with no past behind it.
      const changes = await history(bare);
      expect(changes.every((change) => change.at === NOW && change.source !== 'seed')).toBe(true);
      expect(await count('device_command_results')).toBe(0);
      expect(await count('maintenance_plans')).toBe(0);
      expect(await count('inspections')).toBe(0);
      expect(await count('sensor_readings')).toBe(0);
      expect(Number((await sql<{ n: number }>`select count(*) as "n" from alarms`.execute(bare.services.ctx.db)).rows[0]!.n)).toBe(0);
      const devices = await bare.services.ctx.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(devices.n)).toBeGreaterThan(100);
      // Availability still counts, from each device's baseline recorded at the start.
      const bareToken = await bare.login();
      const report = (await bare.api('GET', '/operation/availability?range=24h', { token: bareToken })).body.data as AvailabilityReport;
      expect(report.observedSince).toBe(NOW);
    } finally {
      await bare.close();
    }
  });
});

describe('outagesOf', () => {
  it('places a few outages in every week of a longer history', () => {
    const days = 28;
    const random = seededRandom(2);
    const perWeek = [0, 0, 0, 0];
    for (let device = 0; device < 500; device++)
      for (const outage of outagesOf(random, NOW - days * DAY, NOW, true, days))
        perWeek[Math.floor((outage.from - (NOW - days * DAY)) / (7 * DAY))]!++;
    for (const count of perWeek) expect(count / 500).toBeGreaterThan(1);
  });

  it('never overlaps, ends before now when online and is still going when offline', () => {
    const start = NOW - 7 * DAY;
    const random = seededRandom(1);
    for (let device = 0; device < 500; device++) {
      const online = device % 5 !== 0;
      const outages = outagesOf(random, start, NOW, online);
      for (let index = 1; index < outages.length; index++) expect(outages[index]!.from).toBeGreaterThan(outages[index - 1]!.to!);
      for (const outage of outages) expect(outage.from).toBeGreaterThan(start);
      if (online) expect(outages.every((outage) => outage.to !== undefined && outage.to < NOW)).toBe(true);
      else expect(outages.at(-1)!.to).toBeUndefined();
    }
  });
});
