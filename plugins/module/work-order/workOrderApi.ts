import type { ApiFiles, HttpClient } from '@ops/sdk';
import type {
  AlarmWorkOrderBody,
  CreateWorkOrderBody,
  WorkOrderAction,
  WorkOrderAssignees,
  WorkOrderDetail,
  WorkOrderPhoto,
  WorkOrderQuery,
  WorkOrderRow,
  WorkOrderStats,
} from '@ops/contracts';

/** What an action of the detail sends besides the order id (the server checks each). */
export interface ActionInput {
  userId?: number;
  teamId?: number;
  note?: string;
  result?: string;
  photoIds?: number[];
}

/** The SLA chart looks back this many days (GET /workOrder/stats?days=). */
export const STATS_DAYS = 30;

/**
 * 工单管理's calls (server/ROUTES.md: /workOrder/…). Reads are quiet (the panel shows the failure);
 * actions let the HTTP client toast the server's refusal and reject, so the caller keeps its form.
 */
export function createWorkOrderApi(http: HttpClient, files: ApiFiles) {
  return {
    async list(query: WorkOrderQuery): Promise<{ rows: WorkOrderRow[]; total: number }> {
      const reply = await http.get('/workOrder/list', { ...query }, { loading: false, quiet: true });
      return { rows: (reply.rows as WorkOrderRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    async stats(): Promise<WorkOrderStats> {
      return (await http.get<WorkOrderStats>('/workOrder/stats', { days: STATS_DAYS }, { loading: false, quiet: true }))
        .data as WorkOrderStats;
    },
    async detail(orderId: number): Promise<WorkOrderDetail> {
      return (await http.get<WorkOrderDetail>(`/workOrder/detail/${orderId}`, {}, { loading: false, quiet: true })).data as WorkOrderDetail;
    },
    async assignees(): Promise<WorkOrderAssignees> {
      return ((await http.get<WorkOrderAssignees>('/workOrder/assignees', {}, { loading: false, quiet: true })).data ?? {
        users: [],
        teams: [],
      }) as WorkOrderAssignees;
    },
    async create(body: CreateWorkOrderBody): Promise<WorkOrderRow> {
      return (await http.post<WorkOrderRow>('/workOrder/create', { ...body }, { json: true })).data as WorkOrderRow;
    },
    async createFromAlarm(body: AlarmWorkOrderBody): Promise<WorkOrderRow> {
      return (await http.post<WorkOrderRow>('/alarm/workOrder', { ...body }, { json: true })).data as WorkOrderRow;
    },
    async act(action: WorkOrderAction, orderId: number, input: ActionInput): Promise<WorkOrderRow> {
      return (await http.post<WorkOrderRow>(`/workOrder/${action}`, { orderId, ...input }, { json: true })).data as WorkOrderRow;
    },
    uploadPhoto: (orderId: number, file: Blob) => files.upload<WorkOrderPhoto>('/workOrder/photo', { orderId }, file),
    photo: (photo: WorkOrderPhoto) => files.download(photo.url),
  };
}

export type WorkOrderApi = ReturnType<typeof createWorkOrderApi>;
