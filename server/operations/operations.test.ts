import { describe, expect, it } from 'vitest';
import { MAX_ID } from '../../contracts/api/schemas';
import type {
  AvailabilityReport,
  DiagnosisSummary,
  FaultRow,
  InspectionRow,
  MaintenancePlan,
  OperationKpi,
  CameraHealth,
  DiagnosisTrend,
} from '../../contracts/operations';
import type { WorkOrderDetail, WorkOrderRow } from '../../contracts/workOrders';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { DeviceDirectory } from '../mqtt/DeviceDirectory';
import { MqttIngest } from '../mqtt/MqttIngest';
import { deviceTopic } from '../mqtt/topics';
import { loadPlugins } from '../pluginManifests';
import { stateDigest } from '../testing/stateDigest';
import { setupTestServer, testServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { pruneStatusHistory, recordBaselines, recordStatusChanges } from './StatusRecorder';
import { simulatedPicture } from './simulatedPicture';
import { VideoDiagnosisService } from './VideoDiagnosisService';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
type Reply = { code: number; msg: string; data?: unknown; rows?: unknown[]; total?: number };
const post = async (url: string, body: Record<string, unknown>, as = token) =>
  (await server.api('POST', url, { token: as, body, json: true })).body as Reply;
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body as Reply;
const db = () => server.services.ctx.db;
/** Moves the clock on; the operator logs in again (a session idle that long has expired). */
const later = async (ms: number) => {
  server.advance(ms);
  token = await server.login();
};
const devicesOf = async (tenantId: number, kind: string) =>
  db()
    .selectFrom('devices')
    .select(['device_id', 'tenant_id', 'kind', 'name', 'code', 'online'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .orderBy('device_id')
    .execute();
const changesOf = async (deviceId: number) =>
  db().selectFrom('device_status_changes').select(['online', 'at', 'source']).where('device_id', '=', deviceId).orderBy('id').execute();
const faultsOf = async (deviceId: number) =>
  db().selectFrom('operation_faults').selectAll().where('device_id', '=', deviceId).orderBy('fault_id').execute();
/** The admin, switched to tenant 2 (西湖风景名胜区). */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
const lampCommand = async (deviceId: number, command = 1) =>
  post('/device/control/execute', { command, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: [deviceId] });

describe('status changes are recorded where they are written', () => {
  it('records a device without history as first seen, each simulator change (dev endpoint and tick) in its transaction, and each MQTT status report', async () => {
    const [lamp] = await devicesOf(1, 'lamp');
    // A device from before status changes were recorded (the seeded fleet has its week of history): its state as first seen.
    await db().deleteFrom('device_status_changes').where('device_id', '=', lamp!.device_id).execute();
    expect(await recordBaselines(db(), NOW)).toBe(1);
    expect(await recordBaselines(db(), NOW)).toBe(0);
    expect(await changesOf(lamp!.device_id)).toEqual([{ online: lamp!.online, at: NOW, source: 'baseline' }]);

    server.advance(MINUTE);
    await server.services.simulator.setOnline(lamp!.device_id, !lamp!.online);
    // Same state again: no change, nothing recorded.
    await server.services.simulator.setOnline(lamp!.device_id, !lamp!.online);
    expect((await changesOf(lamp!.device_id)).slice(1)).toEqual([{ online: lamp!.online ? 0 : 1, at: NOW + MINUTE, source: 'simulator' }]);

    // A tick that flips every device records every flip.
    const before = await db().selectFrom('devices').select(['device_id', 'online']).orderBy('device_id').execute();
    const { FleetSimulator } = await import('../devices/FleetSimulator');
    const catalog = loadDeviceCatalog(loadPlugins('plugins').plugins);
    server.advance(MINUTE);
    await new FleetSimulator(db(), catalog, { tickMs: 0, commandDelayMs: [0, 0], flipChance: 1, seed: 7 }, () => NOW + 2 * MINUTE).tick();
    const flipped = await db()
      .selectFrom('device_status_changes')
      .select(['device_id', 'online'])
      .where('at', '=', NOW + 2 * MINUTE)
      .orderBy('device_id')
      .execute();
    expect(flipped).toEqual(before.map((row) => ({ device_id: row.device_id, online: row.online ? 0 : 1 })));

    // MQTT: a status report that changes the device is recorded with the batch that writes it.
    const directory = new DeviceDirectory(db());
    await directory.load();
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const ingest = new MqttIngest(
      {
        db: db(),
        catalog,
        directory,
        alarms: { raise: () => Promise.reject(new Error('none')), alarmTypeName: () => undefined },
        now: () => NOW + 3 * MINUTE,
        log: quiet,
        onAck: async () => undefined,
      },
      { batchMs: 60_000, batchRows: 100_000 },
    );
    const [camera] = await devicesOf(1, 'camera');
    const handled = ingest.handle(
      deviceTopic(1, camera!.code, 'status'),
      new TextEncoder().encode(JSON.stringify({ online: !camera!.online })),
    );
    while (ingest.stats.reports < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    await ingest.flush();
    expect(await handled).toBe(true);
    expect((await changesOf(camera!.device_id)).at(-1)).toEqual({ online: camera!.online ? 0 : 1, at: NOW + 3 * MINUTE, source: 'mqtt' });
  });

  it("records each device's command result with the command log (success and failure)", async () => {
    const [on, off] = await devicesOf(1, 'lamp');
    await server.services.simulator.setOnline(on!.device_id, true);
    await server.services.simulator.setOnline(off!.device_id, false);
    expect((await lampCommand(on!.device_id)).code).toBe(200);
    expect((await lampCommand(off!.device_id)).code).toBe(500);
    // Those of now (the seeded week's come before).
    const results = await db()
      .selectFrom('device_command_results')
      .select(['device_id', 'kind', 'success', 'fault_checked'])
      .where('at', '>=', NOW)
      .orderBy('id')
      .execute();
    expect(results).toEqual([
      { device_id: on!.device_id, kind: 'lamp', success: 1, fault_checked: 1 },
      { device_id: off!.device_id, kind: 'lamp', success: 0, fault_checked: 0 },
    ]);
  });
});

describe('GET /operation/availability', () => {
  it('computes availability per hour and kind from a known sequence of changes, and command success rates', async () => {
    const [c1, c2] = await devicesOf(1, 'camera');
    // Only this sequence for tenant 1: 08:00 c1 on, c2 off; 08:30 c1 off; 08:45 c1 on; 09:00 c2 on.
    await db().deleteFrom('device_status_changes').where('tenant_id', '=', 1).execute();
    await db().deleteFrom('device_command_results').where('tenant_id', '=', 1).execute();
    const change = (device: typeof c1, online: boolean, at: number) =>
      recordStatusChanges(db(), [{ tenantId: 1, deviceId: device!.device_id, kind: 'camera', online }], at, 'simulator');
    await change(c1, true, NOW);
    await change(c2, false, NOW);
    await change(c1, false, NOW + 30 * MINUTE);
    await change(c1, true, NOW + 45 * MINUTE);
    await change(c2, true, NOW + HOUR);
    await later(90 * MINUTE);
    const report = (await get('/operation/availability?range=24h')).data as AvailabilityReport;
    expect(report.bucket).toBe('hour');
    expect(report.buckets).toHaveLength(24);
    expect(report.buckets.at(-2)).toBe(NOW);
    const camera = report.series.find((series) => series.kind === 'camera')!;
    // 08:00–09:00: c1 45 of 60 minutes, c2 none → (0.75 + 0) / 2; 09:00–09:30: both online.
    expect(camera.values.at(-2)).toBe(0.375);
    expect(camera.values.at(-1)).toBe(1);
    expect(camera.values.slice(0, 22).every((value) => value === null)).toBe(true);
    // Whole window: c1 75 of 90 minutes, c2 30 of 90.
    const kind = report.kinds.find((row) => row.kind === 'camera')!;
    expect(kind).toMatchObject({ availability: 0.583333, devices: 2, commandSuccessRate: null, commands: 0 });
    expect(report.overall).toBe(0.583333);
    expect(report.observedSince).toBe(NOW);

    // Two days on: the changes before the window still say each camera's state (both online all along).
    await later(2 * DAY);
    const afterwards = (await get('/operation/availability?range=7d')).data as AvailabilityReport;
    expect(afterwards.bucket).toBe('day');
    expect(afterwards.buckets).toHaveLength(7);
    const daily = afterwards.series.find((series) => series.kind === 'camera')!.values;
    expect(daily.slice(-1)).toEqual([1]);
    const day24 = (await get('/operation/availability?range=24h')).data as AvailabilityReport;
    expect(day24.kinds.find((row) => row.kind === 'camera')!.availability).toBe(1);

    // Command success rate per kind from the stored results: one success, one failure.
    const [on, off] = await devicesOf(1, 'lamp');
    await server.services.simulator.setOnline(on!.device_id, true);
    await server.services.simulator.setOnline(off!.device_id, false);
    await lampCommand(on!.device_id);
    await lampCommand(off!.device_id);
    const withCommands = (await get('/operation/availability?range=24h')).data as AvailabilityReport;
    expect(withCommands.kinds.find((row) => row.kind === 'lamp')).toMatchObject({ commandSuccessRate: 0.5, commands: 2 });
  });

  it("keeps 35 days of status changes, and each device's last change before them", async () => {
    const [c1, c2] = await devicesOf(1, 'camera');
    await db().deleteFrom('device_status_changes').execute();
    const change = (device: typeof c1, online: boolean, at: number) =>
      recordStatusChanges(db(), [{ tenantId: 1, deviceId: device!.device_id, kind: 'camera', online }], at, 'simulator');
    await change(c1, true, NOW - 50 * DAY);
    await change(c1, false, NOW - 40 * DAY);
    await change(c1, true, NOW - 10 * DAY);
    await change(c2, false, NOW - 45 * DAY);
    expect(await pruneStatusHistory(db(), NOW - 35 * DAY)).toBe(1);
    expect((await changesOf(c1!.device_id)).map((row) => [row.online, row.at])).toEqual([
      [0, NOW - 40 * DAY],
      [1, NOW - 10 * DAY],
    ]);
    expect((await changesOf(c2!.device_id)).map((row) => row.at)).toEqual([NOW - 45 * DAY]);
  });

  it('answers the KPIs from the stored devices, faults and inspections', async () => {
    const kpi = (await get('/operation/kpi')).data as OperationKpi;
    const devices = await db().selectFrom('devices').select(['online']).where('tenant_id', '=', 1).execute();
    expect(kpi.devices).toBe(devices.length);
    expect(kpi.online).toBe(devices.filter((device) => device.online === 1).length);
    expect(kpi.openFaults).toBe(0);
  });
});

describe('faults', () => {
  it('raises an offline fault once past the threshold, never twice, and closes it when the device is back', async () => {
    const [lamp] = await devicesOf(1, 'lamp');
    await server.services.simulator.setOnline(lamp!.device_id, true);
    await later(MINUTE);
    await server.services.simulator.setOnline(lamp!.device_id, false);
    const { faults } = server.services.operations;
    await later(5 * MINUTE);
    await faults.sweep(10 * MINUTE);
    expect(await faultsOf(lamp!.device_id)).toEqual([]);
    await later(6 * MINUTE);
    await faults.sweep(10 * MINUTE);
    await faults.sweep(10 * MINUTE);
    const [fault] = await faultsOf(lamp!.device_id);
    expect(await faultsOf(lamp!.device_id)).toHaveLength(1);
    expect(fault).toMatchObject({ cause: 'offline', status: 'OPEN', detail: '设备离线已 11 分钟', closed_at: null });
    const listed = await get('/operation/faults?open=1&cause=offline&kind=lamp');
    expect(
      (listed.rows as FaultRow[]).some(
        (row) => row.deviceId === lamp!.device_id && row.statusName === '待处理' && row.causeName === '设备离线',
      ),
    ).toBe(true);

    await server.services.simulator.setOnline(lamp!.device_id, true);
    await faults.sweep(10 * MINUTE);
    const [closed] = await faultsOf(lamp!.device_id);
    expect(closed).toMatchObject({ status: 'CLOSED', close_note: '设备已恢复在线，自动关闭' });
    const detail = (await get(`/operation/fault/${Number(fault!.fault_id)}`)).data as { events: { action: string; userName: string }[] };
    expect(detail.events.map((event) => [event.action, event.userName])).toEqual([
      ['raise', '系统'],
      ['autoClose', '系统'],
    ]);
    // Offline again later: a new fault (the old one is closed).
    await server.services.simulator.setOnline(lamp!.device_id, false);
    await later(11 * MINUTE);
    await faults.sweep(10 * MINUTE);
    expect((await faultsOf(lamp!.device_id)).map((row) => row.status)).toEqual(['CLOSED', 'OPEN']);
  });

  it('raises one fault for failed commands to a device and closes it when a later command succeeds', async () => {
    const [lamp] = await devicesOf(1, 'lamp');
    await server.services.simulator.setOnline(lamp!.device_id, false);
    await lampCommand(lamp!.device_id);
    await lampCommand(lamp!.device_id);
    const { faults } = server.services.operations;
    await faults.raiseCommandFailures();
    await faults.raiseCommandFailures();
    const raised = (await faultsOf(lamp!.device_id)).filter((row) => row.cause === 'command');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ status: 'OPEN', detail: '命令执行失败：设备离线，命令未执行' });
    await later(MINUTE);
    await server.services.simulator.setOnline(lamp!.device_id, true);
    expect((await lampCommand(lamp!.device_id)).code).toBe(200);
    await faults.closeRecovered();
    const after = (await faultsOf(lamp!.device_id)).filter((row) => row.cause === 'command');
    expect(after[0]).toMatchObject({ status: 'CLOSED', close_note: '设备后续命令执行成功，自动关闭' });
  });

  it('closes by an operator and turns an open fault into a REPAIR work order; illegal moves are 409 and change nothing', async () => {
    const [a, b] = await devicesOf(1, 'lamp');
    for (const device of [a, b]) await server.services.simulator.setOnline(device!.device_id, false);
    await later(20 * MINUTE);
    await server.services.operations.faults.sweep(10 * MINUTE);
    const faultA = Number((await faultsOf(a!.device_id))[0]!.fault_id);
    const faultB = Number((await faultsOf(b!.device_id))[0]!.fault_id);

    expect((await post('/operation/fault/close', { faultId: faultA, note: '' })).msg).toBe('请填写关闭说明');
    const closed = await post('/operation/fault/close', { faultId: faultA, note: '现场确认已断电检修' });
    expect(closed).toMatchObject({ code: 200, msg: '故障已关闭' });
    expect((closed.data as FaultRow).status).toBe('CLOSED');
    const before = await stateDigest(db());
    expect(await post('/operation/fault/close', { faultId: faultA, note: '再关一次' })).toEqual({
      code: 409,
      msg: `故障 ${faultA} 当前状态为「已关闭」，不能关闭（仅「待处理」或「已转工单」时可以关闭）`,
    });
    expect(await post('/operation/fault/workOrder', { faultId: faultA })).toEqual({
      code: 409,
      msg: `故障 ${faultA} 当前状态为「已关闭」，不能转工单（仅「待处理」时可以转工单）`,
    });
    expect(await stateDigest(db())).toEqual(before);

    const teams = await db().selectFrom('teams').select('team_id').where('tenant_id', '=', 1).orderBy('team_id').execute();
    const ordered = await post('/operation/fault/workOrder', { faultId: faultB, teamId: Number(teams[0]!.team_id) });
    expect(ordered.code).toBe(200);
    const { fault, order } = ordered.data as { fault: FaultRow; order: WorkOrderRow };
    expect(ordered.msg).toBe(`已转为工单 ${order.orderNo}`);
    expect(order).toMatchObject({ category: 'REPAIR', deviceId: b!.device_id, status: 'ASSIGNED', source: 'device' });
    expect(order.description).toContain(`【故障 ${faultB}】`);
    expect(fault).toMatchObject({ status: 'ORDERED', statusName: '已转工单', workOrderId: order.orderId, workOrderNo: order.orderNo });
    expect(await post('/operation/fault/workOrder', { faultId: faultB })).toEqual({
      code: 409,
      msg: `故障 ${faultB} 当前状态为「已转工单」，不能转工单（仅「待处理」时可以转工单）`,
    });
    // The order's detail shows the fault it came from (关联故障); an order by hand has none.
    expect(((await get(`/workOrder/detail/${order.orderId}`)).data as WorkOrderDetail).fault).toEqual({
      faultId: faultB,
      deviceId: b!.device_id,
      deviceName: b!.name,
      cause: 'offline',
      causeName: '设备离线',
      status: 'ORDERED',
      statusName: '已转工单',
      detail: fault.detail,
      openedAt: fault.openedAt,
      closedAt: null,
    });
    const byHand = (await post('/workOrder/create', { title: '手工工单', category: 'REPAIR' })).data as WorkOrderRow;
    expect(((await get(`/workOrder/detail/${byHand.orderId}`)).data as WorkOrderDetail).fault).toBeNull();
    // Device back: an ordered offline fault closes too, and the order's detail says so.
    await server.services.simulator.setOnline(b!.device_id, true);
    await server.services.operations.faults.sweep(10 * MINUTE);
    expect((await get(`/operation/fault/${faultB}`)).data).toMatchObject({ status: 'CLOSED', workOrderNo: order.orderNo });
    expect(((await get(`/workOrder/detail/${order.orderId}`)).data as WorkOrderDetail).fault).toMatchObject({
      faultId: faultB,
      status: 'CLOSED',
      statusName: '已关闭',
    });
  });
});

describe('maintenance plans and inspections', () => {
  it('creates an inspection when a plan is due, once, and an 异常 result raises a fault', async () => {
    const cameras = await devicesOf(1, 'camera');
    const created = await post('/operation/plan/create', {
      name: '摄像机季度保养',
      kind: 'camera',
      deviceIds: [cameras[0]!.device_id, cameras[1]!.device_id],
      intervalDays: 7,
    });
    expect(created).toMatchObject({ code: 200, msg: '保养计划已创建' });
    const plan = created.data as MaintenancePlan;
    expect(plan).toMatchObject({
      kindName: '视频监控',
      intervalDays: 7,
      nextDueAt: NOW,
      enabled: true,
      deviceIds: [cameras[0]!.device_id, cameras[1]!.device_id],
    });
    const { maintenance } = server.services.operations;
    expect(await maintenance.createDue()).toBe(1);
    expect(await maintenance.createDue()).toBe(0);
    expect(((await get('/operation/plans')).data as MaintenancePlan[]).find((row) => row.planId === plan.planId)!.nextDueAt).toBe(
      NOW + 7 * DAY,
    );
    // The seeded plans' rounds of today are there too.
    const pending = (await get(`/operation/inspections?status=PENDING&planId=${plan.planId}`)).rows as InspectionRow[];
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ planName: '摄像机季度保养', dueAt: NOW, statusName: '待巡检' });
    const inspectionId = pending[0]!.inspectionId;

    const before = await stateDigest(db());
    expect((await post('/operation/inspection/result', { inspectionId, result: 'ABNORMAL', note: '镜头起雾' })).msg).toBe(
      '巡检异常时请指定异常的设备',
    );
    expect((await post('/operation/inspection/result', { inspectionId, result: 'ABNORMAL', deviceId: cameras[0]!.device_id })).msg).toBe(
      '巡检异常时请填写异常说明',
    );
    expect(
      (await post('/operation/inspection/result', { inspectionId, result: 'ABNORMAL', note: '镜头起雾', deviceId: cameras[2]!.device_id }))
        .msg,
    ).toBe(`设备 ${cameras[2]!.name} 不在该保养计划内`);
    expect(await stateDigest(db())).toEqual(before);
    const recorded = await post('/operation/inspection/result', {
      inspectionId,
      result: 'ABNORMAL',
      note: '镜头起雾',
      deviceId: cameras[0]!.device_id,
    });
    expect(recorded.code).toBe(200);
    const inspection = recorded.data as InspectionRow;
    expect(inspection).toMatchObject({ status: 'DONE', result: 'ABNORMAL', resultName: '异常', deviceId: cameras[0]!.device_id });
    const [fault] = await faultsOf(cameras[0]!.device_id);
    expect(fault).toMatchObject({ cause: 'inspection', status: 'OPEN', detail: '巡检异常：镜头起雾' });
    expect(inspection.faultId).toBe(Number(fault!.fault_id));
    expect(await post('/operation/inspection/result', { inspectionId, result: 'NORMAL' })).toEqual({
      code: 409,
      msg: `巡检 ${inspectionId} 当前状态为「已完成」，不能记录结果（仅「待巡检」时可以记录结果）`,
    });

    // A week on, the next round; a plan asking for work orders raises an INSPECTION order per round.
    await later(7 * DAY);
    await post('/operation/plan/update', {
      planId: plan.planId,
      name: '摄像机周保养',
      kind: 'camera',
      intervalDays: 7,
      createWorkOrder: true,
    });
    // This plan's round (test servers start without the demo tenants' seeded plans).
    expect(await maintenance.createDue()).toBe(1);
    const next = ((await get(`/operation/inspections?status=PENDING&planId=${plan.planId}`)).rows as InspectionRow[])[0]!;
    expect(next.planName).toBe('摄像机周保养');
    const order = (await get(`/workOrder/detail/${next.workOrderId}`)).data as WorkOrderRow;
    expect(order).toMatchObject({ category: 'INSPECTION', title: '巡检：摄像机周保养' });

    expect((await post('/operation/plan/delete', { planId: plan.planId })).code).toBe(200);
    expect(((await get('/operation/plans')).data as MaintenancePlan[]).map((row) => row.planId)).not.toContain(plan.planId);
    // The done inspection stays; the pending one went with its plan.
    expect(
      ((await get(`/operation/inspections?planId=${plan.planId}`)).rows as InspectionRow[]).map((row) => [row.inspectionId, row.planName]),
    ).toEqual([[inspectionId, '（计划已删除）']]);
  });
});

