import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, StatGroupData } from '../../contracts/panels';
import { DAY_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { NOW, query, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
}, 60_000);
afterAll(async () => server.close());

const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

/** A deployment of a tenant written directly (the figures read only its kind and name). */
async function deployment(tenantId: number, kind: 'face' | 'vehicle', name: string): Promise<number> {
  const row = await db()
    .insertInto('watchlist_deployments')
    .values({
      deployment_id: undefined,
      tenant_id: tenantId,
      kind,
      name,
      event_type: kind === 'face' ? 'BLACK_FACE_DEFENSE' : 'CAR_DEFENSE',
      alarm_type: kind === 'face' ? 'BLACKLIST_FACE' : 'CAR_DEFENSE',
      grade: 'ALARM_GRADE_HIGH',
      device_ids: ',1,',
      areas: '',
      valid_from: WEEK.beginTime - DAY_MS,
      valid_until: NOW + DAY_MS,
      interval_minutes: 10,
      status: 'active',
      created_by: null,
      created_at: WEEK.beginTime - DAY_MS,
      updated_at: WEEK.beginTime - DAY_MS,
    })
    .returning('deployment_id')
    .executeTakeFirstOrThrow();
  return Number(row.deployment_id);
}

/** `count` hits of a deployment at `at`, `at + 1 min` …, every other one inside its interval (no alarm). */
async function hits(tenantId: number, deploymentId: number, at: number, count: number): Promise<void> {
  await db()
    .insertInto('watchlist_hits')
    .values(
      Array.from({ length: count }, (_, index) => ({
        hit_id: undefined,
        tenant_id: tenantId,
        deployment_id: deploymentId,
        target_id: 1,
        record_id: 1,
        device_id: 1,
        at: at + index * 60_000,
        label: '张三',
        alarm_id: index % 2 ? null : 1,
      })),
    )
    .execute();
}

describe('人脸管控 布防命中', () => {
  it("counts the window's hits of the tenant's face deployments in the summary and by deployment, most first; nothing else", async () => {
    const blacklist = await deployment(1, 'face', '黑名单');
    const visitors = await deployment(1, 'face', '重点人员');
    const quiet = await deployment(1, 'face', '无命中');
    const cars = await deployment(1, 'vehicle', '嫌疑车辆');
    const scenic = await deployment(2, 'face', '景区黑名单');
    await hits(1, blacklist, WEEK.beginTime, 2); // the window's first instant
    await hits(1, blacklist, NOW - 3 * DAY_MS, 3);
    await hits(1, visitors, NOW - 60 * 60_000, 4);
    await hits(1, visitors, WEEK.endTime + 1, 2); // after the window
    await hits(1, blacklist, WEEK.beginTime - 60_000, 1); // before it
    await hits(1, cars, NOW - DAY_MS, 6); // a vehicle deployment's
    await hits(2, scenic, NOW - DAY_MS, 7); // another tenant's
    expect(quiet).toBeGreaterThan(0);

    const summary = await get<StatGroupData>(`/analysis/faces/summary${query(WEEK)}`);
    expect(summary.items.map((entry) => entry.name)).toEqual(['人脸抓拍', '抓拍相机', '布防告警', '戴口罩占比', '布防命中']);
    expect(summary.items.at(-1)).toEqual({ name: '布防命中', value: 9, unit: '次' });
    expect(await get<CategoryData>(`/analysis/faces/watchlistHits${query(WEEK)}`)).toEqual({
      unit: '次',
      items: [
        { key: String(blacklist), name: '黑名单', value: 5 },
        { key: String(visitors), name: '重点人员', value: 4 },
      ],
    });
    // A window of the last day only.
    const day = { beginTime: NOW - DAY_MS, endTime: NOW };
    expect((await get<StatGroupData>(`/analysis/faces/summary${query(day)}`)).items.at(-1)!.value).toBe(4);

    // The other tenant sees its own.
    expect((await get<StatGroupData>(`/analysis/faces/summary${query(WEEK)}`, scenicAdmin)).items.at(-1)!.value).toBe(7);
    expect((await get<CategoryData>(`/analysis/faces/watchlistHits${query(WEEK)}`, scenicAdmin)).items).toEqual([
      { key: String(scenic), name: '景区黑名单', value: 7 },
    ]);

    // Bad ranges are refused in Chinese; without the page's menu, no figures.
    const refused = (
      await server.api('GET', `/analysis/faces/watchlistHits${query({ beginTime: NOW, endTime: NOW - 1 })}`, { token: admin })
    ).body;
    expect(refused).toMatchObject({ code: 400, msg: '结束时间（endTime）不能早于开始时间（beginTime）' });
    const longRange = { beginTime: NOW - 40 * DAY_MS, endTime: NOW };
    expect((await server.api('GET', `/analysis/faces/watchlistHits${query(longRange)}`, { token: admin })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('时间范围（beginTime 至 endTime）不能超过'),
    });
    expect((await server.api('GET', `/analysis/faces/watchlistHits?beginTime=${NOW}`, { token: admin })).body).toMatchObject({
      code: 400,
      msg: '请指定结束时间（endTime）',
    });
    const parkingOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:parking']);
    expect((await server.api('GET', `/analysis/faces/watchlistHits${query(WEEK)}`, { token: parkingOnly })).body.code).toBe(403);
  });
});
