import { createToken, type ApiCaller } from '@ops/sdk';
import {
  ALARM_GRADES,
  ALARM_STATUSES,
  routes,
  type AlarmDetailData,
  type AlarmQuery,
  type AlarmRow,
  type AlarmStats,
  type AlarmStatus,
  type WorkOrderRow,
} from '@ops/contracts';

export type { AlarmDetailData, AlarmHistoryEntry, AlarmQuery, AlarmRow, AlarmStats } from '@ops/contracts';

const reading = { loading: false };

/** The event-center calls of the reference server (and of a RuoYi backend speaking the same API): contracts/api/alarmRoutes.ts. */
export function createAlarmApi(api: ApiCaller) {
  const alarms = routes.alarms;
  return {
    async list(query: AlarmQuery): Promise<{ rows: AlarmRow[]; total: number }> {
      const reply = await api.call(alarms.list, { query: narrowFilters(query) }, reading);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    async stats(): Promise<AlarmStats> {
      return (await api.call(alarms.stats, {}, reading)).data;
    },
    async detail(alarmId: number): Promise<AlarmDetailData> {
      return (await api.call(alarms.detail, { params: { alarmId } }, reading)).data;
    },
    async assignees(): Promise<{ userId: number; nickName: string }[]> {
      return (await api.call(alarms.assignees, {}, reading)).data ?? [];
    },
    transition: (alarmId: number, status: AlarmStatus, comment: string) =>
      api.call(alarms.transition, { body: { alarmId, status, comment } }),
    assign: (alarmId: number, userId: number, comment: string) => api.call(alarms.assign, { body: { alarmId, userId, comment } }),
    comment: (alarmId: number, comment: string) => api.call(alarms.comment, { body: { alarmId, comment } }),
    /** The work orders raised from the alarm (GET /alarm/workOrders), oldest first. */
    async workOrders(alarmId: number): Promise<WorkOrderRow[]> {
      return (await api.call(routes.workOrders.forAlarm, { query: { alarmId } }, { loading: false, quiet: true })).data ?? [];
    },
    /** 转工单: a work order from the alarm (title, category and priority follow it). */
    async toWorkOrder(alarmId: number): Promise<WorkOrderRow> {
      return (await api.call(routes.workOrders.createFromAlarm, { body: { alarmId } })).data;
    },
  };
}

/** The page's filters as the route declares them: a grade or status it does not know is left out (the list is then unfiltered by it). */
function narrowFilters({ grade, status, ...rest }: AlarmQuery) {
  return {
    ...rest,
    ...(grade && isOneOf(ALARM_GRADES, grade) ? { grade } : {}),
    ...(status && isOneOf(ALARM_STATUSES, status) ? { status } : {}),
  };
}

const isOneOf = <Code extends string>(codes: readonly Code[], value: string): value is Code => codes.some((code) => code === value);

export type AlarmApi = ReturnType<typeof createAlarmApi>;

/** The event center's alarm calls, bound by this plugin's module. */
export const AlarmApi = createToken<AlarmApi>('AlarmApi', '事件中心的告警列表、统计、详情与处理接口');
