import { sql } from 'kysely';
import {
  MINUTES_PER_DAY,
  PATROL_KINDS,
  PATROL_TEAMS,
  patrolKindOf,
  patrolTeamOf,
  type CheckIn,
  type CheckpointState,
  type MissedCheckpoint,
  type PatrolFigures,
  type PatrolKind,
  type PatrolRoute,
  type CheckpointOfDay,
  type PatrolStatistics,
  type PatrolTeam,
} from '../../contracts/patrols';
import type { Db } from '../db/Database';
import { AppError } from '../envelope';
import { minuteOfDay, patrolDayOf } from './patrolDays';

interface Paging {
  pageNum: number;
  pageSize: number;
}
export interface RouteFilter extends Paging {
  kind?: PatrolKind;
  team?: PatrolTeam;
  day?: number;
}
export interface CheckInFilter extends RouteFilter {
  routeId?: number;
  memberId?: number;
}
export interface MissedFilter extends RouteFilter {
  alarmId?: number;
}

const memberName = (name: string | null, memberId: number) => name ?? `巡查员 ${memberId}`;
const emptyFigures = (): PatrolFigures => ({ done: 0, missed: 0, due: 0, checkIns: 0 });
const add = (into: PatrolFigures, from: PatrolFigures) => {
  into.done += from.done;
  into.missed += from.missed;
  into.due += from.due;
  into.checkIns += from.checkIns;
};

/** The patrol pages' reads: routes with their day's state, check-ins, misses and the day's figures. Tenant-scoped. */
export class PatrolQueries {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The day asked for (any instant of it; today when absent) and the minute of it up to which windows have ended. */
  dayOf(day: number | undefined): { day: number; endedBefore: number } {
    const now = this.now();
    const today = patrolDayOf(now);
    const asked = patrolDayOf(day ?? now);
    const endedBefore = asked < today ? MINUTES_PER_DAY : asked > today ? -1 : minuteOfDay(now);
    return { day: asked, endedBefore };
  }

  async checkIn(tenantId: number, checkInId: number): Promise<CheckIn> {
    const [row] = await this.checkInRows(tenantId, { pageNum: 1, pageSize: 1 }, checkInId);
    if (!row) throw new AppError(404, `打卡记录不存在：${checkInId}`);
    return row;
  }