describe('video diagnosis', () => {
  it('checks every camera, keeps the history within the retention and summarises the health', async () => {
    const cameraKinds = ['camera', 'fireCamera'];
    const cameras = await db()
      .selectFrom('devices')
      .select(['device_id', 'online', 'name'])
      .where('tenant_id', '=', 1)
      .where('kind', 'in', cameraKinds)
      .orderBy('device_id')
      .execute();
    const [down] = cameras;
    await server.services.simulator.setOnline(down!.device_id, false);
    const run = await post('/operation/video/run', {});
    expect(run.code).toBe(200);
    const outcome = run.data as { cameras: number; healthy: number; faulty: number; at: number };
    expect(outcome.cameras).toBe(cameras.length);
    const grid = (await get('/operation/video/cameras')).data as CameraHealth[];
    expect(grid).toHaveLength(cameras.length);
    const streamOk = server.services.streams.available;
    for (const camera of grid) {
      const online = camera.deviceId === down!.device_id ? false : cameras.find((row) => row.device_id === camera.deviceId)!.online === 1;
      const picture = online ? simulatedPicture(camera.deviceId, NOW) : null;
      const reasons = !online ? ['offline'] : [...(streamOk ? [] : ['noStream']), ...(picture && picture !== 'ok' ? [picture] : [])];
      expect({ id: camera.deviceId, online: camera.online, picture: camera.picture, reasons: camera.reasons }).toEqual({
        id: camera.deviceId,
        online,
        picture,
        reasons,
      });
    }
    expect(grid.find((camera) => camera.deviceId === down!.device_id)!.reasonNames).toEqual(['设备离线']);
    const faulty = grid.filter((camera) => !camera.healthy).length;
    expect(outcome.faulty).toBe(faulty);
    const summary = (await get('/operation/video/summary')).data as DiagnosisSummary;
    expect(summary).toMatchObject({
      cameras: cameras.length,
      faulty,
      healthy: cameras.length - faulty,
      lastRunAt: NOW,
      streamAvailable: streamOk,
    });
    expect(((await get('/operation/video/cameras?status=faulty')).data as CameraHealth[]).every((camera) => !camera.healthy)).toBe(true);
    expect((await get('/operation/video/failures')).total).toBe(faulty);
    const trend = (await get('/operation/video/trend?range=24h')).data as DiagnosisTrend;
    expect(trend.buckets.at(-1)).toBe(NOW);
    expect(trend.checks.at(-1)).toBe(cameras.length);
    expect(trend.healthyShare.at(-1)).toBe(Math.round(((cameras.length - faulty) / cameras.length) * 1e6) / 1e6);
    const history = (await get(`/operation/video/history?deviceId=${down!.device_id}`)).data as { checks: { reasons: string[] }[] };
    expect(history.checks).toHaveLength(1);

    // Eight days on the first run's checks are past the 7-day retention: a run deletes them.
    await later(8 * DAY);
    await server.services.operations.video.run();
    const left = await db().selectFrom('video_diagnosis_checks').select('at').distinct().execute();
    expect(left.map((row) => Number(row.at))).toEqual([NOW + 8 * DAY]);
  });

  it("reads an MQTT camera's picture from its reported telemetry, and the simulated cameras report theirs", async () => {
    const catalog = loadDeviceCatalog(loadPlugins('plugins').plugins);
    const [frozen, silent] = await devicesOf(1, 'camera');
    await server.services.simulator.setOnline(frozen!.device_id, true);
    await server.services.simulator.setOnline(silent!.device_id, true);
    await db()
      .updateTable('devices')
      .set({ telemetry: JSON.stringify({ bitrate: 2000, picture: '画面冻结' }) })
      .where('device_id', '=', frozen!.device_id)
      .execute();
    await db()
      .updateTable('devices')
      .set({ telemetry: JSON.stringify({ bitrate: 2000 }) })
      .where('device_id', '=', silent!.device_id)
      .execute();
    // Over MQTT: no simulator's analysis, the telemetry says.
    const overMqtt = new VideoDiagnosisService(
      db(),
      catalog,
      { streamAvailable: () => true },
      undefined,
      { intervalMs: 0, retentionMs: DAY },
      () => NOW,
    );
    await overMqtt.run(1);
    const grid = await overMqtt.grid(1);
    expect(grid.find((camera) => camera.deviceId === frozen!.device_id)).toMatchObject({
      picture: 'frozen',
      healthy: false,
      reasonNames: ['画面冻结'],
    });
    expect(grid.find((camera) => camera.deviceId === silent!.device_id)).toMatchObject({ picture: null, healthy: true });

    // A simulated camera's report carries the simulator's analysis in the declared field.
    const { FleetSimulator } = await import('../devices/FleetSimulator');
    await new FleetSimulator(
      db(),
      catalog,
      { tickMs: 0, commandDelayMs: [0, 0], reportShare: 1, flipChance: 0, seed: 3 },
      () => NOW,
    ).tick();
    const labels = { ok: '画面正常', frozen: '画面冻结', black: '黑屏', blurred: '画面模糊' } as const;
    for (const camera of await devicesOf(1, 'camera')) {
      const telemetry = JSON.parse(
        (await db().selectFrom('devices').select('telemetry').where('device_id', '=', camera.device_id).executeTakeFirstOrThrow())
          .telemetry,
      ) as { picture: string };
      expect(telemetry.picture).toBe(labels[simulatedPicture(camera.device_id, NOW)]);
    }
  });

  it('gives most cameras a fine picture and a few a persisting problem', () => {
    const spells = Array.from({ length: 1000 }, (_, id) => simulatedPicture(id + 1, NOW));
    const faulty = spells.filter((state) => state !== 'ok').length;
    expect(faulty).toBeGreaterThan(30);
    expect(faulty).toBeLessThan(140);
    expect(new Set(spells)).toEqual(new Set(['ok', 'frozen', 'black', 'blurred']));
    // The same camera within a spell keeps its state.
    expect(Array.from({ length: 1000 }, (_, id) => simulatedPicture(id + 1, NOW + 10 * MINUTE))).toEqual(
      spells.map((state, id) =>
        Math.floor((NOW + 10 * MINUTE) / (2 * HOUR)) === Math.floor(NOW / (2 * HOUR)) ? state : simulatedPicture(id + 1, NOW + 10 * MINUTE),
      ),
    );
  });
});

