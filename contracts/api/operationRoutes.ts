/**
 * 设备运维 (platform:operation:deviceOperation: availability, faults, maintenance plans, inspections) and
 * 视频诊断 (platform:operation:videoDiagnosis: the cameras' checks).
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, messageReply, tableReply } from './defineRoute';
import { bool, boundedInteger, fields, flag, id, idList, oneOf, paging, pathParams, patterned, text, time, withDefault } from './schemas';
import {
  AVAILABILITY_RANGES,
  CAMERA_HEALTH_FILTERS,
  DIAGNOSIS_TREND_RANGES,
  FAULT_CAUSES,
  FAULT_STATUSES,
  INSPECTION_RESULTS,
  INSPECTION_STATUSES,
  type AvailabilityReport,
  type CameraDiagnosisHistory,
  type CameraHealth,
  type DiagnosisRun,
  type DiagnosisSummary,
  type DiagnosisTrend,
  type FaultDetail,
  type FaultRow,
  type InspectionRow,
  type MaintenancePlan,
  type OperationKpi,
  type PlanDeviceOption,
} from '../operations';
import type { WorkOrderRow } from '../workOrders';

const operationMenu = access.menu('platform:operation:deviceOperation');
const videoMenu = access.menu('platform:operation:videoDiagnosis');

const kind = patterned('设备类型不正确', '^[A-Za-z][A-Za-z0-9_]{0,39}$');
const faultId = id('故障编号');
const planId = id('计划编号');
const planFields = {
  name: text('计划名称', 100, true),
  kind,
  deviceIds: idList('设备编号必须是正整数的列表（最多 500 台）', 500),
  intervalDays: boundedInteger('周期天数必须是 1 到 365 的整数', 1, 365),
  teamId: id('班组编号'),
  nextDueAt: time('下次到期时间'),
  createWorkOrder: bool('是否生成工单'),
  enabled: bool('是否启用'),
};
const planRequired = { name: '请填写计划名称', kind: '请选择设备类型', intervalDays: '请填写周期天数' } as const;
const planReply = dataReply<MaintenancePlan>();

export const operationRoutes = {
  availability: defineRoute({
    method: 'GET',
    path: '/operation/availability',
    query: fields({ range: withDefault(oneOf('统计范围', AVAILABILITY_RANGES), '7d') }),
    reply: dataReply<AvailabilityReport>(),
    access: operationMenu,
  }),
  kpi: defineRoute({ method: 'GET', path: '/operation/kpi', reply: dataReply<OperationKpi>(), access: operationMenu }),
  faults: defineRoute({
    method: 'GET',
    path: '/operation/faults',
    query: fields({
      ...paging(),
      status: oneOf('故障状态', FAULT_STATUSES),
      open: flag('是否未关闭'),
      cause: oneOf('故障原因', FAULT_CAUSES),
      kind,
      deviceId: id('设备编号'),
    }),
    reply: tableReply<FaultRow>(),
    access: operationMenu,
  }),
  fault: defineRoute({
    method: 'GET',
    path: '/operation/fault/:faultId',
    params: pathParams({ faultId }),
    reply: dataReply<FaultDetail>(),
    access: operationMenu,
  }),
  closeFault: defineRoute({
    method: 'POST',
    path: '/operation/fault/close',
    body: fields({ faultId, note: text('关闭说明', 500, true) }, { faultId: '请指定故障', note: '请填写关闭说明' }),
    bodyEncoding: 'json',
    reply: dataReply<FaultRow>(),
    access: operationMenu,
  }),
  faultToWorkOrder: defineRoute({
    method: 'POST',
    path: '/operation/fault/workOrder',
    body: fields({ faultId, title: text('工单标题', 100), teamId: id('班组编号') }, { faultId: '请指定故障' }),
    bodyEncoding: 'json',
    reply: dataReply<{ fault: FaultRow; order: WorkOrderRow }>(),
    access: operationMenu,
  }),
  plans: defineRoute({ method: 'GET', path: '/operation/plans', reply: dataReply<MaintenancePlan[]>(), access: operationMenu }),
  /** The tenant's devices of a kind, by name, to pick a plan's devices from. */
  planDevices: defineRoute({
    method: 'GET',
    path: '/operation/plan/devices',
    query: fields({ kind }, { kind: '请选择设备类型' }),
    reply: dataReply<PlanDeviceOption[]>(),
    access: operationMenu,
  }),
  createPlan: defineRoute({
    method: 'POST',
    path: '/operation/plan/create',
    body: fields(planFields, planRequired),
    bodyEncoding: 'json',
    reply: planReply,
    access: operationMenu,
  }),
  updatePlan: defineRoute({
    method: 'POST',
    path: '/operation/plan/update',
    body: fields({ planId, ...planFields }, { planId: '请指定保养计划', ...planRequired }),
    bodyEncoding: 'json',
    reply: planReply,
    access: operationMenu,
  }),
  deletePlan: defineRoute({
    method: 'POST',
    path: '/operation/plan/delete',
    body: fields({ planId }, { planId: '请指定保养计划' }),
    bodyEncoding: 'json',
    reply: messageReply(),
    access: operationMenu,
  }),
  inspections: defineRoute({
    method: 'GET',
    path: '/operation/inspections',
    query: fields({ ...paging(), status: oneOf('巡检状态', INSPECTION_STATUSES), planId }),
    reply: tableReply<InspectionRow>(),
    access: operationMenu,
  }),
  /** An 异常 result names the device at fault. */
  recordInspection: defineRoute({
    method: 'POST',
    path: '/operation/inspection/result',
    body: fields(
      {
        inspectionId: id('巡检编号'),
        result: oneOf('巡检结果', INSPECTION_RESULTS),
        note: text('巡检说明', 500),
        deviceId: id('设备编号'),
      },
      { inspectionId: '请指定巡检', result: '请选择巡检结果' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<InspectionRow>(),
    access: operationMenu,
  }),

  // ---- 视频诊断 ----

  videoSummary: defineRoute({ method: 'GET', path: '/operation/video/summary', reply: dataReply<DiagnosisSummary>(), access: videoMenu }),
  cameras: defineRoute({
    method: 'GET',
    path: '/operation/video/cameras',
    query: fields({ status: oneOf('诊断状态', CAMERA_HEALTH_FILTERS) }),
    reply: dataReply<CameraHealth[]>(),
    access: videoMenu,
  }),
  failures: defineRoute({
    method: 'GET',
    path: '/operation/video/failures',
    query: fields({ ...paging(), deviceId: id('设备编号') }),
    reply: tableReply<CameraHealth>(),
    access: videoMenu,
  }),
  trend: defineRoute({
    method: 'GET',
    path: '/operation/video/trend',
    query: fields({ range: withDefault(oneOf('统计范围', DIAGNOSIS_TREND_RANGES), '24h') }),
    reply: dataReply<DiagnosisTrend>(),
    access: videoMenu,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/operation/video/history',
    query: fields(
      { deviceId: id('设备编号'), limit: withDefault(boundedInteger('条数必须是 1 到 500 的整数', 1, 500), 100) },
      { deviceId: '请指定摄像机' },
    ),
    reply: dataReply<CameraDiagnosisHistory>(),
    access: videoMenu,
  }),
  /** Diagnoses the tenant's cameras now. */
  runDiagnosis: defineRoute({ method: 'POST', path: '/operation/video/run', reply: dataReply<DiagnosisRun>(), access: videoMenu }),
};
