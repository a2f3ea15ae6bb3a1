import { sql } from 'kysely';
import {
  FIELD_TEAMS,
  LIVE_WITHIN_MS,
  type BoundDevice,
  type FieldMember,
  type FieldPosition,
  type FieldTask,
  type FieldTeam,
  type FieldTeamCount,
  type MemberWork,
} from '../../contracts/field';
import { OPEN_WORK_ORDER_STATUSES } from '../../contracts/workOrders';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { localMidnight, walkDistance } from './fieldWalk';
import type { TrackService } from './TrackService';

/** A member as the seed (or an import) adds one. */
export interface NewMember {
  team: FieldTeam;
  name: string;
  role: string;
  shift: string;
  onDuty: boolean;
  walkieDeviceId: number | null;
  recorderDeviceId: number | null;
}

const MAX_TASKS = 50;
const isTeam = (value: string): value is FieldTeam => FIELD_TEAMS.some((team) => team === value);

/** A device's JSON state as a record (a row the server wrote; anything else reads as empty). */
function stateOf(json: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : {};
  } catch {
    return {};
  }
}

type DeviceColumns = { id: number | null; name: string | null; code: string | null; online: number | null; state: string | null };
function boundDevice(device: DeviceColumns): BoundDevice | null {
  if (device.id === null) return null;
  const state = stateOf(device.state);
  return {
    deviceId: Number(device.id),
    name: device.name ?? '',
    code: device.code ?? '',
    online: Number(device.online) === 1,
    call: typeof state.call === 'string' ? state.call : '',
    peer: typeof state.peer === 'string' ? state.peer : '',
  };
}

/**
 * The A/B/C teams' members (migration 025/027): lists by team with their bound devices and last position,
 * the teams' head counts, on-duty changes (audited in `field_member_events`), and a member's work today
 * (the day's track and the work orders of the work-order team their team is dispatched through). Every
 * query is scoped to the tenant; another tenant's member is not found.
 */
export class FieldMembers {
  constructor(
    private readonly db: Db,
    private readonly tracks: TrackService,
    private readonly now: () => number,
  ) {}

  private selectMembers(tenantId: number) {
    return this.db
      .selectFrom('field_members as m')
      .leftJoin('devices as w', (join) => join.onRef('w.device_id', '=', 'm.walkie_device_id').on('w.tenant_id', '=', tenantId))
      .leftJoin('devices as r', (join) => join.onRef('r.device_id', '=', 'm.recorder_device_id').on('r.tenant_id', '=', tenantId))
      .leftJoin('last_positions as p', (join) =>
        join.on('p.tenant_id', '=', tenantId).on('p.subject_kind', '=', 'person').onRef('p.subject_id', '=', 'm.member_id'),
      )
      .select([
        'm.member_id',
        'm.team',
        'm.name',
        'm.role',
        'm.shift',
        'm.on_duty',
        'w.device_id as w_id',
        'w.name as w_name',
        'w.code as w_code',
        'w.online as w_online',
        'w.state as w_state',
        'r.device_id as r_id',
        'r.name as r_name',
        'r.code as r_code',
        'r.online as r_online',
        'r.state as r_state',
        'p.at',
        'p.longitude',
        'p.latitude',
        'p.altitude',
        'p.speed',
        'p.heading',
      ])
      .where('m.tenant_id', '=', tenantId);
  }

  private static memberOf(row: Awaited<ReturnType<ReturnType<FieldMembers['selectMembers']>['execute']>>[number]): FieldMember {
    const lastPosition: FieldPosition | null =
      row.at === null || row.longitude === null || row.latitude === null
        ? null
        : {
            subjectKind: 'person',
            subjectId: Number(row.member_id),
            at: Number(row.at),
            longitude: row.longitude,
            latitude: row.latitude,
            altitude: row.altitude,
            speed: row.speed,
            heading: row.heading,
          };
    return {
      memberId: Number(row.member_id),
      team: isTeam(row.team) ? row.team : 'A',
      name: row.name,
      role: row.role,
      shift: row.shift,
      onDuty: Number(row.on_duty) === 1,
      walkie: boundDevice({ id: row.w_id, name: row.w_name, code: row.w_code, online: row.w_online, state: row.w_state }),
      recorder: boundDevice({ id: row.r_id, name: row.r_name, code: row.r_code, online: row.r_online, state: row.r_state }),
      lastPosition,
    };
  }

