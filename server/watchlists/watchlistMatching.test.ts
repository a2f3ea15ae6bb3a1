import { describe, expect, it } from 'vitest';
import type { WatchlistAlarmPushed, WatchlistCoverage, WatchlistDeployment, WatchlistHit } from '../../contracts/watchlists';
import { nearestPlace } from '../analysis/analysisTestRows';
import { TENANT_AREAS } from '../seed/seedData';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { passOf } from './watchlistPasses';
import { recognitionRow } from '../recognition/recognitionTestRows';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const camerasOf = async (tenantId: number) =>
  (
    await server.services.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'camera')
      .where('online', '=', 1)
      .orderBy('device_id')
      .execute()
  ).map((row) => row.device_id);

const seen = recognitionRow;
const car = (tenantId: number, deviceId: number, at: number, plate: string) => seen(tenantId, deviceId, at, { plate });

const create = async (body: Record<string, unknown>, as = token) => {
  const { body: reply } = await server.api('POST', '/watchlist', { token: as, json: true, body });
  expect(reply.msg).toBe('布防已创建');
  return reply.data as WatchlistDeployment;
};
const hits = async (query = '', as = token) =>
  (await server.api('GET', `/watchlist/hits?pageSize=100${query}`, { token: as })).body as unknown as {
    rows: WatchlistHit[];
    total: number;
  };
const alarmsOf = async (tenantId: number) =>
  server.services.ctx.db
    .selectFrom('alarms')
    .select(['alarm_id', 'alarm_type', 'content', 'device_id'])
    .where('tenant_id', '=', tenantId)
    .where('alarm_type', 'in', ['CAR_DEFENSE', 'VIP_CAR', 'BLACKLIST_FACE'])
    .orderBy('alarm_id')
    .execute();
const pushed = async (eventType: string) =>
  (await server.services.ctx.db.selectFrom('push_log').select('payload').where('event_type', '=', eventType).orderBy('seq').execute()).map(
    (row) => (JSON.parse(row.payload) as { data: WatchlistAlarmPushed }).data,
  );

