import { createToken, type HttpClient } from '@ops/sdk';
import type { AlarmDetailData, AlarmQuery, AlarmRow, AlarmStats, WorkOrderRow } from '@ops/contracts';

export type { AlarmDetailData, AlarmHistoryEntry, AlarmQuery, AlarmRow, AlarmStats } from '@ops/contracts';

/** The event-center calls of the reference server (and of a RuoYi backend speaking the same API). */
export function createAlarmApi(http: HttpClient) {
  return {
    async list(query: AlarmQuery): Promise<{ rows: AlarmRow[]; total: number }> {
      const reply = await http.get('/devi/aep/alarm/lists', { ...query }, { loading: false });
      return { rows: (reply.rows as AlarmRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    async stats(): Promise<AlarmStats> {
      return (await http.get<AlarmStats>('/alarm/stats', {}, { loading: false })).data as AlarmStats;
    },
    async detail(alarmId: number): Promise<AlarmDetailData> {
      return (await http.get<AlarmDetailData>(`/alarm/detail/${alarmId}`, {}, { loading: false })).data as AlarmDetailData;
    },
    async assignees(): Promise<{ userId: number; nickName: string }[]> {
      return ((await http.get<{ userId: number; nickName: string }[]>('/alarm/assignees', {}, { loading: false })).data ?? []) as {
        userId: number;
        nickName: string;
      }[];
    },
    transition: (alarmId: number, status: string, comment: string) => http.post('/alarm/transition', { alarmId, status, comment }),
    assign: (alarmId: number, userId: number, comment: string) => http.post('/alarm/assign', { alarmId, userId, comment }),
    comment: (alarmId: number, comment: string) => http.post('/alarm/comment', { alarmId, comment }),
    /** The work orders raised from the alarm (GET /alarm/workOrders), oldest first. */
    async workOrders(alarmId: number): Promise<WorkOrderRow[]> {
      return ((await http.get<WorkOrderRow[]>('/alarm/workOrders', { alarmId }, { loading: false, quiet: true })).data ??
        []) as WorkOrderRow[];
    },
    /** 转工单: a work order from the alarm (title, category and priority follow it). */
    async toWorkOrder(alarmId: number): Promise<WorkOrderRow> {
      return (await http.post<WorkOrderRow>('/alarm/workOrder', { alarmId }, { json: true })).data as WorkOrderRow;
    },
  };
}

export type AlarmApi = ReturnType<typeof createAlarmApi>;

/** The event center's alarm calls, bound by this plugin's module. */
export const AlarmApi = createToken<AlarmApi>('AlarmApi', '事件中心的告警列表、统计、详情与处理接口');
