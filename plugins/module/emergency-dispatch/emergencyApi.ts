import { type HttpClient } from '@ops/sdk';
import {
  EMERGENCY_API,
  type AlarmEmergencyEventBody,
  type CreateEmergencyEventBody,
  type DispatchEmergencyTaskBody,
  type EmergencyEventDetail,
  type EmergencyEventQuery,
  type EmergencyEventRow,
  type EmergencyFeedEntry,
  type EmergencyStats,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
  type EmergencyTeamLoad,
} from '@ops/contracts';

/** The body of a task action besides taskId (contracts/emergency.ts: note, percent, teamId). */
export interface TaskActionInput {
  note?: string;
  percent?: number;
  teamId?: number;
}

/** The emergency-dispatch calls (contracts/emergency.ts EMERGENCY_API); failures reject with the server's message. */
export function createEmergencyApi(http: HttpClient) {
  const quiet = { loading: false, quiet: true } as const;
  const write = { loading: false, quiet: true, json: true } as const;
  return {
    async list(query: EmergencyEventQuery): Promise<{ rows: EmergencyEventRow[]; total: number }> {
      const reply = await http.get(EMERGENCY_API.list, { ...query }, quiet);
      return { rows: (reply.rows as EmergencyEventRow[] | undefined) ?? [], total: Number(reply.total ?? 0) };
    },
    byAlarm: async (alarmId: number) =>
      (await http.get<EmergencyEventDetail>(EMERGENCY_API.byAlarm, { alarmId }, quiet)).data as EmergencyEventDetail,
    detail: async (eventId: number) =>
      (await http.get<EmergencyEventDetail>(EMERGENCY_API.detail(eventId), {}, quiet)).data as EmergencyEventDetail,
    teams: async () => ((await http.get<EmergencyTeamLoad[]>(EMERGENCY_API.teams, {}, quiet)).data ?? []) as EmergencyTeamLoad[],
    stats: async () => (await http.get<EmergencyStats>(EMERGENCY_API.stats, {}, quiet)).data as EmergencyStats,
    feed: async (limit = 30) =>
      ((await http.get<EmergencyFeedEntry[]>(EMERGENCY_API.feed, { limit }, quiet)).data ?? []) as EmergencyFeedEntry[],
    fromAlarm: async (body: AlarmEmergencyEventBody) =>
      (await http.post<EmergencyEventDetail>(EMERGENCY_API.fromAlarm, { ...body }, write)).data as EmergencyEventDetail,
    create: async (body: CreateEmergencyEventBody) =>
      (await http.post<EmergencyEventDetail>(EMERGENCY_API.create, { ...body }, write)).data as EmergencyEventDetail,
    close: async (eventId: number, result: string) =>
      (await http.post<EmergencyEventDetail>(EMERGENCY_API.close, { eventId, result }, write)).data as EmergencyEventDetail,
    dispatch: async (body: DispatchEmergencyTaskBody) =>
      (await http.post<EmergencyTaskRow>(EMERGENCY_API.dispatch, { ...body }, write)).data as EmergencyTaskRow,
    act: async (action: EmergencyTaskAction, taskId: number, input: TaskActionInput) =>
      (await http.post<EmergencyTaskRow>(EMERGENCY_API[action], { taskId, ...input }, write)).data as EmergencyTaskRow,
  };
}

export type EmergencyApi = ReturnType<typeof createEmergencyApi>;