  async checkIns(tenantId: number, filter: CheckInFilter): Promise<{ rows: CheckIn[]; total: number }> {
    const total = await this.checkInQuery(tenantId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { total: Number(total.n), rows: await this.checkInRows(tenantId, filter) };
  }

  private checkInQuery(tenantId: number, filter: CheckInFilter, checkInId?: number) {
    let query = this.db
      .selectFrom('patrol_check_ins as i')
      .innerJoin('patrol_routes as r', (join) => join.onRef('r.route_id', '=', 'i.route_id').onRef('r.tenant_id', '=', 'i.tenant_id'))
      .where('i.tenant_id', '=', tenantId);
    if (checkInId !== undefined) query = query.where('i.check_in_id', '=', checkInId);
    if (filter.kind) query = query.where('i.kind', '=', filter.kind);
    if (filter.team) query = query.where('r.team', '=', filter.team);
    if (filter.day !== undefined) query = query.where('i.day', '=', patrolDayOf(filter.day));
    if (filter.routeId) query = query.where('i.route_id', '=', filter.routeId);
    if (filter.memberId) query = query.where('i.member_id', '=', filter.memberId);
    return query;
  }

  private async checkInRows(tenantId: number, filter: CheckInFilter, checkInId?: number): Promise<CheckIn[]> {
    const rows = await this.checkInQuery(tenantId, filter, checkInId)
      .innerJoin('patrol_checkpoints as c', (join) =>
        join.onRef('c.checkpoint_id', '=', 'i.checkpoint_id').onRef('c.tenant_id', '=', 'i.tenant_id'),
      )
      .leftJoin('field_members as m', (join) => join.onRef('m.member_id', '=', 'i.member_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
      .select([
        'i.check_in_id',
        'i.route_id',
        'r.name as route_name',
        'i.kind',
        'r.team',
        'i.checkpoint_id',
        'c.name as checkpoint_name',
        'i.member_id',
        'm.name as member_name',
        'i.at',
        'i.longitude',
        'i.latitude',
        'i.distance_m',
        'i.note',
        'i.photo_file',
      ])
      .orderBy('i.at', 'desc')
      .orderBy('i.check_in_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return rows.map((row) => ({
      checkInId: Number(row.check_in_id),
      routeId: Number(row.route_id),
      routeName: row.route_name,
      kind: patrolKindOf(row.kind),
      team: patrolTeamOf(row.team),
      checkpointId: Number(row.checkpoint_id),
      checkpointName: row.checkpoint_name,
      memberId: Number(row.member_id),
      memberName: memberName(row.member_name, Number(row.member_id)),
      at: Number(row.at),
      longitude: row.longitude,
      latitude: row.latitude,
      distanceM: row.distance_m,
      note: row.note,
      hasPhoto: row.photo_file !== null,
    }));
  }

  /** Figures of the day per route (checkpoints done, missed, due; check-ins), one SQL aggregate. */
  private async figuresByRoute(
    tenantId: number,
    day: number,
    endedBefore: number,
    where: { kind?: PatrolKind },
  ): Promise<{ routeId: number; kind: PatrolKind; team: PatrolTeam; checkpoints: number; figures: PatrolFigures }[]> {
    let query = this.db
      .selectFrom('patrol_checkpoints as c')
      .innerJoin('patrol_routes as r', (join) => join.onRef('r.route_id', '=', 'c.route_id').onRef('r.tenant_id', '=', 'c.tenant_id'))
      .leftJoin('patrol_check_ins as i', (join) => join.onRef('i.checkpoint_id', '=', 'c.checkpoint_id').on('i.day', '=', day))
      .select([
        'r.route_id',
        'r.kind',
        'r.team',
        (eb) => eb.fn.countAll<number>().as('checkpoints'),
        (eb) => eb.fn.count<number>('i.check_in_id').as('done'),
        sql<number>`sum(case when i.check_in_id is null and c.due_to_minute <= ${endedBefore} then 1 else 0 end)`.as('missed'),
      ])
      .where('c.tenant_id', '=', tenantId);
    if (where.kind) query = query.where('r.kind', '=', where.kind);
    const rows = await query.groupBy(['r.route_id', 'r.kind', 'r.team']).execute();
    return rows.map((row) => {
      const checkpoints = Number(row.checkpoints);
      const done = Number(row.done);
      const missed = Number(row.missed ?? 0);
      return {
        routeId: Number(row.route_id),
        kind: patrolKindOf(row.kind),
        team: patrolTeamOf(row.team),
        checkpoints,
        figures: { done, missed, due: checkpoints - done - missed, checkIns: done },
      };
    });
  }

  /** The routes (paged, by route id) with each checkpoint's state on the day: what the list and the map draw. */
  async routes(tenantId: number, filter: RouteFilter & { routeId?: number }): Promise<{ rows: PatrolRoute[]; total: number }> {
    const { day, endedBefore } = this.dayOf(filter.day);
    let query = this.db
      .selectFrom('patrol_routes as r')
      .leftJoin('field_members as m', (join) => join.onRef('m.member_id', '=', 'r.member_id').onRef('m.tenant_id', '=', 'r.tenant_id'))
      .where('r.tenant_id', '=', tenantId);
    if (filter.kind) query = query.where('r.kind', '=', filter.kind);
    if (filter.team) query = query.where('r.team', '=', filter.team);
    if (filter.routeId) query = query.where('r.route_id', '=', filter.routeId);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['r.route_id', 'r.name', 'r.kind', 'r.team', 'r.member_id', 'm.name as member_name'])
      .orderBy('r.route_id')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    const routeIds = rows.map((row) => Number(row.route_id));
    const points = await this.db
      .selectFrom('patrol_checkpoints as c')
      .leftJoin('patrol_check_ins as i', (join) => join.onRef('i.checkpoint_id', '=', 'c.checkpoint_id').on('i.day', '=', day))
      .leftJoin('patrol_missed as x', (join) => join.onRef('x.checkpoint_id', '=', 'c.checkpoint_id').on('x.day', '=', day))
      .select([
        'c.route_id',
        'c.checkpoint_id',
        'c.seq',
        'c.name',
        'c.longitude',
        'c.latitude',
        'c.radius_m',
        'c.due_from_minute',
        'c.due_to_minute',
        'i.check_in_id',
        'i.at',
        'x.alarm_id',
      ])
      .where('c.tenant_id', '=', tenantId)
      .where('c.route_id', 'in', routeIds.length ? routeIds : [0])
      .orderBy('c.route_id')
      .orderBy('c.seq')
      .execute();
    return {
      total: Number(total.n),
      rows: rows.map((row) => {
        const routeId = Number(row.route_id);
        const checkpoints = points
          .filter((point) => Number(point.route_id) === routeId)
          .map((point): CheckpointOfDay => {
            const state: CheckpointState = point.check_in_id !== null ? 'done' : point.due_to_minute <= endedBefore ? 'missed' : 'due';
            return {
              checkpointId: Number(point.checkpoint_id),
              seq: point.seq,
              name: point.name,
              longitude: point.longitude,
              latitude: point.latitude,
              radiusM: point.radius_m,
              dueFromMinute: point.due_from_minute,
              dueToMinute: point.due_to_minute,
              state,
              checkInId: point.check_in_id === null ? null : Number(point.check_in_id),
              checkedInAt: point.at === null ? null : Number(point.at),
              alarmId: point.alarm_id === null ? null : Number(point.alarm_id),
            };
          });
        const count = (state: CheckpointState) => checkpoints.filter((point) => point.state === state).length;
        return {
          routeId,
          name: row.name,
          kind: patrolKindOf(row.kind),
          team: patrolTeamOf(row.team),
          memberId: Number(row.member_id),
          memberName: memberName(row.member_name, Number(row.member_id)),
          day,
          done: count('done'),
          missed: count('missed'),
          due: count('due'),
          checkpoints,
        };
      }),
    };
  }