  /** One team's members by id, a page at a time; `onDuty` narrows to those on (true) or off (false) duty. */
  async list(
    tenantId: number,
    query: { team: FieldTeam; onDuty?: boolean; pageNum: number; pageSize: number },
  ): Promise<{ rows: FieldMember[]; total: number }> {
    let filtered = this.db.selectFrom('field_members').where('tenant_id', '=', tenantId).where('team', '=', query.team);
    if (query.onDuty !== undefined) filtered = filtered.where('on_duty', '=', query.onDuty ? 1 : 0);
    const counted = await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    let rows = this.selectMembers(tenantId).where('m.team', '=', query.team);
    if (query.onDuty !== undefined) rows = rows.where('m.on_duty', '=', query.onDuty ? 1 : 0);
    const page = await rows
      .orderBy('m.member_id')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute();
    return { rows: page.map(FieldMembers.memberOf), total: Number(counted?.total ?? 0) };
  }

  async detail(tenantId: number, memberId: number): Promise<FieldMember> {
    const row = await this.selectMembers(tenantId).where('m.member_id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError(404, `人员不存在：${memberId}`);
    return FieldMembers.memberOf(row);
  }

  /** Each team's members, those on duty and those seen within LIVE_WITHIN_MS (every team listed, empty ones with zeros). */
  async counts(tenantId: number): Promise<FieldTeamCount[]> {
    const since = this.now() - LIVE_WITHIN_MS;
    const rows = await this.db
      .selectFrom('field_members as m')
      .leftJoin('last_positions as p', (join) =>
        join.on('p.tenant_id', '=', tenantId).on('p.subject_kind', '=', 'person').onRef('p.subject_id', '=', 'm.member_id'),
      )
      .select((eb) => [
        'm.team',
        eb.fn.countAll().as('members'),
        eb.fn.sum<number>('m.on_duty').as('on_duty'),
        eb.fn.sum<number>(sql`case when p.at >= ${since} then 1 else 0 end`).as('live'),
      ])
      .where('m.tenant_id', '=', tenantId)
      .groupBy('m.team')
      .execute();
    return FIELD_TEAMS.map((team) => {
      const row = rows.find((candidate) => candidate.team === team);
      return { team, members: Number(row?.members ?? 0), onDuty: Number(row?.on_duty ?? 0), live: Number(row?.live ?? 0) };
    });
  }

  /** Puts a member on or off duty; the change is audited with who made it (null: the shift clock). Unchanged: nothing written. */
  async setOnDuty(tenantId: number, memberId: number, onDuty: boolean, userId: number | null, note = ''): Promise<FieldMember> {
    await this.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('field_members')
        .select('on_duty')
        .where('tenant_id', '=', tenantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw new AppError(404, `人员不存在：${memberId}`);
      if ((Number(member.on_duty) === 1) === onDuty) return;
      await trx
        .updateTable('field_members')
        .set({ on_duty: onDuty ? 1 : 0 })
        .where('tenant_id', '=', tenantId)
        .where('member_id', '=', memberId)
        .execute();
      await this.audit(trx, { tenantId, memberId, userId, action: 'duty', from: onDuty ? '0' : '1', to: onDuty ? '1' : '0', note });
    });
    return this.detail(tenantId, memberId);
  }

  /** One audit row of a member (an on-duty change, a call); in the caller's transaction when given one. */
  async audit(
    executor: Pick<Db, 'insertInto'>,
    event: {
      tenantId: number;
      memberId: number;
      userId: number | null;
      action: string;
      from: string | null;
      to: string | null;
      note: string;
    },
  ): Promise<void> {
    await executor
      .insertInto('field_member_events')
      .values({
        id: undefined,
        tenant_id: event.tenantId,
        member_id: event.memberId,
        at: this.now(),
        user_id: event.userId,
        action: event.action,
        from_value: event.from,
        to_value: event.to,
        note: event.note.slice(0, 255),
      })
      .execute();
  }