describe('tenant isolation', () => {
  it("answers another tenant's fault, plan, inspection and camera as missing and changes nothing", async () => {
    const [lamp] = await devicesOf(1, 'lamp');
    await server.services.simulator.setOnline(lamp!.device_id, false);
    await later(11 * MINUTE);
    await server.services.operations.faults.sweep(10 * MINUTE);
    const faultId = Number((await faultsOf(lamp!.device_id))[0]!.fault_id);
    const plan = (await post('/operation/plan/create', { name: '路灯巡检', kind: 'lamp', intervalDays: 30 })).data as MaintenancePlan;
    await server.services.operations.maintenance.createDue();
    const inspectionId = ((await get(`/operation/inspections?planId=${plan.planId}`)).rows as InspectionRow[])[0]!.inspectionId;
    const [camera] = await devicesOf(1, 'camera');
    await post('/operation/video/run', {});
    const other = await otherTenant();
    const before = await stateDigest(db());
    expect(await get(`/operation/fault/${faultId}`, other)).toEqual({ code: 404, msg: `故障不存在：${faultId}` });
    expect(await post('/operation/fault/close', { faultId, note: '越权' }, other)).toEqual({ code: 404, msg: `故障不存在：${faultId}` });
    expect(await post('/operation/fault/workOrder', { faultId }, other)).toEqual({ code: 404, msg: `故障不存在：${faultId}` });
    expect((await get('/operation/faults', other)).rows!.some((row) => (row as FaultRow).faultId === faultId)).toBe(false);
    expect(await post('/operation/plan/update', { planId: plan.planId, name: 'x', kind: 'lamp', intervalDays: 1 }, other)).toEqual({
      code: 404,
      msg: `保养计划不存在：${plan.planId}`,
    });
    expect(await post('/operation/plan/delete', { planId: plan.planId }, other)).toEqual({
      code: 404,
      msg: `保养计划不存在：${plan.planId}`,
    });
    expect(((await get('/operation/plans', other)).data as MaintenancePlan[]).map((row) => row.planId)).not.toContain(plan.planId);
    expect(await post('/operation/inspection/result', { inspectionId, result: 'NORMAL' }, other)).toEqual({
      code: 404,
      msg: `巡检记录不存在：${inspectionId}`,
    });
    expect(await get(`/operation/video/history?deviceId=${camera!.device_id}`, other)).toEqual({
      code: 404,
      msg: `设备不存在：${camera!.device_id}`,
    });
    expect((await get('/operation/video/cameras', other)).data).toEqual([]);
    // The devices a plan is picked from are the tenant's own.
    const ownLamps = (await get('/operation/plan/devices?kind=lamp', other)).data as { deviceId: number; deviceName: string }[];
    expect(ownLamps.map((row) => row.deviceId).sort((a, b) => a - b)).toEqual((await devicesOf(2, 'lamp')).map((row) => row.device_id));
    expect(ownLamps.some((row) => row.deviceId === lamp!.device_id)).toBe(false);
    // A plan naming another tenant's device.
    expect(
      await post('/operation/plan/create', { name: '越权', kind: 'lamp', deviceIds: [lamp!.device_id], intervalDays: 7 }, other),
    ).toEqual({ code: 404, msg: `设备不存在：${lamp!.device_id}` });
    expect(await stateDigest(db())).toEqual(before);
  });
});

