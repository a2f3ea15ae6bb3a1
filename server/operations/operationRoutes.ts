import type { FastifyInstance } from 'fastify';
import { operationRoutes as declared } from '../../contracts/api/operationRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { AvailabilityService } from './AvailabilityService';
import type { FaultService } from './FaultService';
import type { MaintenanceService } from './MaintenanceService';
import type { VideoDiagnosisService } from './VideoDiagnosisService';

/**
 * 设备运维 (platform:operation:deviceOperation) and 视频诊断 (platform:operation:videoDiagnosis): availability,
 * faults, maintenance plans and inspections, and the camera diagnosis (contracts/api/operationRoutes.ts).
 */
export async function operationRoutes(
  api: FastifyInstance,
  services: { availability: AvailabilityService; faults: FaultService; maintenance: MaintenanceService; video: VideoDiagnosisService },
): Promise<void> {
  const { availability, faults, maintenance, video } = services;

  route(api, declared.availability, async (request) => ok(await availability.report(sessionOf(request).tenantId, request.query.range)));

  route(api, declared.kpi, async (request) => ok(await availability.kpi(sessionOf(request).tenantId)));

  route(api, declared.faults, async (request) => {
    const { pageNum, pageSize, ...filters } = request.query;
    return { code: 200, msg: '查询成功', ...(await faults.list({ tenantId: sessionOf(request).tenantId, pageNum, pageSize, ...filters })) };
  });

  route(api, declared.fault, async (request) => ok(await faults.detail(sessionOf(request).tenantId, request.params.faultId)));

  route(api, declared.closeFault, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await faults.close(tenantId, userId, request.body.faultId, request.body.note.trim()), {}, '故障已关闭');
  });

  route(api, declared.faultToWorkOrder, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const result = await faults.toWorkOrder(tenantId, userId, request.body);
    return ok(result, {}, `已转为工单 ${result.order.orderNo}`);
  });

  route(api, declared.plans, async (request) => ok(await maintenance.plans(sessionOf(request).tenantId)));

  route(api, declared.planDevices, async (request) => ok(await maintenance.devicesOf(sessionOf(request).tenantId, request.query.kind)));

  route(api, declared.createPlan, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await maintenance.createPlan(tenantId, userId, request.body), {}, '保养计划已创建');
  });

  route(api, declared.updatePlan, async (request) => {
    const { planId, ...plan } = request.body;
    const { tenantId, userId } = sessionOf(request);
    return ok(await maintenance.updatePlan(tenantId, userId, planId, plan), {}, '保养计划已保存');
  });

  route(api, declared.deletePlan, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    await maintenance.deletePlan(tenantId, userId, request.body.planId);
    return ok(undefined, {}, '保养计划已删除');
  });

  route(api, declared.inspections, async (request) => {
    const { pageNum, pageSize, ...filters } = request.query;
    return {
      code: 200,
      msg: '查询成功',
      ...(await maintenance.inspections({ tenantId: sessionOf(request).tenantId, pageNum, pageSize, ...filters })),
    };
  });

  route(api, declared.recordInspection, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await maintenance.recordResult(tenantId, userId, request.body), {}, '巡检结果已记录');
  });

  // ---- 视频诊断 ----

  route(api, declared.videoSummary, async (request) => ok(await video.summary(sessionOf(request).tenantId)));

  route(api, declared.cameras, async (request) => ok(await video.grid(sessionOf(request).tenantId, request.query.status)));

  route(api, declared.failures, async (request) => {
    const { pageNum, pageSize, deviceId } = request.query;
    return { code: 200, msg: '查询成功', ...(await video.failures(sessionOf(request).tenantId, pageNum, pageSize, deviceId)) };
  });

  route(api, declared.trend, async (request) => ok(await video.trend(sessionOf(request).tenantId, request.query.range)));

  route(api, declared.history, async (request) =>
    ok(await video.history(sessionOf(request).tenantId, request.query.deviceId, request.query.limit)),
  );

  route(api, declared.runDiagnosis, async (request) => {
    const { tenantId } = sessionOf(request);
    const run = (await video.run(tenantId)).get(tenantId)!;
    return ok(run, {}, `诊断完成：${run.cameras} 路摄像机，${run.faulty} 路异常`);
  });
}
