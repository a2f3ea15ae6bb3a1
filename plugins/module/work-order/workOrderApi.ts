import type { ApiCaller, ApiFiles } from '@ops/sdk';
import {
  routes,
  type AlarmWorkOrderBody,
  type CreateWorkOrderBody,
  type WorkOrderAction,
  type WorkOrderAssignees,
  type WorkOrderDetail,
  type WorkOrderPhoto,
  type WorkOrderQuery,
  type WorkOrderRow,
  type WorkOrderStats,
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

const reading = { loading: false, quiet: true };
const workOrders = routes.workOrders;

/**
 * 工单管理's calls (contracts/api/workOrderRoutes.ts). Reads are quiet (the panel shows the failure);
 * actions let the HTTP client toast the server's refusal and reject, so the caller keeps its form.
 */
export function createWorkOrderApi(api: ApiCaller, files: ApiFiles) {
  // A required text left empty is sent empty: the server refuses it with its own message (请填写…).
  const act = async (action: WorkOrderAction, orderId: number, input: ActionInput): Promise<WorkOrderRow> => {
    const { userId, teamId, note, result, photoIds } = input;
    switch (action) {
      case 'assign':
        return (await api.call(workOrders.assign, { body: { orderId, userId, teamId, note } })).data;
      case 'accept':
        return (await api.call(workOrders.accept, { body: { orderId, note } })).data;
      case 'progress':
        return (await api.call(workOrders.progress, { body: { orderId, note: note ?? '', photoIds } })).data;
      case 'close':
        return (await api.call(workOrders.close, { body: { orderId, result: result ?? '', photoIds } })).data;
      case 'reopen':
        return (await api.call(workOrders.reopen, { body: { orderId, note: note ?? '' } })).data;
      case 'cancel':
        return (await api.call(workOrders.cancel, { body: { orderId, note: note ?? '' } })).data;
    }
  };
  return {
    async list(query: WorkOrderQuery): Promise<{ rows: WorkOrderRow[]; total: number }> {
      const { pageNum = 1, pageSize = 20, ...filters } = query;
      const reply = await api.call(workOrders.list, { query: { pageNum, pageSize, ...filters } }, reading);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    async stats(): Promise<WorkOrderStats> {
      return (await api.call(workOrders.stats, { query: { days: STATS_DAYS } }, reading)).data;
    },
    async detail(orderId: number): Promise<WorkOrderDetail> {
      return (await api.call(workOrders.detail, { params: { orderId } }, reading)).data;
    },
    async assignees(): Promise<WorkOrderAssignees> {
      return (await api.call(workOrders.assignees, {}, reading)).data ?? { users: [], teams: [] };
    },
    async create(body: CreateWorkOrderBody): Promise<WorkOrderRow> {
      return (await api.call(workOrders.create, { body })).data;
    },
    async createFromAlarm(body: AlarmWorkOrderBody): Promise<WorkOrderRow> {
      return (await api.call(workOrders.createFromAlarm, { body })).data;
    },
    act,
    uploadPhoto: (orderId: number, file: Blob) => files.upload<WorkOrderPhoto>(workOrders.uploadPhoto.path, { orderId }, file),
    photo: (photo: WorkOrderPhoto) => files.download(photo.url),
  };
}

export type WorkOrderApi = ReturnType<typeof createWorkOrderApi>;
