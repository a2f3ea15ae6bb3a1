import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { clearAnalysedRows, MINUTE, NOW, query, TODAY, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let ordersOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  ordersOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:orderAnalysis']);
}, 60_000);
afterAll(async () => server.close());
beforeEach(async () => clearAnalysedRows(server.services.ctx.db));

const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

interface Lot {
  lotId: number;
  tenantId: number;
  name: string;
  capacity: number;
}
interface Stay {
  lotId: number;
  tenantId: number;
  inAt: number;
  outAt: number | null;
  fee: number | null;
}

async function lots(): Promise<Lot[]> {
  const rows = await db().selectFrom('parking_lots').selectAll().orderBy('lot_id').execute();
  return rows.map((row) => ({ lotId: row.lot_id!, tenantId: row.tenant_id, name: row.name, capacity: row.capacity }));
}

/** Stays in every lot over the ten days before now: some from before the week, some still parked. */
async function plantStays(count: number): Promise<Stay[]> {
  const random = seededRandom(7);
  const all = await lots();
  const stays: Stay[] = [];
  for (let index = 0; index < count; index++) {
    const lot = all[Math.floor(random() * all.length)]!;
    const inAt = NOW - Math.floor(random() * 10 * DAY_MS);
    const leaves = NOW - inAt > 6 * HOUR_MS || random() < 0.5;
    const outAt = leaves ? Math.min(NOW, inAt + Math.floor(random() * 8 * 60) * MINUTE) : null;
    stays.push({ lotId: lot.lotId, tenantId: lot.tenantId, inAt, outAt, fee: outAt === null ? null : Math.floor(random() * 40) * 100 });
  }
  await db()
    .insertInto('parking_sessions')
    .values(
      stays.map((stay, index) => ({
        session_id: undefined,
        tenant_id: stay.tenantId,
        lot_id: stay.lotId,
        plate: `浙A${String(index).padStart(5, '0')}`,
        in_at: stay.inAt,
        out_at: stay.outAt,
        fee: stay.fee,
      })),
    )
    .execute();
  return stays;
}

const within = (at: number | null, range = WEEK) => at !== null && at >= range.beginTime && at <= range.endTime;
const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;
/** Car-milliseconds parked within [from, to). */
const parkedWithin = (stays: readonly Stay[], from: number, to: number) =>
  stays.reduce((sum, stay) => sum + Math.max(0, Math.min(stay.outAt ?? to, to) - Math.max(stay.inAt, from)), 0);

describe('停车分析', () => {
  it('counts sessions, revenue, turnover, mean stay and time-weighted occupancy from the planted stays', async () => {
    const stays = (await plantStays(600)).filter((stay) => stay.tenantId === 1);
    const tenantLots = (await lots()).filter((lot) => lot.tenantId === 1);
    expect(tenantLots.length).toBeGreaterThan(1);
    const capacity = tenantLots.reduce((sum, lot) => sum + lot.capacity, 0);
    const arrived = stays.filter((stay) => within(stay.inAt));
    const left = stays.filter((stay) => within(stay.outAt));
    const until = NOW + 1;
    const parkedMs = stays.reduce((sum, stay) => {
      const from = Math.max(stay.inAt, WEEK.beginTime);
      const to = Math.min(stay.outAt ?? until, until);
      return sum + Math.max(0, to - from);
    }, 0);

    const summary = await get<StatGroupData>(`/analysis/parking/summary${query(WEEK)}`);
    expect(item(summary, '停车次数')).toBe(arrived.length);
    expect(item(summary, '停车收入')).toBe(left.reduce((sum, stay) => sum + stay.fee!, 0) / 100);
    expect(item(summary, '车位总数')).toBe(capacity);
    expect(item(summary, '周转率')).toBe(Math.round((arrived.length * 100) / capacity / 7) / 100);
    expect(item(summary, '平均停车时长')).toBe(
      Math.round(left.reduce((sum, stay) => sum + stay.outAt! - stay.inAt, 0) / left.length / 6_000) / 10,
    );
    expect(item(summary, '平均占用率')).toBe(Math.round((parkedMs * 1000) / (capacity * (until - WEEK.beginTime))) / 10);

    const revenue = await get<CategoryData>(`/analysis/parking/by${query(WEEK, { by: 'revenue' })}`);
    expect(new Map(revenue.items.map((entry) => [entry.name, entry.value]))).toEqual(
      new Map(
        tenantLots.map((lot) => [
          lot.name,
          left.filter((stay) => stay.lotId === lot.lotId).reduce((sum, stay) => sum + stay.fee!, 0) / 100,
        ]),
      ),
    );
    expect(revenue.unit).toBe('元');
    const table = await get<TableData>(`/analysis/parking/lots${query(WEEK)}`);
    expect(table.rows.map((row) => [row.name, row.sessions])).toEqual(
      tenantLots.map((lot) => [lot.name, arrived.filter((stay) => stay.lotId === lot.lotId).length]),
    );
  });

  it('gives each lot’s time-weighted occupancy in every hour of today and every day of the week', async () => {
    const stays = (await plantStays(600)).filter((stay) => stay.tenantId === 1);
    const tenantLots = (await lots()).filter((lot) => lot.tenantId === 1);
    for (const [range, step, buckets] of [
      [{ beginTime: TODAY, endTime: TODAY + DAY_MS - 1 }, HOUR_MS, 17],
      [WEEK, DAY_MS, 7],
    ] as const) {
      const occupancy = await get<SeriesData>(`/analysis/parking/occupancy${query(range)}`);
      expect(occupancy.series.map((series) => series.name)).toEqual(tenantLots.map((lot) => lot.name));
      for (const lot of tenantLots) {
        const series = occupancy.series.find((entry) => entry.name === lot.name)!;
        expect(series.points).toHaveLength(buckets);
        const mine = stays.filter((stay) => stay.lotId === lot.lotId);
        expect(series.points).toEqual(
          series.points.map(([at]) => {
            const [from, to] = [Number(at), Math.min(Number(at) + step, NOW + 1)];
            return [at, Math.round((parkedWithin(mine, from, to) * 1000) / (lot.capacity * (to - from))) / 10];
          }),
        );
      }
    }
  });

  it('never counts another tenant’s lots or stays, and belongs to 停车分析', async () => {
    const stays = await plantStays(300);
    const summary = await get<StatGroupData>(`/analysis/parking/summary${query(WEEK)}`, scenicAdmin);
    expect(item(summary, '停车次数')).toBe(stays.filter((stay) => stay.tenantId === 2 && within(stay.inAt)).length);
    const lotNames = (await lots()).filter((lot) => lot.tenantId === 2).map((lot) => lot.name);
    const byLot = await get<CategoryData>(`/analysis/parking/by${query(WEEK, { by: 'sessions' })}`, scenicAdmin);
    expect(byLot.items.map((entry) => entry.name).sort()).toEqual([...lotNames].sort());
    expect((await server.api('GET', `/analysis/parking/summary${query(WEEK)}`, { token: ordersOnly })).body.code).toBe(403);
    const { body } = await server.api('GET', `/analysis/parking/by${query(WEEK, { by: 'speed' })}`, { token: admin });
    expect(body).toMatchObject({ code: 400, msg: expect.stringContaining('统计指标') });
  });
});
