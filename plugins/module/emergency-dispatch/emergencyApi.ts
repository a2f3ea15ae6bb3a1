import type { ApiCaller } from '@ops/sdk';
import {
  routes,
  type AlarmEmergencyEventBody,
  type CreateEmergencyEventBody,
  type DispatchEmergencyTaskBody,
  type EmergencyEventQuery,
  type EmergencyEventRow,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
} from '@ops/contracts';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';

/** The body of a task action besides taskId (contracts/api/emergencyRoutes.ts: note, percent, teamId). */
export interface TaskActionInput {
  note?: string;
  percent?: number;
  teamId?: number;
}

const emergency = routes.emergency;

/** The emergency-dispatch calls (contracts/api/emergencyRoutes.ts); failures reject with the server's message. */
export function createEmergencyApi(api: ApiCaller) {
  const quiet = { loading: false, quiet: true } as const;
  // A required text left empty is sent empty: the server refuses it with its own message (请填写…).
  const act = async (
    action: EmergencyTaskAction,
    taskId: number,
    { note, percent, teamId }: TaskActionInput,
  ): Promise<EmergencyTaskRow> => {
    switch (action) {
      case 'accept':
        return (await api.call(emergency.accept, { body: { taskId, note } }, quiet)).data;
      case 'finish':
        return (await api.call(emergency.finish, { body: { taskId, note } }, quiet)).data;
      case 'cancel':
        return (await api.call(emergency.cancel, { body: { taskId, note: note ?? '' } }, quiet)).data;
      case 'progress':
        if (percent === undefined) throw new Error(t.required(t.progressPercent));
        return (await api.call(emergency.progress, { body: { taskId, percent, note: note ?? '' } }, quiet)).data;
      case 'reassign':
        if (teamId === undefined) throw new Error(t.required(t.reassignTeam));
        return (await api.call(emergency.reassign, { body: { taskId, teamId, note } }, quiet)).data;
    }
  };
  return {
    async list(query: EmergencyEventQuery): Promise<{ rows: EmergencyEventRow[]; total: number }> {
      const { pageNum = 1, pageSize = 20, ...filters } = query;
      const reply = await api.call(emergency.list, { query: { pageNum, pageSize, ...filters } }, quiet);
      return { rows: reply.rows ?? [], total: Number(reply.total ?? 0) };
    },
    byAlarm: async (alarmId: number) => (await api.call(emergency.byAlarm, { query: { alarmId } }, quiet)).data,
    detail: async (eventId: number) => (await api.call(emergency.detail, { params: { eventId } }, quiet)).data,
    teams: async () => (await api.call(emergency.teams, {}, quiet)).data ?? [],
    stats: async () => (await api.call(emergency.stats, {}, quiet)).data,
    feed: async (limit = 30) => (await api.call(emergency.feed, { query: { limit } }, quiet)).data ?? [],
    fromAlarm: async (body: AlarmEmergencyEventBody) => (await api.call(emergency.fromAlarm, { body }, quiet)).data,
    create: async (body: CreateEmergencyEventBody) => (await api.call(emergency.create, { body }, quiet)).data,
    close: async (eventId: number, result: string) => (await api.call(emergency.close, { body: { eventId, result } }, quiet)).data,
    dispatch: async (body: DispatchEmergencyTaskBody) => (await api.call(emergency.dispatch, { body }, quiet)).data,
    act,
  };
}

export type EmergencyApi = ReturnType<typeof createEmergencyApi>;
