import type { FastifyInstance } from 'fastify';
import {
  AVAILABILITY_RANGES,
  CAMERA_HEALTH_FILTERS,
  FAULT_CAUSES,
  FAULT_STATUSES,
  INSPECTION_RESULTS,
  INSPECTION_STATUSES,
  type AvailabilityRange,
  type CameraHealthFilter,
  type FaultQuery,
  type InspectionQuery,
  type InspectionResultBody,
  type PlanBody,
} from '../../contracts/operations';
import { access } from '../access/RouteAccess';
import { ok } from '../envelope';
import type { AvailabilityService } from './AvailabilityService';
import type { FaultService } from './FaultService';
import type { MaintenanceService } from './MaintenanceService';
import { TREND_HOURS, type VideoDiagnosisService } from './VideoDiagnosisService';

const MAX_ID = 2147483647;
const id = (label: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: MAX_ID,
  errorMessage: { type: `${label}必须是正整数`, minimum: `${label}必须是正整数`, maximum: `${label}必须是正整数` },
});
const time = (label: string) => ({
  type: 'integer',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  errorMessage: { type: `${label}必须是毫秒时间戳`, minimum: `${label}必须是毫秒时间戳`, maximum: `${label}必须是毫秒时间戳` },
});
const oneOf = (label: string, values: readonly string[]) => ({
  type: 'string',
  enum: [...values],
  errorMessage: { type: `${label}不正确`, enum: `${label}不正确（可选：${values.join('、')}）` },
});
const text = (label: string, maxLength: number, required = false) => ({
  type: 'string',
  ...(required ? { minLength: 1 } : {}),
  maxLength,
  errorMessage: {
    type: `${label}必须是文字`,
    ...(required ? { minLength: `请填写${label}` } : {}),
    maxLength: `${label}不能超过 ${maxLength} 个字符`,
  },
});
const flag = (label: string) => ({
  type: 'string',
  enum: ['0', '1'],
  errorMessage: { type: `${label}只能是 0 或 1`, enum: `${label}只能是 0 或 1` },
});
const bool = (label: string) => ({ type: 'boolean', errorMessage: { type: `${label}只能是 true 或 false` } });
const body = (properties: Record<string, object>, required: Record<string, string>) => ({
  body: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});
const query = (properties: Record<string, object>, required: Record<string, string> = {}) => ({
  querystring: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});
const paging = {
  pageNum: {
    type: 'integer',
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
    errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数', maximum: '页码过大' },
  },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: 200,
    default: 20,
    errorMessage: { type: '每页条数必须是正整数', minimum: '每页条数必须是正整数', maximum: '每页条数不能超过 200' },
  },
};
const kindField = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$',
  errorMessage: { type: '设备类型不正确', pattern: '设备类型不正确' },
};
const planFields = {
  name: text('计划名称', 100, true),
  kind: kindField,
  deviceIds: {
    type: 'array',
    maxItems: 500,
    items: { type: 'integer', minimum: 1, maximum: MAX_ID },
    errorMessage: '设备编号必须是正整数的列表（最多 500 台）',
  },
  intervalDays: {
    type: 'integer',
    minimum: 1,
    maximum: 365,
    errorMessage: {
      type: '周期天数必须是 1 到 365 的整数',
      minimum: '周期天数必须是 1 到 365 的整数',
      maximum: '周期天数必须是 1 到 365 的整数',
    },
  },
  teamId: id('班组编号'),
  nextDueAt: time('下次到期时间'),
  createWorkOrder: bool('是否生成工单'),
  enabled: bool('是否启用'),
};
const planRequired = { name: '请填写计划名称', kind: '请选择设备类型', intervalDays: '请填写周期天数' };

/**
 * 设备运维 (platform:operation:deviceOperation) and 视频诊断 (platform:operation:videoDiagnosis): availability,
 * faults, maintenance plans and inspections, and the camera diagnosis.
 */
