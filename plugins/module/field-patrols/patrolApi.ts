import type { ApiCaller, ApiFiles } from '@ops/sdk';
import { routes, type CheckIn, type MissedCheckpoint, type PatrolKind, type PatrolRoute, type PatrolStatistics } from '@ops/contracts';

/** Reads are quiet (a panel shows its own error). */
const READ = { loading: false, quiet: true } as const;
const patrols = routes.patrols;
/** Routes a page draws at most (a tenant has a few per kind). */
export const MAX_ROUTES = 100;
export const CHECK_IN_PAGE_SIZE = 8;

/** What the patrol pages call (contracts/api/patrolRoutes.ts). */
export interface PatrolApi {
  routes(kind: PatrolKind): Promise<PatrolRoute[]>;
  statistics(kind: PatrolKind): Promise<PatrolStatistics>;
  /** Today's check-ins of the kind, newest first, a page at a time. */
  checkIns(kind: PatrolKind, pageNum: number, day: number): Promise<{ rows: CheckIn[]; total: number }>;
  checkIn(checkInId: number): Promise<CheckIn>;
  /** The checkpoint an alarm's miss is of; null when none (yet). */
  missedOfAlarm(alarmId: number): Promise<MissedCheckpoint | null>;
  /** The check-in's photo as an object URL (the caller revokes it). */
  photoUrl(checkInId: number): Promise<string>;
}

export function createPatrolApi(api: ApiCaller, files: ApiFiles): PatrolApi {
  return {
    routes: async (kind) => (await api.call(patrols.routes, { query: { kind, pageNum: 1, pageSize: MAX_ROUTES } }, READ)).rows ?? [],
    statistics: async (kind) => (await api.call(patrols.statistics, { query: { kind } }, READ)).data,
    async checkIns(kind, pageNum, day) {
      const reply = await api.call(patrols.checkIns, { query: { kind, day, pageNum, pageSize: CHECK_IN_PAGE_SIZE } }, READ);
      return { rows: reply.rows ?? [], total: typeof reply.total === 'number' ? reply.total : 0 };
    },
    checkIn: async (checkInId) => (await api.call(patrols.checkIn, { params: { checkInId } }, READ)).data,
    async missedOfAlarm(alarmId) {
      const reply = await api.call(patrols.missed, { query: { alarmId, pageNum: 1, pageSize: 1 } }, READ);
      return reply.rows?.[0] ?? null;
    },
    photoUrl: async (checkInId) => URL.createObjectURL(await files.download(`/patrols/checkIns/${checkInId}/photo`)),
  };
}
