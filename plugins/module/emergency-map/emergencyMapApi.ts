import type { ApiCaller } from '@ops/sdk';
import {
  MAX_DEVICE_PAGE_SIZE,
  routes,
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
  type SensorMetric,
  type SensorReadings,
} from '@ops/contracts';

/** Reads are quiet (a panel shows its own error); actions toast the server's refusal as well. */
const READ = { loading: false, quiet: true } as const;
const ACT = { loading: false } as const;
const emergency = routes.emergency;

/** What the emergency map pages call: the emergency dispatch routes (contracts/api/emergencyRoutes.ts), sensors, devices and alarms. */
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

export function createEmergencyMapApi(api: ApiCaller): EmergencyMapApi {
  return {
    async events(filter) {
      const query = { pageNum: 1, pageSize: filter.pageSize ?? 50, kind: filter.kind, status: filter.status };
      return (await api.call(emergency.list, { query }, READ)).rows ?? [];
    },
    detail: async (eventId) => (await api.call(emergency.detail, { params: { eventId } }, READ)).data,
    byAlarm: async (alarmId) => (await api.call(emergency.byAlarm, { query: { alarmId } }, READ)).data,
    resources: async (eventId) => (await api.call(emergency.resources, { query: eventId ? { eventId } : {} }, READ)).data,
    teams: async () => (await api.call(emergency.teams, {}, READ)).data ?? [],
    stats: async () => (await api.call(emergency.stats, {}, READ)).data,
    readings: async (metric, hours, deviceIds) =>
      (await api.call(routes.sensors.readings, { query: { metric, hours, deviceIds: deviceIds.join(',') } }, READ)).data,
    dispatch: async (body) => (await api.call(emergency.dispatch, { body }, ACT)).data,
    finish: async (taskId, note) => (await api.call(emergency.finish, { body: note ? { taskId, note } : { taskId } }, ACT)).data,
    cancel: async (taskId, note) => (await api.call(emergency.cancel, { body: { taskId, note } }, ACT)).data,
    close: async (eventId, result) => (await api.call(emergency.close, { body: { eventId, result } }, ACT)).data,
    async devices(kind) {
      const reply = await api.call(routes.devices.child, { query: { deviceType: kind, pageNum: 1, pageSize: MAX_DEVICE_PAGE_SIZE } }, READ);
      return reply.rows ?? [];
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