export async function operationRoutes(
  api: FastifyInstance,
  services: { availability: AvailabilityService; faults: FaultService; maintenance: MaintenanceService; video: VideoDiagnosisService },
): Promise<void> {
  const { availability, faults, maintenance, video } = services;
  const config = { access: access.menu('platform:operation:deviceOperation') };
  const videoConfig = { access: access.menu('platform:operation:videoDiagnosis') };

  api.get(
    '/operation/availability',
    { config, schema: query({ range: { ...oneOf('统计范围', AVAILABILITY_RANGES), default: '7d' } }) },
    async (request) => ok(await availability.report(request.session!.tenantId, (request.query as { range: AvailabilityRange }).range)),
  );

  api.get('/operation/kpi', { config }, async (request) => ok(await availability.kpi(request.session!.tenantId)));

  api.get(
    '/operation/faults',
    {
      config,
      schema: query({
        ...paging,
        status: oneOf('故障状态', FAULT_STATUSES),
        open: flag('是否未关闭'),
        cause: oneOf('故障原因', FAULT_CAUSES),
        kind: kindField,
        deviceId: id('设备编号'),
      }),
    },
    async (request) => {
      const { pageNum, pageSize, ...filters } = request.query as FaultQuery & { pageNum: number; pageSize: number };
      return { code: 200, msg: '查询成功', ...(await faults.list({ tenantId: request.session!.tenantId, pageNum, pageSize, ...filters })) };
    },
  );

  api.get(
    '/operation/fault/:faultId',
    { config, schema: { params: { type: 'object', properties: { faultId: id('故障编号') } } } },
    async (request) => ok(await faults.detail(request.session!.tenantId, (request.params as { faultId: number }).faultId)),
  );

  api.post(
    '/operation/fault/close',
    {
      config,
      schema: body({ faultId: id('故障编号'), note: text('关闭说明', 500, true) }, { faultId: '请指定故障', note: '请填写关闭说明' }),
    },
    async (request) => {
      const input = request.body as { faultId: number; note: string };
      const { tenantId, userId } = request.session!;
      return ok(await faults.close(tenantId, userId, input.faultId, input.note.trim()), {}, '故障已关闭');
    },
  );

  api.post(
    '/operation/fault/workOrder',
    { config, schema: body({ faultId: id('故障编号'), title: text('工单标题', 100), teamId: id('班组编号') }, { faultId: '请指定故障' }) },
    async (request) => {
      const input = request.body as { faultId: number; title?: string; teamId?: number };
      const { tenantId, userId } = request.session!;
      const result = await faults.toWorkOrder(tenantId, userId, input);
      return ok(result, {}, `已转为工单 ${result.order.orderNo}`);
    },
  );

  api.get('/operation/plans', { config }, async (request) => ok(await maintenance.plans(request.session!.tenantId)));

  api.get('/operation/plan/devices', { config, schema: query({ kind: kindField }, { kind: '请选择设备类型' }) }, async (request) =>
    ok(await maintenance.devicesOf(request.session!.tenantId, (request.query as { kind: string }).kind)),
  );

  api.post('/operation/plan/create', { config, schema: body(planFields, planRequired) }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok(await maintenance.createPlan(tenantId, userId, request.body as PlanBody), {}, '保养计划已创建');
  });

  api.post(
    '/operation/plan/update',
    { config, schema: body({ planId: id('计划编号'), ...planFields }, { planId: '请指定保养计划', ...planRequired }) },
    async (request) => {
      const { planId, ...plan } = request.body as PlanBody & { planId: number };
      const { tenantId, userId } = request.session!;
      return ok(await maintenance.updatePlan(tenantId, userId, planId, plan), {}, '保养计划已保存');
    },
  );

  api.post(
    '/operation/plan/delete',
    { config, schema: body({ planId: id('计划编号') }, { planId: '请指定保养计划' }) },
    async (request) => {
      const { tenantId, userId } = request.session!;
      await maintenance.deletePlan(tenantId, userId, (request.body as { planId: number }).planId);
      return ok(undefined, {}, '保养计划已删除');
    },
  );

  api.get(
    '/operation/inspections',
    { config, schema: query({ ...paging, status: oneOf('巡检状态', INSPECTION_STATUSES), planId: id('计划编号') }) },
    async (request) => {
      const { pageNum, pageSize, ...filters } = request.query as InspectionQuery & { pageNum: number; pageSize: number };
      return {
        code: 200,
        msg: '查询成功',
        ...(await maintenance.inspections({ tenantId: request.session!.tenantId, pageNum, pageSize, ...filters })),
      };
    },
  );

  api.post(
    '/operation/inspection/result',
    {
      config,
      schema: body(
        {
          inspectionId: id('巡检编号'),
          result: oneOf('巡检结果', INSPECTION_RESULTS),
          note: text('巡检说明', 500),
          deviceId: id('设备编号'),
        },
        { inspectionId: '请指定巡检', result: '请选择巡检结果' },
      ),
    },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await maintenance.recordResult(tenantId, userId, request.body as InspectionResultBody), {}, '巡检结果已记录');
    },
  );

  // ---- 视频诊断 ----

  api.get('/operation/video/summary', { config: videoConfig }, async (request) => ok(await video.summary(request.session!.tenantId)));

  api.get(
    '/operation/video/cameras',
    { config: videoConfig, schema: query({ status: oneOf('诊断状态', CAMERA_HEALTH_FILTERS) }) },
    async (request) => ok(await video.grid(request.session!.tenantId, (request.query as { status?: CameraHealthFilter }).status)),
  );

  api.get('/operation/video/failures', { config: videoConfig, schema: query({ ...paging, deviceId: id('设备编号') }) }, async (request) => {
    const { pageNum, pageSize, deviceId } = request.query as { pageNum: number; pageSize: number; deviceId?: number };
    return { code: 200, msg: '查询成功', ...(await video.failures(request.session!.tenantId, pageNum, pageSize, deviceId)) };
  });

  api.get(
    '/operation/video/trend',
    { config: videoConfig, schema: query({ range: { ...oneOf('统计范围', Object.keys(TREND_HOURS)), default: '24h' } }) },
    async (request) => ok(await video.trend(request.session!.tenantId, (request.query as { range: keyof typeof TREND_HOURS }).range)),
  );

  api.get(
    '/operation/video/history',
    {
      config: videoConfig,
      schema: query(
        {
          deviceId: id('设备编号'),
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 500,
            default: 100,
            errorMessage: {
              type: '条数必须是 1 到 500 的整数',
              minimum: '条数必须是 1 到 500 的整数',
              maximum: '条数必须是 1 到 500 的整数',
            },
          },
        },
        { deviceId: '请指定摄像机' },
      ),
    },
    async (request) => {
      const { deviceId, limit } = request.query as { deviceId: number; limit: number };
      return ok(await video.history(request.session!.tenantId, deviceId, limit));
    },
  );

  api.post('/operation/video/run', { config: videoConfig }, async (request) => {
    const tenantId = request.session!.tenantId;
    const run = (await video.run(tenantId)).get(tenantId)!;
    return ok(run, {}, `诊断完成：${run.cameras} 路摄像机，${run.faulty} 路异常`);
  });
}