describe('watchlist matching', () => {
  it('raises one alarm per deployment and target per interval, stores every match as a hit, and pushes the spec event with the snapshot', async () => {
    const [first, second, third] = await camerasOf(1);
    const now = TEST_CLOCK_START;
    const deployment = await create({
      kind: 'vehicle',
      name: '嫌疑车辆',
      eventType: 'CAR_DEFENSE',
      deviceIds: [first, second],
      validFrom: now - HOUR,
      validUntil: now + 2 * HOUR,
      intervalMinutes: 10,
      plates: ['浙a·12345', '浙B*'],
    });
    expect(deployment).toMatchObject({ status: 'active', grade: 'ALARM_GRADE_MEDIUM', alarmType: 'CAR_DEFENSE', intervalMinutes: 10 });
    expect(deployment.targets.map((target) => [target.kind, target.value])).toEqual([
      ['plate', '浙A12345'],
      ['pattern', '浙B*'],
    ]);
    const { recognition } = server.services;
    await recognition.store(1, [
      car(1, first!, now, '浙A12345'),
      // The pattern, on the other deployed camera: its own target, its own alarm.
      car(1, second!, now + 1000, '浙B67890'),
      // Not deployed: another camera, another plate, outside the window.
      car(1, third!, now, '浙A12345'),
      car(1, first!, now, '浙C12345'),
      car(1, first!, now - 2 * HOUR, '浙A12345'),
    ]);
    server.advance(5 * MINUTE);
    await recognition.store(1, [car(1, second!, now + 5 * MINUTE, '浙A12345')]);
    server.advance(6 * MINUTE);
    await recognition.store(1, [car(1, first!, now + 11 * MINUTE, '浙A12345')]);

    const alarms = await alarmsOf(1);
    expect(alarms.map((alarm) => [alarm.alarm_type, alarm.device_id])).toEqual([
      ['CAR_DEFENSE', first],
      ['CAR_DEFENSE', second],
      ['CAR_DEFENSE', first],
    ]);
    expect(alarms[0]!.content).toContain('浙A·12345');
    const { rows, total } = await hits();
    expect(total).toBe(4);
    expect(rows.map((hit) => [hit.label, hit.alarmId === null])).toEqual([
      ['浙A12345', false],
      ['浙A12345', true],
      ['浙B67890', false],
      ['浙A12345', false],
    ]);
    const events = await pushed('CAR_DEFENSE');
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      alarmId: alarms[0]!.alarm_id,
      deploymentId: deployment.deploymentId,
      deploymentName: '嫌疑车辆',
      label: '浙A12345',
      recordId: rows[3]!.recordId,
      snapshotUrl: `/watchlist/snapshot/${rows[3]!.recordId}`,
      hitId: rows[3]!.hitId,
    });
    // The hit's record is the stored one; the deployment counts its hits.
    const detail = (await server.api('GET', `/watchlist/${deployment.deploymentId}`, { token })).body.data as WatchlistDeployment;
    expect(detail).toMatchObject({ hitCount: 4, lastHitAt: now + 11 * MINUTE });
    expect((await hits(`&alarmId=${alarms[1]!.alarm_id}`)).rows.map((hit) => hit.label)).toEqual(['浙B67890']);
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });

  it('paused and ended deployments raise nothing; resumed they match again; illegal moves are 409 and change nothing', async () => {
    const [first] = await camerasOf(1);
    const now = TEST_CLOCK_START;
    const deployment = await create({
      kind: 'vehicle',
      name: '重点车辆',
      eventType: 'VIP_CAR_DEFENSE',
      grade: 'ALARM_GRADE_HIGH',
      deviceIds: [first],
      validFrom: now,
      validUntil: now + HOUR,
      plates: ['浙A1234?'],
    });
    expect(deployment.intervalMinutes).toBe(10);
    const act = async (action: string) => (await server.api('POST', `/watchlist/${deployment.deploymentId}/${action}`, { token })).body;
    expect((await act('pause')).data).toMatchObject({ status: 'paused' });
    expect(await act('pause')).toMatchObject({ code: 409, msg: '布防「重点车辆」已暂停，不能暂停' });
    await server.services.recognition.store(1, [car(1, first!, now + 1000, '浙A12347')]);
    expect((await act('resume')).data).toMatchObject({ status: 'active' });
    await server.services.recognition.store(1, [car(1, first!, now + 2000, '浙A12348')]);
    expect((await act('end')).data).toMatchObject({ status: 'ended' });
    expect(await act('resume')).toMatchObject({ code: 409, msg: '布防「重点车辆」已撤防，不能恢复' });
    expect(await act('end')).toMatchObject({ code: 409 });
    await server.services.recognition.store(1, [car(1, first!, now + 3 * MINUTE * 10, '浙A12349')]);
    expect((await alarmsOf(1)).map((alarm) => alarm.alarm_type)).toEqual(['VIP_CAR']);
    expect((await hits()).rows.map((hit) => hit.label)).toEqual(['浙A12348']);
    const list = (await server.api('GET', '/watchlist/list?kind=vehicle&status=ended', { token })).body;
    expect(list.total).toBe(1);
    expect(await act('explode')).toMatchObject({ code: 400, msg: expect.stringContaining('操作（action）') });
    expect((await server.api('POST', '/watchlist/999999/pause', { token })).body).toMatchObject({ code: 404, msg: '布防不存在：999999' });
  });

  it("never matches another tenant's records, and no deployment, hit, photo or snapshot crosses tenants", async () => {
    const [first] = await camerasOf(1);
    const [foreign] = await camerasOf(2);
    const now = TEST_CLOCK_START;
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/watchlist/photo',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    const photoId = (upload.json() as { data: { photoId: number } }).data.photoId;
    const face = await create({
      kind: 'face',
      name: '黑名单',
      eventType: 'BLACK_FACE_DEFENSE',
      deviceIds: [first],
      validFrom: now,
      validUntil: now + HOUR,
      people: [{ name: '张三', photoId }],
    });
    const vehicle = await create({
      kind: 'vehicle',
      name: '车辆',
      eventType: 'CAR_DEFENSE',
      deviceIds: [first],
      validFrom: now,
      validUntil: now + HOUR,
      plates: ['浙A12345'],
    });
    const person = face.targets[0]!.targetId;
    // Tenant 2's camera sees the plate and the person: nothing of tenant 1's matches.
    await server.services.recognition.store(2, [
      car(2, foreign!, now + 1000, '浙A12345'),
      seen(2, foreign!, now + 1000, { kind: 'face', person_id: person }),
    ]);
    expect(await alarmsOf(1)).toEqual([]);
    expect(await alarmsOf(2)).toEqual([]);
    // Tenant 1's camera: the person is matched by identity, the snapshot's route serves the hit's record only.
    await server.services.recognition.store(1, [seen(1, first!, now + 2000, { kind: 'face', person_id: person })]);
    const [hit] = (await hits('&kind=face')).rows;
    expect(hit).toMatchObject({ label: '张三', deploymentName: '黑名单' });
    expect((await alarmsOf(1)).map((alarm) => alarm.alarm_type)).toEqual(['BLACKLIST_FACE']);
    expect((await pushed('BLACK_FACE_DEFENSE'))[0]).toMatchObject({ label: '张三', alarmTypeName: '黑名单人脸' });

    const other = await server.login('ADMIN-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
    expect((await server.api('GET', '/watchlist/list', { token: other })).body).toMatchObject({ rows: [], total: 0 });
    expect(await hits('', other)).toMatchObject({ rows: [], total: 0 });
    expect((await server.api('GET', `/watchlist/${vehicle.deploymentId}`, { token: other })).body.code).toBe(404);
    expect((await server.api('POST', `/watchlist/${vehicle.deploymentId}/end`, { token: other })).body.code).toBe(404);
    expect((await server.api('GET', `/watchlist/photo/${photoId}`, { token: other })).body.code).toBe(404);
    expect((await server.api('GET', `/watchlist/snapshot/${hit!.recordId}`, { token: other })).body.code).toBe(404);
    // Tenant 2 cannot deploy tenant 1's cameras or photos either.
    const refused = await server.api('POST', '/watchlist', {
      token: other,
      json: true,
      body: {
        kind: 'face',
        name: '借用',
        eventType: 'ORDINARY_DEFENSE',
        deviceIds: [foreign],
        validFrom: now,
        validUntil: now + HOUR,
        people: [{ name: '李四', photoId }],
      },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: `人员（people）第 1 项的照片 ${photoId} 不存在，请重新上传` });
    expect((await server.api('GET', `/watchlist/${vehicle.deploymentId}`, { token })).body.data).toMatchObject({ status: 'active' });
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/watchlist/photo/${photoId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('an area deployment covers the cameras nearest its named place when a record is matched (one moved there later too), no other, in its tenant only', async () => {
    const now = TEST_CLOCK_START;
    const db = server.services.ctx.db;
    const sites = await db
      .selectFrom('devices')
      .select(['device_id', 'longitude', 'latitude'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'camera')
      .where('online', '=', 1)
      .orderBy('device_id')
      .execute();
    const area = nearestPlace(sites[0]!.longitude, sites[0]!.latitude);
    const inside = sites.filter((site) => nearestPlace(site.longitude, site.latitude) === area).map((site) => site.device_id);
    const outside = sites.filter((site) => nearestPlace(site.longitude, site.latitude) !== area).map((site) => site.device_id);
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(1);

    // What the form offers: the tenant's named places with their cameras, each camera in its nearest one.
    const coverage = (await server.api('GET', '/watchlist/areas', { token })).body.data as WatchlistCoverage;
    expect(coverage.areas.map((entry) => entry.name)).toEqual(TENANT_AREAS[1]!.map((place) => place.name));
    const positions = await db.selectFrom('devices').select(['device_id', 'longitude', 'latitude']).where('tenant_id', '=', 1).execute();
    for (const camera of coverage.cameras) {
      const position = positions.find((row) => row.device_id === camera.deviceId)!;
      expect(camera.area, camera.name).toBe(nearestPlace(position.longitude, position.latitude));
    }
    for (const entry of coverage.areas)
      expect(entry.cameraCount, entry.name).toBe(coverage.cameras.filter((camera) => camera.area === entry.name).length);
    expect(coverage.areas.find((entry) => entry.name === area)!.cameraCount).toBeGreaterThanOrEqual(inside.length);

    const deployment = await create({
      kind: 'vehicle',
      name: '区域布控',
      eventType: 'CAR_DEFENSE',
      areas: [area],
      validFrom: now - HOUR,
      validUntil: now + 2 * HOUR,
      plates: ['浙A12345'],
    });
    expect(deployment).toMatchObject({ deviceIds: [], areas: [area] });
    const { recognition } = server.services;
    await recognition.store(1, [car(1, inside[0]!, now, '浙A12345'), car(1, outside[0]!, now + 1000, '浙A12345')]);
    // Tenant 2's camera sees the plate: not tenant 1's area.
    const [foreign] = await camerasOf(2);
    await recognition.store(2, [car(2, foreign!, now + 2000, '浙A12345')]);
    expect((await hits()).rows.map((hit) => hit.deviceId)).toEqual([inside[0]]);

    // A camera moved into the area is covered from its next record on, with no change to the deployment.
    const place = TENANT_AREAS[1]!.find((entry) => entry.name === area)!;
    await db
      .updateTable('devices')
      .set({ longitude: place.longitude, latitude: place.latitude })
      .where('tenant_id', '=', 1)
      .where('device_id', '=', outside[0]!)
      .execute();
    server.advance(MINUTE);
    await recognition.store(1, [car(1, outside[0]!, now + MINUTE, '浙A12345'), car(1, outside[1]!, now + MINUTE, '浙A12345')]);
    expect((await hits()).rows.map((hit) => hit.deviceId)).toEqual([outside[0], inside[0]]);
    expect((await alarmsOf(1)).map((alarm) => alarm.device_id)).toEqual([inside[0]]);
    expect((await alarmsOf(2)).length).toBe(0);

    // The simulator passes an area deployment's targets on the cameras of its area only.
    const online = sites.map((site) => ({ deviceId: site.device_id, longitude: site.longitude, latitude: site.latitude }));
    const areas = new Map(sites.map((site) => [site.device_id, nearestPlace(site.longitude, site.latitude)]));
    let seed = 0.3;
    const random = () => (seed = (seed * 9301 + 0.49297) % 1);
    for (let index = 0; index < 20; index++) expect(inside).toContain(passOf(deployment, online, areas, now, random)?.deviceId);

    // Another tenant neither sees the deployment nor may name tenant 1's areas; it is offered its own.
    const other = await server.login('ADMIN-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
    const theirs = (await server.api('GET', '/watchlist/areas', { token: other })).body.data as WatchlistCoverage;
    expect(theirs.areas.map((entry) => entry.name)).toEqual(TENANT_AREAS[2]!.map((entry) => entry.name));
    expect(theirs.cameras.some((camera) => sites.some((site) => site.device_id === camera.deviceId))).toBe(false);
    const refused = await server.api('POST', '/watchlist', {
      token: other,
      json: true,
      body: {
        kind: 'vehicle',
        name: '借用',
        eventType: 'CAR_DEFENSE',
        areas: [area],
        validFrom: now,
        validUntil: now + HOUR,
        plates: ['浙A12345'],
      },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: `区域（areas）中「${area}」不是本租户的区域` });
    expect((await server.api('GET', '/watchlist/list', { token: other })).body).toMatchObject({ rows: [], total: 0 });
  });

  it('the simulator passes deployed targets now and then on their cameras, and those are hits', async () => {
    const [first] = await camerasOf(1);
    const now = TEST_CLOCK_START;
    await create({
      kind: 'vehicle',
      name: '演示',
      eventType: 'ORDINARY_CAR_DEFENSE',
      deviceIds: [first],
      validFrom: now,
      validUntil: now + 24 * HOUR,
      plates: ['浙A*', '粤B12345'],
    });
    const simulator = server.services.recognitionSimulator;
    await simulator.tick();
    server.advance(10 * HOUR);
    await simulator.tick();
    // (The session has expired by now: read through the service.)
    const { rows } = await server.services.watchlists.hits(1, { pageNum: 1, pageSize: 100 });
    // About 2 an hour (20 expected; some of the drawn plates may also pass by chance).
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows.every((hit) => hit.deviceId === first && (hit.label === '粤B12345' || hit.label.startsWith('浙A')))).toBe(true);
  });
});
