import type { ApiCaller } from '@ops/sdk';
import {
  routes,
  type AvailabilityRange,
  type AvailabilityReport,
  type CameraDiagnosisHistory,
  type CameraHealth,
  type CameraHealthFilter,
  type DiagnosisRun,
  type DiagnosisSummary,
  type DiagnosisTrend,
  type FaultQuery,
  type FaultRow,
  type InspectionResult,
  type InspectionRow,
  type MaintenancePlan,
  type OperationKpi,
  type PlanBody,
  type PlanDeviceOption,
  type WorkOrderRow,
} from '@ops/contracts';

export interface Page<T> {
  rows: T[];
  total: number;
}

export type CameraHistory = CameraDiagnosisHistory;

const quiet = { loading: false, quiet: true } as const;
const operation = routes.operations;

/**
 * 设备运维 and 视频诊断's calls (contracts/api/operationRoutes.ts). Reads are quiet (the panel shows the
 * failure); actions let the HTTP client toast the server's refusal and reject, so a dialog stays open.
 */
export function createOperationApi(api: ApiCaller) {
  return {
    async kpi(): Promise<OperationKpi> {
      return (await api.call(operation.kpi, {}, quiet)).data;
    },
    async availability(range: AvailabilityRange): Promise<AvailabilityReport> {
      return (await api.call(operation.availability, { query: { range } }, quiet)).data;
    },
    async faults(query: FaultQuery): Promise<Page<FaultRow>> {
      const { pageNum = 1, pageSize = 20, ...filters } = query;
      const reply = await api.call(operation.faults, { query: { pageNum, pageSize, ...filters } }, quiet);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    async closeFault(faultId: number, note: string): Promise<FaultRow> {
      return (await api.call(operation.closeFault, { body: { faultId, note } })).data;
    },
    async faultToWorkOrder(faultId: number, title: string, teamId?: number): Promise<{ fault: FaultRow; order: WorkOrderRow }> {
      const body = { faultId, ...(title ? { title } : {}), ...(teamId ? { teamId } : {}) };
      return (await api.call(operation.faultToWorkOrder, { body })).data;
    },
    async plans(): Promise<MaintenancePlan[]> {
      return (await api.call(operation.plans, {}, quiet)).data ?? [];
    },
    /** The tenant's devices of a kind, by name: a plan's devices are picked from them. */
    async planDevices(kind: string): Promise<PlanDeviceOption[]> {
      return (await api.call(operation.planDevices, { query: { kind } }, quiet)).data ?? [];
    },
    async savePlan(body: PlanBody, planId?: number): Promise<MaintenancePlan> {
      const { teamId, ...plan } = body;
      // No team is sent as no field (the schema takes a team's id or nothing).
      const fields = { ...plan, ...(teamId ? { teamId } : {}) };
      const reply =
        planId === undefined
          ? await api.call(operation.createPlan, { body: fields })
          : await api.call(operation.updatePlan, { body: { planId, ...fields } });
      return reply.data;
    },
    async deletePlan(planId: number): Promise<void> {
      await api.call(operation.deletePlan, { body: { planId } });
    },
    async inspections(pageNum: number, pageSize: number): Promise<Page<InspectionRow>> {
      const reply = await api.call(operation.inspections, { query: { pageNum, pageSize } }, quiet);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    async recordInspection(inspectionId: number, result: InspectionResult, note: string, deviceId?: number): Promise<InspectionRow> {
      const body = { inspectionId, result, ...(note ? { note } : {}), ...(deviceId ? { deviceId } : {}) };
      return (await api.call(operation.recordInspection, { body })).data;
    },
    async teams(): Promise<{ teamId: number; name: string }[]> {
      const reply = await api.call(routes.workOrders.assignees, {}, quiet).catch(() => undefined);
      return reply?.data?.teams ?? [];
    },
    async videoSummary(): Promise<DiagnosisSummary> {
      return (await api.call(operation.videoSummary, {}, quiet)).data;
    },
    async cameras(status?: CameraHealthFilter): Promise<CameraHealth[]> {
      return (await api.call(operation.cameras, { query: status ? { status } : {} }, quiet)).data ?? [];
    },
    async failures(pageNum: number, pageSize: number): Promise<Page<CameraHealth>> {
      const reply = await api.call(operation.failures, { query: { pageNum, pageSize } }, quiet);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    async trend(): Promise<DiagnosisTrend> {
      return (await api.call(operation.trend, { query: { range: '24h' } }, quiet)).data;
    },
    async history(deviceId: number): Promise<CameraHistory> {
      return (await api.call(operation.history, { query: { deviceId, limit: 50 } }, quiet)).data;
    },
    async runDiagnosis(): Promise<DiagnosisRun> {
      return (await api.call(operation.runDiagnosis, {}, { json: true })).data;
    },
  };
}

export type OperationApi = ReturnType<typeof createOperationApi>;