describe('bad input', () => {
  it('refuses every bad body and query with a Chinese message and changes nothing', async () => {
    const before = await stateDigest(db());
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['GET', '/operation/availability?range=1y', undefined, '统计范围不正确（可选：24h、7d、30d）'],
      ['GET', '/operation/faults?status=DONE', undefined, '故障状态不正确（可选：OPEN、ORDERED、CLOSED）'],
      ['GET', '/operation/faults?cause=fire', undefined, '故障原因不正确（可选：offline、command、inspection）'],
      ['GET', '/operation/faults?pageSize=500', undefined, '每页条数不能超过 200'],
      ['GET', '/operation/faults?open=yes', undefined, '是否未关闭只能是 0 或 1'],
      ['GET', '/operation/faults?deviceId=-1', undefined, '设备编号必须是正整数'],
      ['GET', '/operation/fault/abc', undefined, '故障编号必须是正整数'],
      ['POST', '/operation/fault/close', { note: '好了' }, '请指定故障'],
      ['POST', '/operation/fault/close', { faultId: 1 }, '请填写关闭说明'],
      ['POST', '/operation/fault/close', { faultId: 1, note: 'x'.repeat(501) }, '关闭说明不能超过 500 个字符'],
      ['POST', '/operation/fault/workOrder', { faultId: 'one' }, '故障编号必须是正整数'],
      ['POST', '/operation/fault/workOrder', { faultId: 1, teamId: 0 }, '班组编号必须是正整数'],
      ['POST', '/operation/plan/create', { kind: 'lamp', intervalDays: 7 }, '请填写计划名称'],
      ['POST', '/operation/plan/create', { name: '计划', kind: 'lamp', intervalDays: 0 }, '周期天数必须是 1 到 365 的整数'],
      ['POST', '/operation/plan/create', { name: '计划', kind: 'lamp' }, '请填写周期天数'],
      ['POST', '/operation/plan/create', { name: '计划', kind: 'noSuchKind', intervalDays: 7 }, '设备类型不存在：noSuchKind'],
      [
        'POST',
        '/operation/plan/create',
        { name: '计划', kind: 'lamp', intervalDays: 7, deviceIds: ['a'] },
        '设备编号必须是正整数的列表（最多 500 台）',
      ],
      ['POST', '/operation/plan/create', { name: '计划', kind: 'lamp', intervalDays: 7, teamId: 999999 }, '班组不存在：999999'],
      ['POST', '/operation/plan/create', { name: '计划', kind: 'lamp', intervalDays: 7, enabled: 'yes' }, '是否启用只能是 true 或 false'],
      ['POST', '/operation/plan/create', { name: '   ', kind: 'lamp', intervalDays: 7 }, '请填写计划名称'],
      ['POST', '/operation/plan/update', { name: '计划', kind: 'lamp', intervalDays: 7 }, '请指定保养计划'],
      ['POST', '/operation/plan/delete', {}, '请指定保养计划'],
      ['GET', '/operation/inspections?status=LATE', undefined, '巡检状态不正确（可选：PENDING、DONE）'],
      ['POST', '/operation/inspection/result', { inspectionId: 1 }, '请选择巡检结果'],
      ['POST', '/operation/inspection/result', { inspectionId: 1, result: 'BROKEN' }, '巡检结果不正确（可选：NORMAL、ABNORMAL）'],
      ['GET', '/operation/video/cameras?status=red', undefined, '诊断状态不正确（可选：healthy、faulty）'],
      ['GET', '/operation/video/trend?range=30d', undefined, '统计范围不正确（可选：24h、7d）'],
      ['GET', '/operation/video/history', undefined, '请指定摄像机'],
      ['GET', '/operation/video/history?deviceId=1&limit=1000', undefined, '条数必须是 1 到 500 的整数'],
      ['GET', '/operation/video/failures?pageNum=0', undefined, '页码必须是正整数'],
      ['GET', '/operation/plan/devices', undefined, '请选择设备类型'],
      ['GET', '/operation/plan/devices?kind=1abc', undefined, '设备类型不正确'],
      ['GET', '/operation/plan/devices?kind=noSuchKind', undefined, '设备类型不存在：noSuchKind'],
    ];
    for (const [method, url, body, msg] of cases) {
      const reply = method === 'GET' ? await get(url) : await post(url, body ?? {});
      expect({ url, body, reply }).toEqual({ url, body, reply: { code: 400, msg } });
    }
    const [lamp] = await devicesOf(1, 'lamp');
    expect(await get(`/operation/video/history?deviceId=${lamp!.device_id}`)).toEqual({
      code: 400,
      msg: `${lamp!.name} 不是摄像机，没有视频诊断记录`,
    });
    // A plan's devices must be of its kind.
    const [camera] = await devicesOf(1, 'camera');
    expect(
      await post('/operation/plan/create', {
        name: '计划',
        kind: 'lamp',
        intervalDays: 7,
        deviceIds: [lamp!.device_id, camera!.device_id],
      }),
    ).toEqual({ code: 400, msg: `设备 ${camera!.name} 不是智慧灯杆` });
    expect(await post('/operation/plan/create', { name: '计划', kind: 'lamp', intervalDays: 7, deviceIds: [MAX_ID] })).toEqual({
      code: 404,
      msg: `设备不存在：${MAX_ID}`,
    });
    expect(await stateDigest(db())).toEqual(before);
  });
});