  /** A member's day so far (since local midnight): the distance of today's track, and their team's work orders. */
  async work(tenantId: number, memberId: number): Promise<MemberWork> {
    const member = await this.detail(tenantId, memberId);
    const now = this.now();
    const since = localMidnight(now);
    const track = await this.tracks.track(tenantId, 'person', memberId, since, now);
    let distanceM = 0;
    for (let index = 1; index < track.length; index++) {
      const a = track[index - 1]!;
      const b = track[index]!;
      distanceM += walkDistance({ lng: a.longitude, lat: a.latitude }, { lng: b.longitude, lat: b.latitude });
    }
    const binding = await this.db
      .selectFrom('field_teams as f')
      .innerJoin('teams as t', (join) => join.onRef('t.team_id', '=', 'f.work_team_id').onRef('t.tenant_id', '=', 'f.tenant_id'))
      .select(['t.team_id', 't.name'])
      .where('f.tenant_id', '=', tenantId)
      .where('f.team', '=', member.team)
      .executeTakeFirst();
    const tasks: FieldTask[] = binding
      ? (
          await this.db
            .selectFrom('work_orders')
            .select(['order_id', 'order_no', 'title', 'status', 'priority', 'created_at', 'closed_at'])
            .where('tenant_id', '=', tenantId)
            .where('assignee_team_id', '=', Number(binding.team_id))
            .where((eb) => eb.or([eb('status', 'in', [...OPEN_WORK_ORDER_STATUSES]), eb('closed_at', '>=', since)]))
            .orderBy('created_at', 'desc')
            .orderBy('order_id', 'desc')
            .limit(MAX_TASKS)
            .execute()
        ).map((row) => ({
          orderId: Number(row.order_id),
          orderNo: row.order_no,
          title: row.title,
          status: row.status,
          priority: row.priority,
          createdAt: Number(row.created_at),
          closedAt: row.closed_at === null ? null : Number(row.closed_at),
        }))
      : [];
    // The patrols' check-ins (server/patrols/, migration 027): read as rows, like analysis/ reads others'.
    const checkIns = await this.db
      .selectFrom('patrol_check_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .where('at', '>=', since)
      .executeTakeFirst();
    return {
      memberId,
      since,
      distanceM: Math.round(distanceM),
      fixes: track.length,
      firstSeenAt: track[0]?.at ?? null,
      lastSeenAt: track.at(-1)?.at ?? null,
      workTeam: binding?.name ?? null,
      tasks,
      checkIns: Number(checkIns?.n ?? 0),
    };
  }

  /** Adds a tenant's members (the seed); a device already bound to someone, or not the tenant's, is refused and nothing is written. */
  async add(tenantId: number, members: readonly NewMember[]): Promise<number> {
    for (const member of members) if (!isTeam(member.team)) throw badRequest(`班组不正确：${member.team}`);
    return this.db.transaction().execute(async (trx) => {
      const deviceIds = members.flatMap((member) => [member.walkieDeviceId, member.recorderDeviceId]).filter((id) => id !== null);
      if (new Set(deviceIds).size !== deviceIds.length) throw badRequest('一台设备只能绑定一名人员');
      if (deviceIds.length) {
        const owned = await trx
          .selectFrom('devices')
          .select('device_id')
          .where('tenant_id', '=', tenantId)
          .where('device_id', 'in', deviceIds)
          .execute();
        if (owned.length !== deviceIds.length) throw badRequest('绑定的设备不存在');
      }
      if (!members.length) return 0;
      await trx
        .insertInto('field_members')
        .values(
          members.map((member) => ({
            member_id: undefined,
            tenant_id: tenantId,
            team: member.team,
            name: member.name,
            role: member.role,
            shift: member.shift,
            on_duty: member.onDuty ? 1 : 0,
            walkie_device_id: member.walkieDeviceId,
            recorder_device_id: member.recorderDeviceId,
          })),
        )
        .execute();
      return members.length;
    });
  }
}