  async route(tenantId: number, routeId: number, day?: number): Promise<PatrolRoute> {
    const [route] = (await this.routes(tenantId, { pageNum: 1, pageSize: 1, day, routeId })).rows;
    if (!route) throw new AppError(404, `巡查路线不存在：${routeId}`);
    return route;
  }

  async missed(tenantId: number, filter: MissedFilter): Promise<{ rows: MissedCheckpoint[]; total: number }> {
    let query = this.db
      .selectFrom('patrol_missed as x')
      .innerJoin('patrol_routes as r', (join) => join.onRef('r.route_id', '=', 'x.route_id').onRef('r.tenant_id', '=', 'x.tenant_id'))
      .innerJoin('patrol_checkpoints as c', (join) =>
        join.onRef('c.checkpoint_id', '=', 'x.checkpoint_id').onRef('c.tenant_id', '=', 'x.tenant_id'),
      )
      .leftJoin('field_members as m', (join) => join.onRef('m.member_id', '=', 'r.member_id').onRef('m.tenant_id', '=', 'r.tenant_id'))
      .where('x.tenant_id', '=', tenantId);
    if (filter.kind) query = query.where('r.kind', '=', filter.kind);
    if (filter.team) query = query.where('r.team', '=', filter.team);
    if (filter.day !== undefined) query = query.where('x.day', '=', patrolDayOf(filter.day));
    if (filter.alarmId) query = query.where('x.alarm_id', '=', filter.alarmId);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'x.route_id',
        'r.name as route_name',
        'r.kind',
        'r.team',
        'x.checkpoint_id',
        'c.name as checkpoint_name',
        'r.member_id',
        'm.name as member_name',
        'c.longitude',
        'c.latitude',
        'x.day',
        'x.raised_at',
        'x.alarm_id',
      ])
      .orderBy('x.raised_at', 'desc')
      .orderBy('x.checkpoint_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return {
      total: Number(total.n),
      rows: rows.map((row) => ({
        routeId: Number(row.route_id),
        routeName: row.route_name,
        kind: patrolKindOf(row.kind),
        team: patrolTeamOf(row.team),
        checkpointId: Number(row.checkpoint_id),
        checkpointName: row.checkpoint_name,
        memberId: Number(row.member_id),
        memberName: memberName(row.member_name, Number(row.member_id)),
        longitude: row.longitude,
        latitude: row.latitude,
        day: Number(row.day),
        raisedAt: Number(row.raised_at),
        alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      })),
    };
  }

  async statistics(tenantId: number, filter: { kind?: PatrolKind; day?: number }): Promise<PatrolStatistics> {
    const { day, endedBefore } = this.dayOf(filter.day);
    const perRoute = await this.figuresByRoute(tenantId, day, endedBefore, { kind: filter.kind });
    const total = emptyFigures();
    const byKind = PATROL_KINDS.filter((kind) => !filter.kind || kind === filter.kind).map((kind) => ({ kind, ...emptyFigures() }));
    const byTeam = PATROL_TEAMS.map((team) => ({ team, ...emptyFigures() }));
    for (const route of perRoute) {
      add(total, route.figures);
      const kind = byKind.find((entry) => entry.kind === route.kind);
      if (kind) add(kind, route.figures);
      const team = byTeam.find((entry) => entry.team === route.team);
      if (team) add(team, route.figures);
    }
    return { day, total, byKind, byTeam };
  }
}