describe('leader jobs and pushes', () => {
  it('runs the fault and diagnosis jobs on their schedule and tells the tenant of each fault and run', async () => {
    const scheduled = await testServer({
      operations: { faultCheckMs: 100, offlineFaultMs: 0, videoDiagnosisMs: 100, videoDiagnosisRetentionMs: DAY },
    });
    try {
      await scheduled.app.ready();
      const [lamp] = await scheduled.services.ctx.db
        .selectFrom('devices')
        .select(['device_id'])
        .where('tenant_id', '=', 1)
        .where('kind', '=', 'lamp')
        .orderBy('device_id')
        .execute();
      await scheduled.services.simulator.setOnline(lamp!.device_id, false);
      const until = async (check: () => Promise<boolean>) => {
        for (let tries = 0; tries < 100 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await check()).toBe(true);
      };
      await until(
        async () =>
          (
            await scheduled.services.ctx.db
              .selectFrom('operation_faults')
              .select('fault_id')
              .where('device_id', '=', lamp!.device_id)
              .execute()
          ).length === 1,
      );
      await until(
        async () =>
          (await scheduled.services.ctx.db.selectFrom('video_diagnosis_checks').select('id').where('tenant_id', '=', 1).limit(1).execute())
            .length === 1,
      );
      const pushed = async (eventType: string) =>
        (
          await scheduled.services.ctx.db
            .selectFrom('push_log')
            .select(['payload'])
            .where('tenant_id', '=', 1)
            .where('event_type', '=', eventType)
            .execute()
        ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);
      await until(async () =>
        (await pushed('OPERATION_FAULT')).some((message) => JSON.stringify(message).includes(`"deviceId":${lamp!.device_id}`)),
      );
      await until(async () => (await pushed('VIDEO_DIAGNOSIS')).length > 0);
      // Back online: the job closes it and says so.
      await scheduled.services.simulator.setOnline(lamp!.device_id, true);
      await until(
        async () =>
          (
            await scheduled.services.ctx.db
              .selectFrom('operation_faults')
              .select('status')
              .where('device_id', '=', lamp!.device_id)
              .executeTakeFirstOrThrow()
          ).status === 'CLOSED',
      );
      await until(async () => (await pushed('OPERATION_FAULT')).some((message) => JSON.stringify(message).includes('"autoClose"')));
    } finally {
      await scheduled.close();
    }
  });
});

describe('pushes', () => {
  it('stored only messages whose data passes their topic schema (what the web app accepts)', async () => {
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });
});
