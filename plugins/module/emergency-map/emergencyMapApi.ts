import type { ApiCaller, HttpClient } from '@ops/sdk';
import {
  EMERGENCY_API,
  type AlarmRow,
  type DeviceRow,
  type DispatchEmergencyTaskBody,
  type EmergencyEventDetail,
  type EmergencyEventRow,
  type EmergencyKind,
  type EmergencyResources,
  type EmergencyStats,
  type EmergencyTaskRow,
  type EmergencyTeamLoad,
  routes,
  type SensorMetric,
  type SensorReadings,
} from '@ops/contracts';

/** Reads are quiet (a panel shows its own error); actions toast the server's refusal as well. */
const READ = { loading: false, quiet: true } as const;
const ACT = { json: true, loading: false } as const;

/** What the emergency map pages call: the emergency dispatch routes (contracts/emergency.ts), devices and alarms. */
export interface EmergencyMapApi {
  events(filter: { kind?: EmergencyKind; status?: 'ACTIVE' | 'CLOSED'; pageSize?: number }): Promise<EmergencyEventRow[]>;
  detail(eventId: number): Promise<EmergencyEventDetail>;
  /** The event an alarm belongs to; rejects (404) when it has none. */
  byAlarm(alarmId: number): Promise<EmergencyEventDetail>;
  resources(eventId?: number): Promise<EmergencyResources>;
  teams(): Promise<EmergencyTeamLoad[]>;
  stats(): Promise<EmergencyStats>;
  /** Stored readings of these sensors over the last `hours`, one series each. */
  readings(metric: SensorMetric, hours: number, deviceIds: readonly number[]): Promise<SensorReadings>;
  dispatch(body: DispatchEmergencyTaskBody): Promise<EmergencyTaskRow>;
  finish(taskId: number, note?: string): Promise<EmergencyTaskRow>;
  cancel(taskId: number, note: string): Promise<EmergencyTaskRow>;
  close(eventId: number, result: string): Promise<EmergencyEventDetail>;
  /** Devices of one kind (page name) with their telemetry: crowd counts, smoke readings. */
  devices(kind: string): Promise<DeviceRow[]>;
  /** The newest alarms of some types, newest first. */
  alarms(types: readonly string[], perType: number): Promise<AlarmRow[]>;
  /** How many alarms of these types since a time (the server's totals). */
  alarmCount(types: readonly string[], since: number): Promise<number>;
}

export function createEmergencyMapApi(http: HttpClient, api: ApiCaller): EmergencyMapApi {
  const data = async <T>(reply: Promise<{ data?: T }>): Promise<T> => (await reply).data as T;
  return {
    async events(filter) {
      const reply = await http.get(
        EMERGENCY_API.list,
        { pageNum: 1, pageSize: filter.pageSize ?? 50, kind: filter.kind, status: filter.status },
        READ,
      );
      return (reply.rows as EmergencyEventRow[] | undefined) ?? [];
    },
    detail: (eventId) => data(http.get<EmergencyEventDetail>(EMERGENCY_API.detail(eventId), {}, READ)),
    byAlarm: (alarmId) => data(http.get<EmergencyEventDetail>(EMERGENCY_API.byAlarm, { alarmId }, READ)),
    resources: (eventId) => data(http.get<EmergencyResources>(EMERGENCY_API.resources, eventId ? { eventId } : {}, READ)),
    teams: async () => (await data(http.get<EmergencyTeamLoad[]>(EMERGENCY_API.teams, {}, READ))) ?? [],
    stats: () => data(http.get<EmergencyStats>(EMERGENCY_API.stats, {}, READ)),
    readings: async (metric, hours, deviceIds) =>
      (await api.call(routes.sensors.readings, { query: { metric, hours, deviceIds: deviceIds.join(',') } }, READ)).data,
    dispatch: (body) => data(http.post<EmergencyTaskRow>(EMERGENCY_API.dispatch, { ...body }, ACT)),
    finish: (taskId, note) => data(http.post<EmergencyTaskRow>(EMERGENCY_API.finish, note ? { taskId, note } : { taskId }, ACT)),
    cancel: (taskId, note) => data(http.post<EmergencyTaskRow>(EMERGENCY_API.cancel, { taskId, note }, ACT)),
    close: (eventId, result) => data(http.post<EmergencyEventDetail>(EMERGENCY_API.close, { eventId, result }, ACT)),
    async devices(kind) {
      const reply = await http.get('/devi/aep/child', { deviceType: kind, pageNum: 1, pageSize: 500 }, READ);
      return (reply.rows as DeviceRow[] | undefined) ?? [];
    },
    async alarms(types, perType) {
      const pages = await Promise.all(
        types.map((alarmType) => api.call(routes.alarms.list, { query: { alarmType, pageNum: 1, pageSize: perType } }, READ)),
      );
      return pages.flatMap((page) => page.rows ?? []).sort((a, b) => b.createTime - a.createTime);
    },
    async alarmCount(types, since) {
      const pages = await Promise.all(
        types.map((alarmType) => api.call(routes.alarms.list, { query: { alarmType, pageNum: 1, pageSize: 1, beginTime: since } }, READ)),
      );
      return pages.reduce((sum, page) => sum + (typeof page.total === 'number' ? page.total : 0), 0);
    },
  };
}
