import type { HttpClient } from '@ops/sdk';
import type {
  AvailabilityRange,
  AvailabilityReport,
  CameraHealth,
  CameraHealthFilter,
  DiagnosisCheck,
  DiagnosisRun,
  DiagnosisSummary,
  DiagnosisTrend,
  FaultQuery,
  FaultRow,
  InspectionResult,
  InspectionRow,
  MaintenancePlan,
  OperationKpi,
  PlanBody,
  PlanDeviceOption,
  WorkOrderRow,
} from '@ops/contracts';

export interface Page<T> {
  rows: T[];
  total: number;
}

export interface CameraHistory {
  camera: { deviceId: number; deviceName: string; kind: string; kindName: string; online: boolean };
  checks: DiagnosisCheck[];
}

const quiet = { loading: false, quiet: true } as const;

/**
 * 设备运维 and 视频诊断's calls (server/ROUTES.md: /operation/…). Reads are quiet (the panel shows the
 * failure); actions let the HTTP client toast the server's refusal and reject, so a dialog stays open.
 */
export function createOperationApi(http: HttpClient) {
  return {
    async kpi(): Promise<OperationKpi> {
      return (await http.get<OperationKpi>('/operation/kpi', {}, quiet)).data as OperationKpi;
    },
    async availability(range: AvailabilityRange): Promise<AvailabilityReport> {
      return (await http.get<AvailabilityReport>('/operation/availability', { range }, quiet)).data as AvailabilityReport;
    },
    async faults(query: FaultQuery): Promise<Page<FaultRow>> {
      const reply = await http.get('/operation/faults', { ...query }, quiet);
      return { rows: (reply.rows as FaultRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    async closeFault(faultId: number, note: string): Promise<FaultRow> {
      return (await http.post<FaultRow>('/operation/fault/close', { faultId, note }, { json: true })).data as FaultRow;
    },
    async faultToWorkOrder(faultId: number, title: string, teamId?: number): Promise<{ fault: FaultRow; order: WorkOrderRow }> {
      const body = { faultId, ...(title ? { title } : {}), ...(teamId ? { teamId } : {}) };
      return (await http.post<{ fault: FaultRow; order: WorkOrderRow }>('/operation/fault/workOrder', body, { json: true })).data as {
        fault: FaultRow;
        order: WorkOrderRow;
      };
    },
    async plans(): Promise<MaintenancePlan[]> {
      return ((await http.get<MaintenancePlan[]>('/operation/plans', {}, quiet)).data ?? []) as MaintenancePlan[];
    },
    /** The tenant's devices of a kind, by name: a plan's devices are picked from them. */
    async planDevices(kind: string): Promise<PlanDeviceOption[]> {
      return ((await http.get<PlanDeviceOption[]>('/operation/plan/devices', { kind }, quiet)).data ?? []) as PlanDeviceOption[];
    },
    async savePlan(body: PlanBody, planId?: number): Promise<MaintenancePlan> {
      const reply =
        planId === undefined
          ? await http.post<MaintenancePlan>('/operation/plan/create', { ...body }, { json: true })
          : await http.post<MaintenancePlan>('/operation/plan/update', { planId, ...body }, { json: true });
      return reply.data as MaintenancePlan;
    },
    async deletePlan(planId: number): Promise<void> {
      await http.post('/operation/plan/delete', { planId }, { json: true });
    },
    async inspections(pageNum: number, pageSize: number): Promise<Page<InspectionRow>> {
      const reply = await http.get('/operation/inspections', { pageNum, pageSize }, quiet);
      return { rows: (reply.rows as InspectionRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    async recordInspection(inspectionId: number, result: InspectionResult, note: string, deviceId?: number): Promise<InspectionRow> {
      const body = { inspectionId, result, ...(note ? { note } : {}), ...(deviceId ? { deviceId } : {}) };
      return (await http.post<InspectionRow>('/operation/inspection/result', body, { json: true })).data as InspectionRow;
    },
    async teams(): Promise<{ teamId: number; name: string }[]> {
      const reply = await http.get<{ teams: { teamId: number; name: string }[] }>('/workOrder/assignees', {}, quiet).catch(() => undefined);
      return (reply?.data as { teams: { teamId: number; name: string }[] } | undefined)?.teams ?? [];
    },
    async videoSummary(): Promise<DiagnosisSummary> {
      return (await http.get<DiagnosisSummary>('/operation/video/summary', {}, quiet)).data as DiagnosisSummary;
    },
    async cameras(status?: CameraHealthFilter): Promise<CameraHealth[]> {
      return ((await http.get<CameraHealth[]>('/operation/video/cameras', status ? { status } : {}, quiet)).data ?? []) as CameraHealth[];
    },
    async failures(pageNum: number, pageSize: number): Promise<Page<CameraHealth>> {
      const reply = await http.get('/operation/video/failures', { pageNum, pageSize }, quiet);
      return { rows: (reply.rows as CameraHealth[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    async trend(): Promise<DiagnosisTrend> {
      return (await http.get<DiagnosisTrend>('/operation/video/trend', { range: '24h' }, quiet)).data as DiagnosisTrend;
    },
    async history(deviceId: number): Promise<CameraHistory> {
      return (await http.get<CameraHistory>('/operation/video/history', { deviceId, limit: 50 }, quiet)).data as CameraHistory;
    },
    async runDiagnosis(): Promise<DiagnosisRun> {
      return (await http.post<DiagnosisRun>('/operation/video/run', {}, { json: true })).data as DiagnosisRun;
    },
  };
}

export type OperationApi = ReturnType<typeof createOperationApi>;
