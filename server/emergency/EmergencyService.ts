import { sql, type Transaction } from 'kysely';
import { emergencyPushTopic } from '../../contracts/push';
import type { PushPublisher } from '../push/PushPublisher';
import {
  EMERGENCY_ACTION_LABELS,
  EMERGENCY_CAMERA_LIMIT,
  EMERGENCY_CAMERA_RANGE_M,
  EMERGENCY_DEFAULT_RADIUS,
  EMERGENCY_EVENT_STATUS_LABELS,
  EMERGENCY_HYDRANT_LOW_MPA,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_KINDS,
  EMERGENCY_LEVEL_LABELS,
  EMERGENCY_LEVEL_OF_GRADE,
  EMERGENCY_RESOURCE_LIMIT,
  EMERGENCY_RESOURCE_RANGE_M,
  EMERGENCY_TASK_DEFAULT_DUE_MINUTES,
  EMERGENCY_TASK_STATUSES,
  EMERGENCY_TASK_STATUS_LABELS,
  EMERGENCY_TASK_TRANSITIONS,
  EMERGENCY_WATER_LEVEL_HIGH_CM,
  OPEN_EMERGENCY_TASK_STATUSES,
  type AlarmEmergencyEventBody,
  type CreateEmergencyEventBody,
  type DispatchEmergencyTaskBody,
  type EmergencyAction,
  type EmergencyCamera,
  type EmergencyEventDetail,
  type EmergencyEventQuery,
  type EmergencyEventRow,
  type EmergencyEventStatus,
  type EmergencyFeedEntry,
  type EmergencyHistoryEntry,
  type EmergencyKind,
  type EmergencyLevel,
  type EmergencyPushData,
  type EmergencyResources,
  type EmergencyStats,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
  type EmergencyTaskStatus,
  type EmergencyTeamLoad,
} from '../../contracts/emergency';
import type { Alarm, AlarmHistoryLine, AlarmService } from '../alarms/AlarmService';
import type { Database, Db } from '../db/Database';
import { containsText } from '../db/text';
import { lockedTransaction } from '../db/transactions';
import { AppError, badRequest } from '../envelope';
import { boxAround, distanceMetres, distanceToPath } from './geo';

type Executor = Db | Transaction<Database>;
type EventRecord = Database['emergency_events'] & { event_id: number };
type TaskRecord = Database['emergency_tasks'] & { task_id: number };

/**
 * Who acts: an operator (userId), or — userId null — the system (auto-opened events) or a field team
 * reporting through the field-work simulator (name: the team's).
 */
export interface EmergencyActor {
  userId: number | null;
  /** Shown for userId null: 系统 or the team's name. */
  name?: string;
}

export interface EmergencyFilter extends Omit<EmergencyEventQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

/** Which device kinds (page names) carry the telemetry the resources read. */
export interface EmergencyResourceKinds {
  /** Kinds with a `pressure` reading: fire hydrants. */
  hydrantKinds: readonly string[];
  /** Kinds with a `waterLevel` reading. */
  waterLevelKinds: readonly string[];
  /** Kinds with live video (现场视频). */
  cameraKinds: readonly string[];
  /** Of those, the fire cameras (高点消防摄像), preferred at a fire. */
  fireCameraKinds: readonly string[];
}

export interface EmergencyServiceOptions {
  /** Alarm code → the kind of event it opens, from the alarm plugins' manifests (`emergency.opensEvent`). */
  openingAlarms: ReadonlyMap<string, EmergencyKind>;
  push?: PushPublisher;
  onPushError?: (error: unknown) => void;
}

const MINUTE_MS = 60_000;
const SYSTEM = '系统';
const taskLabel = (status: string) => EMERGENCY_TASK_STATUS_LABELS[status as EmergencyTaskStatus] ?? status;
const eventLabel = (status: string) => EMERGENCY_EVENT_STATUS_LABELS[status as EmergencyEventStatus] ?? status;
const eventNotFound = (eventId: number) => new AppError(404, `应急事件不存在：${eventId}`);
const taskNotFound = (taskId: number) => new AppError(404, `调度任务不存在：${taskId}`);
const emptyCounts = () => Object.fromEntries(EMERGENCY_TASK_STATUSES.map((status) => [status, 0])) as Record<EmergencyTaskStatus, number>;
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Emergency events of a tenant and the tasks dispatched for them (tables emergency_events,
 * emergency_event_alarms, emergency_tasks, emergency_history; shelters and routes in emergency_shelters
 * and emergency_routes). Tasks move only along EMERGENCY_TASK_TRANSITIONS (contracts/emergency.ts):
 * anything else is refused with 409 naming the current state and the action, and nothing changes. Every
 * change writes its history line, and a line into each linked alarm's history, in the transaction of the
 * change; the update names the status it was read in, so a concurrent change is refused too. After the
 * commit the change is pushed to the tenant (EMERGENCY_TASK).
 */
export class EmergencyService {
  constructor(
    private readonly db: Db,
    private readonly alarms: AlarmService,
    private readonly kinds: EmergencyResourceKinds,
    private readonly now: () => number,
    private readonly options: EmergencyServiceOptions,
  ) {}

  // ---- reading ---------------------------------------------------------------------------------

  private async eventRecord(tenantId: number, eventId: number, executor: Executor = this.db): Promise<EventRecord> {
    const row = await executor
      .selectFrom('emergency_events')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw eventNotFound(eventId);
    return { ...row, event_id: Number(row.event_id) };
  }

  private async taskRecord(tenantId: number, taskId: number, executor: Executor = this.db): Promise<TaskRecord> {
    const row = await executor
      .selectFrom('emergency_tasks')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw taskNotFound(taskId);
    return { ...row, task_id: Number(row.task_id), event_id: Number(row.event_id), team_id: Number(row.team_id) };
  }

  /** Event rows with their creators' and closers' names, alarms and task counts. */
  private async eventRows(tenantId: number, eventIds: number[]): Promise<EmergencyEventRow[]> {
    if (!eventIds.length) return [];
    const [rows, links, counts] = await Promise.all([
      this.db
        .selectFrom('emergency_events as e')
        .leftJoin('users as cu', 'cu.user_id', 'e.created_by')
        .leftJoin('users as xu', 'xu.user_id', 'e.closed_by')
        .selectAll('e')
        .select(['cu.nick_name as created_by_name', 'xu.nick_name as closed_by_name'])
        .where('e.tenant_id', '=', tenantId)
        .where('e.event_id', 'in', eventIds)
        .execute(),
      this.db
        .selectFrom('emergency_event_alarms')
        .select(['event_id', 'alarm_id'])
        .where('tenant_id', '=', tenantId)
        .where('event_id', 'in', eventIds)
        .orderBy('joined_at')
        .orderBy('alarm_id')
        .execute(),
      this.db
        .selectFrom('emergency_tasks')
        .select(['event_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('event_id', 'in', eventIds)
        .groupBy(['event_id', 'status'])
        .execute(),
    ]);
    const byId = new Map(
      rows.map((row) => {
        const kind = row.kind as EmergencyKind;
        const level = row.level as EmergencyLevel;
        const eventId = Number(row.event_id);
        const event: EmergencyEventRow = {
          eventId,
          kind,
          kindName: EMERGENCY_KIND_LABELS[kind] ?? row.kind,
          title: row.title,
          description: row.description,
          level,
          levelName: EMERGENCY_LEVEL_LABELS[level] ?? row.level,
          status: row.status as EmergencyEventStatus,
          statusName: eventLabel(row.status),
          longitude: Number(row.longitude),
          latitude: Number(row.latitude),
          radius: row.radius,
          alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
          alarmIds: [],
          createdBy: row.created_by,
          createdByName: row.created_by_name ?? SYSTEM,
          createTime: row.created_at,
          closedBy: row.closed_by,
          closedByName: row.closed_at === null ? null : (row.closed_by_name ?? SYSTEM),
          closedAt: row.closed_at,
          result: row.result,
          updateTime: row.updated_at,
          taskCounts: emptyCounts(),
        };
        return [eventId, event];
      }),
    );
    for (const link of links) {
      const event = byId.get(Number(link.event_id));
      const alarmId = Number(link.alarm_id);
      // The source alarm first, then those that joined.
      if (event) event.alarmIds = alarmId === event.alarmId ? [alarmId, ...event.alarmIds] : [...event.alarmIds, alarmId];
    }
    for (const count of counts) {
      const event = byId.get(Number(count.event_id));
      if (event && count.status in event.taskCounts) event.taskCounts[count.status as EmergencyTaskStatus] += Number(count.count);
    }
    return eventIds.map((id) => byId.get(id)).filter((event): event is EmergencyEventRow => event !== undefined);
  }

  private selectTasks(tenantId: number) {
    return this.db
      .selectFrom('emergency_tasks as k')
      .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
      .leftJoin('teams as t', 't.team_id', 'k.team_id')
      .leftJoin('users as cu', 'cu.user_id', 'k.created_by')
      .selectAll('k')
      .select(['e.title as event_title', 't.name as team_name', 'cu.nick_name as created_by_name'])
      .where('k.tenant_id', '=', tenantId);
  }

  private toTask(
    row: Database['emergency_tasks'] & { event_title: string; team_name: string | null; created_by_name: string | null },
  ): EmergencyTaskRow {
    const status = row.status as EmergencyTaskStatus;
    return {
      taskId: Number(row.task_id),
      eventId: Number(row.event_id),
      eventTitle: row.event_title,
      title: row.title,
      description: row.description,
      teamId: Number(row.team_id),
      teamName: row.team_name ?? '',
      status,
      statusName: taskLabel(status),
      percent: row.percent,
      lastNote: row.last_note,
      dueAt: row.due_at,
      overdue: OPEN_EMERGENCY_TASK_STATUSES.includes(status) && row.due_at < this.now(),
      createdBy: row.created_by,
      createdByName: row.created_by_name ?? SYSTEM,
      createTime: row.created_at,
      updateTime: row.updated_at,
      finishedAt: row.finished_at,
    };
  }

  async task(tenantId: number, taskId: number): Promise<EmergencyTaskRow> {
    const row = await this.selectTasks(tenantId).where('k.task_id', '=', taskId).executeTakeFirst();
    if (!row) throw taskNotFound(taskId);
    return this.toTask(row);
  }

  async event(tenantId: number, eventId: number): Promise<EmergencyEventRow> {
    const [event] = await this.eventRows(tenantId, [eventId]);
    if (!event) throw eventNotFound(eventId);
    return event;
  }

  private selectHistory(tenantId: number) {
    return this.db
      .selectFrom('emergency_history as h')
      .innerJoin('emergency_events as e', 'e.event_id', 'h.event_id')
      .leftJoin('emergency_tasks as k', 'k.task_id', 'h.task_id')
      .leftJoin('teams as t', 't.team_id', 'h.team_id')
      .leftJoin('users as u', 'u.user_id', 'h.user_id')
      .selectAll('h')
      .select(['e.title as event_title', 'e.kind as event_kind', 'k.title as task_title', 't.name as team_name', 'u.nick_name'])
      .where('h.tenant_id', '=', tenantId);
  }

  private toFeed(
    row: Database['emergency_history'] & {
      event_title: string;
      event_kind: string;
      task_title: string | null;
      team_name: string | null;
      nick_name: string | null;
    },
  ): EmergencyFeedEntry {
    const action = row.action as EmergencyAction;
    return {
      id: Number(row.id),
      eventId: Number(row.event_id),
      taskId: row.task_id === null ? null : Number(row.task_id),
      taskTitle: row.task_title,
      teamName: row.team_name,
      time: row.at,
      action,
      actionName: EMERGENCY_ACTION_LABELS[action] ?? row.action,
      fromStatus: row.from_status,
      toStatus: row.to_status,
      percent: row.percent,
      note: row.note,
      userId: row.user_id,
      userName: row.nick_name ?? (row.actor || SYSTEM),
      eventTitle: row.event_title,
      eventKind: row.event_kind as EmergencyKind,
    };
  }

  async list(filter: EmergencyFilter): Promise<{ rows: EmergencyEventRow[]; total: number }> {
    let base = this.db.selectFrom('emergency_events as e').where('e.tenant_id', '=', filter.tenantId);
    if (filter.status) base = base.where('e.status', '=', filter.status);
    if (filter.kind) base = base.where('e.kind', '=', filter.kind);
    if (filter.keyword)
      base = base.where(
        sql<boolean>`(${containsText(this.db, 'e.title', filter.keyword)} or ${containsText(this.db, 'e.description', filter.keyword)})`,
      );
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const page = await base
      .select('e.event_id')
      // Active first (处置中 sorts before 已结束 as ACTIVE < CLOSED), newest first.
      .orderBy('e.status')
      .orderBy('e.created_at', 'desc')
      .orderBy('e.event_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return {
      rows: await this.eventRows(
        filter.tenantId,
        page.map((row) => Number(row.event_id)),
      ),
      total,
    };
  }

  async detail(tenantId: number, eventId: number): Promise<EmergencyEventDetail> {
    const event = await this.event(tenantId, eventId);
    const [tasks, history, alarms] = await Promise.all([
      this.selectTasks(tenantId).where('k.event_id', '=', eventId).orderBy('k.task_id').execute(),
      this.selectHistory(tenantId).where('h.event_id', '=', eventId).orderBy('h.id').execute(),
      Promise.all(event.alarmIds.map((alarmId) => this.alarms.get(tenantId, alarmId).catch(() => null))),
    ]);
    return {
      ...event,
      tasks: tasks.map((row) => this.toTask(row)),
      history: history.map((row): EmergencyHistoryEntry => {
        const { eventTitle: _title, eventKind: _kind, ...entry } = this.toFeed(row);
        return entry;
      }),
      alarms: alarms.filter((alarm): alarm is Alarm => alarm !== null),
    };
  }

  /** The event an alarm of the tenant belongs to (404 when the alarm is another tenant's, missing, or in none). */
  async byAlarm(tenantId: number, alarmId: number): Promise<EmergencyEventDetail> {
    await this.alarms.get(tenantId, alarmId);
    const link = await this.db
      .selectFrom('emergency_event_alarms')
      .select('event_id')
      .where('alarm_id', '=', alarmId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!link) throw new AppError(404, `告警 ${alarmId} 没有关联应急事件`);
    return this.detail(tenantId, Number(link.event_id));
  }

  /** The tenant's latest history lines, newest first. */
  async feed(tenantId: number, limit: number): Promise<EmergencyFeedEntry[]> {
    const rows = await this.selectHistory(tenantId).orderBy('h.id', 'desc').limit(limit).execute();
    return rows.map((row) => this.toFeed(row));
  }

  async teams(tenantId: number): Promise<EmergencyTeamLoad[]> {
    const [teams, tasks, orders] = await Promise.all([
      this.db.selectFrom('teams').select(['team_id', 'name', 'duty']).where('tenant_id', '=', tenantId).orderBy('team_id').execute(),
      this.selectTasks(tenantId)
        .where('k.status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .orderBy('k.task_id')
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select(['assignee_team_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('assignee_team_id', 'is not', null)
        .where('status', 'in', ['ASSIGNED', 'PROCESSING'])
        .groupBy('assignee_team_id')
        .execute(),
    ]);
    const ordersByTeam = new Map(orders.map((row) => [Number(row.assignee_team_id), Number(row.count)]));
    return teams.map((team) => {
      const teamId = Number(team.team_id);
      const open = tasks.filter((task) => Number(task.team_id) === teamId).map((task) => this.toTask(task));
      return {
        teamId,
        name: team.name,
        duty: team.duty,
        busy: open.length > 0,
        tasks: open,
        openWorkOrders: ordersByTeam.get(teamId) ?? 0,
      };
    });
  }

  async stats(tenantId: number): Promise<EmergencyStats> {
    const [events, tasks, teams, busy] = await Promise.all([
      this.db
        .selectFrom('emergency_events')
        .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .groupBy(['status', 'kind'])
        .execute(),
      this.db
        .selectFrom('emergency_tasks as k')
        .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
        .select(['k.status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('k.tenant_id', '=', tenantId)
        .where('e.status', '=', 'ACTIVE')
        .groupBy('k.status')
        .execute(),
      this.db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.db
        .selectFrom('emergency_tasks')
        .select((eb) => eb.fn.count<number>('team_id').distinct().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .executeTakeFirst(),
    ]);
    const activeByKind = Object.fromEntries(EMERGENCY_KINDS.map((kind) => [kind, 0])) as Record<EmergencyKind, number>;
    let activeEvents = 0;
    let closedEvents = 0;
    for (const row of events) {
      const count = Number(row.count);
      if (row.status === 'ACTIVE') {
        activeEvents += count;
        if (row.kind in activeByKind) activeByKind[row.kind as EmergencyKind] += count;
      } else closedEvents += count;
    }
    const tasksByStatus = emptyCounts();
    for (const row of tasks) if (row.status in tasksByStatus) tasksByStatus[row.status as EmergencyTaskStatus] += Number(row.count);
    return {
      activeEvents,
      closedEvents,
      activeByKind,
      tasksByStatus,
      busyTeams: Number(busy?.count ?? 0),
      teams: Number(teams?.count ?? 0),
    };
  }

  // ---- resources ---------------------------------------------------------------------------------

  async resources(tenantId: number, eventId?: number): Promise<EmergencyResources> {
    const event = eventId === undefined ? undefined : await this.eventRecord(tenantId, eventId);
    const center = event ? { longitude: Number(event.longitude), latitude: Number(event.latitude), radius: event.radius } : null;
    const range = center ? Math.max(EMERGENCY_RESOURCE_RANGE_M, center.radius * 3) : Infinity;
    const distance = (lon: number, lat: number) =>
      center ? Math.round(distanceMetres(center.longitude, center.latitude, lon, lat)) : null;
    const devicesOf = async (kinds: readonly string[]) => {
      if (!kinds.length) return [];
      let query = this.db
        .selectFrom('devices')
        .select(['device_id', 'name', 'kind', 'online', 'longitude', 'latitude', 'telemetry'])
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', [...kinds]);
      if (center) {
        const box = boxAround(center.longitude, center.latitude, range);
        query = query
          .where('longitude', '>=', box.minLon)
          .where('longitude', '<=', box.maxLon)
          .where('latitude', '>=', box.minLat)
          .where('latitude', '<=', box.maxLat);
      }
      const rows = await query.orderBy('device_id').execute();
      return rows
        .map((row) => {
          let telemetry: Record<string, unknown> = {};
          try {
            telemetry = JSON.parse(row.telemetry) as Record<string, unknown>;
          } catch {
            // A device that never reported: no readings.
          }
          return { ...row, telemetry, distance: distance(Number(row.longitude), Number(row.latitude)) };
        })
        .filter((row) => row.distance === null || row.distance <= range)
        .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.device_id - b.device_id)
        .slice(0, EMERGENCY_RESOURCE_LIMIT);
    };
    const [hydrants, waterLevels, cameras, shelters, routes] = await Promise.all([
      devicesOf(this.kinds.hydrantKinds),
      devicesOf(this.kinds.waterLevelKinds),
      center ? this.camerasNear(tenantId, center) : [],
      this.db.selectFrom('emergency_shelters').selectAll().where('tenant_id', '=', tenantId).orderBy('shelter_id').execute(),
      this.db.selectFrom('emergency_routes').selectAll().where('tenant_id', '=', tenantId).orderBy('route_id').execute(),
    ]);
    const nearestFirst = <T extends { distance: number | null }>(items: T[]) => items.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    return {
      center,
      hydrants: hydrants.map((device) => {
        const pressure = numberOrNull(device.telemetry.pressure);
        return {
          deviceId: device.device_id,
          name: device.name,
          longitude: Number(device.longitude),
          latitude: Number(device.latitude),
          online: device.online === 1,
          pressure,
          low: pressure !== null && pressure < EMERGENCY_HYDRANT_LOW_MPA,
          valve: typeof device.telemetry.valve === 'string' ? device.telemetry.valve : null,
          distance: device.distance,
        };
      }),
      waterLevels: waterLevels.map((device) => {
        const waterLevel = numberOrNull(device.telemetry.waterLevel);
        return {
          deviceId: device.device_id,
          name: device.name,
          kind: device.kind,
          longitude: Number(device.longitude),
          latitude: Number(device.latitude),
          online: device.online === 1,
          waterLevel,
          high: waterLevel !== null && waterLevel >= EMERGENCY_WATER_LEVEL_HIGH_CM,
          distance: device.distance,
        };
      }),
      cameras,
      shelters: nearestFirst(
        shelters.map((shelter) => ({
          shelterId: Number(shelter.shelter_id),
          name: shelter.name,
          capacity: shelter.capacity,
          address: shelter.address,
          longitude: Number(shelter.longitude),
          latitude: Number(shelter.latitude),
          distance: distance(Number(shelter.longitude), Number(shelter.latitude)),
        })),
      ),
      routes: nearestFirst(
        routes.map((route) => {
          const path = JSON.parse(route.path) as [number, number][];
          return {
            routeId: Number(route.route_id),
            name: route.name,
            fromName: route.from_name,
            toName: route.to_name,
            shelterId: route.shelter_id === null ? null : Number(route.shelter_id),
            path,
            length: route.length,
            distance: center ? Math.round(distanceToPath(center.longitude, center.latitude, path)) : null,
          };
        }),
      ),
    };
  }

  /**
   * The cameras that can show the event (EMERGENCY_CAMERA_RANGE_M): online first (an offline camera shows
   * nothing), then fire cameras, then nearest; the EMERGENCY_CAMERA_LIMIT best.
   */
  private async camerasNear(tenantId: number, center: { longitude: number; latitude: number }): Promise<EmergencyCamera[]> {
    if (!this.kinds.cameraKinds.length) return [];
    const box = boxAround(center.longitude, center.latitude, EMERGENCY_CAMERA_RANGE_M);
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name', 'kind', 'online', 'longitude', 'latitude'])
      .where('tenant_id', '=', tenantId)
      .where('kind', 'in', [...this.kinds.cameraKinds])
      .where('longitude', '>=', box.minLon)
      .where('longitude', '<=', box.maxLon)
      .where('latitude', '>=', box.minLat)
      .where('latitude', '<=', box.maxLat)
      .execute();
    const fireKinds = new Set(this.kinds.fireCameraKinds);
    return rows
      .map((row): EmergencyCamera => ({
        deviceId: Number(row.device_id),
        name: row.name,
        kind: row.kind,
        fire: fireKinds.has(row.kind),
        longitude: Number(row.longitude),
        latitude: Number(row.latitude),
        online: row.online === 1,
        distance: Math.round(distanceMetres(center.longitude, center.latitude, Number(row.longitude), Number(row.latitude))),
      }))
      .filter((camera) => camera.distance <= EMERGENCY_CAMERA_RANGE_M)
      .sort(
        (a, b) =>
          Number(b.online) - Number(a.online) || Number(b.fire) - Number(a.fire) || a.distance - b.distance || a.deviceId - b.deviceId,
      )
      .slice(0, EMERGENCY_CAMERA_LIMIT);
  }

  // ---- events ------------------------------------------------------------------------------------

  async create(tenantId: number, userId: number, body: CreateEmergencyEventBody): Promise<EmergencyEventDetail> {
    const title = body.title.trim();
    if (!title) throw badRequest('请填写事件标题');
    const eventId = await this.db.transaction().execute((trx) =>
      this.insertEvent(
        trx,
        tenantId,
        { userId },
        {
          kind: body.kind,
          title,
          description: (body.description ?? '').trim(),
          level: body.level ?? 'MEDIUM',
          longitude: body.longitude,
          latitude: body.latitude,
          radius: body.radius ?? EMERGENCY_DEFAULT_RADIUS[body.kind],
          alarmId: null,
        },
      ),
    );
    return this.announceEvent(tenantId, eventId, 'open');
  }

  /** An operator opens an event from an alarm of the tenant (409 if the alarm already belongs to one). */
  async fromAlarm(tenantId: number, userId: number, body: AlarmEmergencyEventBody): Promise<EmergencyEventDetail> {
    const alarm = await this.alarms.get(tenantId, body.alarmId);
    if ((body.longitude === undefined) !== (body.latitude === undefined)) throw badRequest('经度和纬度须同时填写');
    const longitude = body.longitude ?? alarm.longitude;
    const latitude = body.latitude ?? alarm.latitude;
    if (longitude === null || latitude === null) throw badRequest(`告警 ${alarm.alarmId} 没有位置，请填写事件的经纬度`);
    const kind = body.kind ?? this.options.openingAlarms.get(alarm.alarmType) ?? 'OTHER';
    const title = body.title?.trim() || this.alarmTitle(alarm);
    const eventId = await lockedTransaction(this.db, `emergency-alarm-${tenantId}`, async (trx) => {
      const existing = await trx
        .selectFrom('emergency_event_alarms')
        .select('event_id')
        .where('alarm_id', '=', alarm.alarmId)
        .executeTakeFirst();
      if (existing) throw new AppError(409, `告警 ${alarm.alarmId} 已关联应急事件 ${Number(existing.event_id)}，不能再次启动应急事件`);
      return this.insertEvent(
        trx,
        tenantId,
        { userId },
        {
          kind,
          title,
          description: (body.description ?? '').trim() || alarm.alarmContent,
          level: EMERGENCY_LEVEL_OF_GRADE[alarm.grade] ?? 'MEDIUM',
          longitude,
          latitude,
          radius: body.radius ?? EMERGENCY_DEFAULT_RADIUS[kind],
          alarmId: alarm.alarmId,
        },
      );
    });
    return this.announceEvent(tenantId, eventId, 'open');
  }

  /**
   * AlarmService.onRaised: an alarm of a type that opens events (`openingAlarms`) with a position joins
   * the nearest active event of its kind whose radius covers it, else opens one (by the system). Alarms
   * without a position open nothing (there is nowhere to send anyone). Returns the event, if any.
   */
  async alarmRaised(alarm: Alarm, tenantId: number): Promise<EmergencyEventDetail | null> {
    const kind = this.options.openingAlarms.get(alarm.alarmType);
    if (!kind || alarm.longitude === null || alarm.latitude === null) return null;
    const { longitude, latitude } = alarm;
    const at = this.now();
    // One at a time per tenant: two alarms of one fire arriving together must not open two events.
    const outcome = await lockedTransaction(this.db, `emergency-alarm-${tenantId}`, async (trx) => {
      const active = await trx
        .selectFrom('emergency_events')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'ACTIVE')
        .where('kind', '=', kind)
        .execute();
      const nearest = active
        .map((event) => ({ event, distance: distanceMetres(Number(event.longitude), Number(event.latitude), longitude, latitude) }))
        .filter(({ event, distance }) => distance <= event.radius)
        .sort((a, b) => a.distance - b.distance)[0];
      if (!nearest) {
        const eventId = await this.insertEvent(
          trx,
          tenantId,
          { userId: null },
          {
            kind,
            title: this.alarmTitle(alarm),
            description: alarm.alarmContent,
            level: EMERGENCY_LEVEL_OF_GRADE[alarm.grade] ?? 'MEDIUM',
            longitude,
            latitude,
            radius: EMERGENCY_DEFAULT_RADIUS[kind],
            alarmId: alarm.alarmId,
          },
        );
        return { eventId, action: 'open' as const };
      }
      const event = { ...nearest.event, event_id: Number(nearest.event.event_id) };
      await trx
        .insertInto('emergency_event_alarms')
        .values({ event_id: event.event_id, alarm_id: alarm.alarmId, tenant_id: tenantId, joined_at: at })
        .execute();
      const note = `告警 ${alarm.alarmId}（${alarm.alarmTypeName}，距事件中心 ${Math.round(nearest.distance)} 米）并入本事件`;
      await this.history(trx, event, null, { userId: null }, at, 'join', null, null, null, note);
      await trx.updateTable('emergency_events').set({ updated_at: at }).where('event_id', '=', event.event_id).execute();
      // The joining alarm's own history says where it went; the event's alarms hear of the new one.
      await this.alarms.appendHistory(trx, [
        { alarmId: alarm.alarmId, at, userId: null, action: 'emergency', comment: `并入应急事件「${event.title}」` },
        ...(await this.alarmLines(trx, event.event_id, { userId: null }, at, note)).filter((line) => line.alarmId !== alarm.alarmId),
      ]);
      return { eventId: event.event_id, action: 'join' as const };
    });
    return this.announceEvent(tenantId, outcome.eventId, outcome.action);
  }

  private alarmTitle(alarm: Alarm): string {
    return `${alarm.alarmTypeName}：${alarm.deviceName || alarm.alarmContent}`.slice(0, 100);
  }

  private async insertEvent(
    trx: Transaction<Database>,
    tenantId: number,
    actor: EmergencyActor,
    input: {
      kind: EmergencyKind;
      title: string;
      description: string;
      level: EmergencyLevel;
      longitude: number;
      latitude: number;
      radius: number;
      alarmId: number | null;
    },
  ): Promise<number> {
    const at = this.now();
    const { event_id } = await trx
      .insertInto('emergency_events')
      .values({
        event_id: undefined,
        tenant_id: tenantId,
        kind: input.kind,
        title: input.title.slice(0, 100),
        description: input.description.slice(0, 1000),
        level: input.level,
        status: 'ACTIVE',
        longitude: input.longitude,
        latitude: input.latitude,
        radius: input.radius,
        alarm_id: input.alarmId,
        created_by: actor.userId,
        created_at: at,
        closed_by: null,
        closed_at: null,
        result: '',
        updated_at: at,
      })
      .returning('event_id')
      .executeTakeFirstOrThrow();
    const event = { event_id: Number(event_id), tenant_id: tenantId, title: input.title };
    if (input.alarmId !== null)
      await trx
        .insertInto('emergency_event_alarms')
        .values({ event_id: event.event_id, alarm_id: input.alarmId, tenant_id: tenantId, joined_at: at })
        .execute();
    const how =
      input.alarmId === null ? '人工启动' : actor.userId === null ? `告警 ${input.alarmId} 自动启动` : `由告警 ${input.alarmId} 启动`;
    const note = `${how}：${EMERGENCY_KIND_LABELS[input.kind]}，${EMERGENCY_LEVEL_LABELS[input.level]}，影响半径 ${input.radius} 米`;
    await this.history(trx, event, null, actor, at, 'open', null, 'ACTIVE', null, note);
    if (input.alarmId !== null)
      await this.alarms.appendHistory(trx, [
        {
          alarmId: input.alarmId,
          at,
          userId: actor.userId,
          action: 'emergency',
          comment: `启动应急事件「${event.title}」（${EMERGENCY_KIND_LABELS[input.kind]}，${EMERGENCY_LEVEL_LABELS[input.level]}）`,
        },
      ]);
    return event.event_id;
  }

  /** Closes an active event whose tasks are all finished or cancelled (409 naming the open ones otherwise). */
  async close(tenantId: number, userId: number, eventId: number, result: string): Promise<EmergencyEventDetail> {
    const summary = result.trim();
    const event = await this.eventRecord(tenantId, eventId);
    if (event.status !== 'ACTIVE')
      throw new AppError(
        409,
        `应急事件「${event.title}」当前状态为「${eventLabel(event.status)}」，不能结束事件（仅「处置中」时可以结束）`,
      );
    if (!summary) throw badRequest('请填写处置结果');
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('emergency_tasks')
        .select(['title', 'status'])
        .where('event_id', '=', eventId)
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .orderBy('task_id')
        .execute();
      if (open.length) {
        const named = open.map((task) => `${task.title}：${taskLabel(task.status)}`).join('、');
        throw new AppError(
          409,
          `应急事件「${event.title}」还有 ${open.length} 个任务未完成（${named}），不能结束事件；请先完成或取消这些任务`,
        );
      }
      const updated = await trx
        .updateTable('emergency_events')
        .set({ status: 'CLOSED', closed_by: userId, closed_at: at, result: summary.slice(0, 1000), updated_at: at })
        .where('event_id', '=', eventId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `应急事件「${event.title}」已被他人处理，请刷新后重试`);
      await this.history(trx, event, null, { userId }, at, 'close', 'ACTIVE', 'CLOSED', null, summary);
      await this.alarms.appendHistory(trx, await this.alarmLines(trx, eventId, { userId }, at, `应急事件结束：${summary}`));
    });
    return this.announceEvent(tenantId, eventId, 'close');
  }

  // ---- tasks -------------------------------------------------------------------------------------

  async dispatch(tenantId: number, userId: number, body: DispatchEmergencyTaskBody): Promise<EmergencyTaskRow> {
    const title = body.title.trim();
    if (!title) throw badRequest('请填写任务名称');
    const at = this.now();
    if (body.dueAt !== undefined && body.dueAt <= at) throw badRequest('截止时间必须晚于当前时间');
    const event = await this.eventRecord(tenantId, body.eventId);
    if (event.status !== 'ACTIVE')
      throw new AppError(
        409,
        `应急事件「${event.title}」当前状态为「${eventLabel(event.status)}」，不能派发任务（仅「处置中」时可以派发）`,
      );
    const team = await this.team(tenantId, body.teamId);
    const taskId = await this.db.transaction().execute(async (trx) => {
      // The event's status in the same transaction: a task is never added to an event closed meanwhile.
      const still = await trx
        .updateTable('emergency_events')
        .set({ updated_at: at })
        .where('event_id', '=', event.event_id)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (Number(still.numUpdatedRows) !== 1) throw new AppError(409, `应急事件「${event.title}」已结束，不能派发任务`);
      const { task_id } = await trx
        .insertInto('emergency_tasks')
        .values({
          task_id: undefined,
          tenant_id: tenantId,
          event_id: event.event_id,
          title: title.slice(0, 100),
          description: (body.description ?? '').trim().slice(0, 1000),
          team_id: team.teamId,
          status: 'PENDING',
          percent: 0,
          last_note: '',
          due_at: body.dueAt ?? at + EMERGENCY_TASK_DEFAULT_DUE_MINUTES * MINUTE_MS,
          created_by: userId,
          created_at: at,
          updated_at: at,
          finished_at: null,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      const id = Number(task_id);
      await this.history(
        trx,
        event,
        { task_id: id, team_id: team.teamId },
        { userId },
        at,
        'dispatch',
        null,
        'PENDING',
        0,
        `派发给 ${team.name}`,
      );
      await this.alarms.appendHistory(
        trx,
        await this.alarmLines(trx, event.event_id, { userId }, at, `调度任务「${title}」派发给 ${team.name}`),
      );
      return id;
    });
    return this.announceTask(tenantId, taskId, 'dispatch');
  }

  async accept(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await this.taskRecord(tenantId, taskId);
    this.allowed(task, 'accept');
    const team = await this.teamName(task);
    return this.change(task, actor, 'accept', {}, null, note, `${team} 已接收「${task.title}」${note ? `：${note}` : ''}`);
  }

  async progress(tenantId: number, actor: EmergencyActor, taskId: number, percent: number, note: string): Promise<EmergencyTaskRow> {
    const task = await this.taskRecord(tenantId, taskId);
    this.allowed(task, 'progress');
    if (!note.trim()) throw badRequest('请填写进度说明');
    if (!Number.isInteger(percent) || percent < 0 || percent > 99) throw badRequest('进度必须是 0 到 99 的整数（完成任务请用「完成」）');
    if (percent < task.percent) throw badRequest(`进度不能回退：当前已是 ${task.percent}%`);
    return this.change(
      task,
      actor,
      'progress',
      { percent, last_note: note.slice(0, 500) },
      percent,
      note,
      `「${task.title}」进度 ${percent}%：${note}`,
    );
  }

  async finish(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await this.taskRecord(tenantId, taskId);
    this.allowed(task, 'finish');
    const at = this.now();
    return this.change(
      task,
      actor,
      'finish',
      { percent: 100, finished_at: at, ...(note ? { last_note: note.slice(0, 500) } : {}) },
      100,
      note,
      `「${task.title}」任务完成${note ? `：${note}` : ''}`,
    );
  }

  async cancel(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await this.taskRecord(tenantId, taskId);
    this.allowed(task, 'cancel');
    if (!note.trim()) throw badRequest('请填写取消原因');
    return this.change(task, actor, 'cancel', {}, null, note, `「${task.title}」任务取消：${note}`);
  }

  async reassign(tenantId: number, actor: EmergencyActor, taskId: number, teamId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await this.taskRecord(tenantId, taskId);
    this.allowed(task, 'reassign');
    const team = await this.team(tenantId, teamId);
    if (team.teamId === task.team_id) throw badRequest(`任务「${task.title}」已派给 ${team.name}，请选择其他班组`);
    const from = await this.teamName(task);
    const text = `由 ${from} 改派给 ${team.name}${note ? `：${note}` : ''}`;
    return this.change(task, actor, 'reassign', { team_id: team.teamId, percent: 0 }, 0, text, `「${task.title}」${text}`, team.teamId);
  }

  private async team(tenantId: number, teamId: number): Promise<{ teamId: number; name: string }> {
    const team = await this.db
      .selectFrom('teams')
      .select(['team_id', 'name'])
      .where('team_id', '=', teamId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!team) throw new AppError(404, `班组不存在：${teamId}`);
    return { teamId: Number(team.team_id), name: team.name };
  }

  private async teamName(task: TaskRecord): Promise<string> {
    const team = await this.db.selectFrom('teams').select('name').where('team_id', '=', task.team_id).executeTakeFirst();
    return team?.name ?? `班组 ${task.team_id}`;
  }

  /** Refuses (409) an action the task's status does not allow, naming both. */
  private allowed(task: TaskRecord, action: EmergencyTaskAction): void {
    const rule = EMERGENCY_TASK_TRANSITIONS[action];
    if (rule.from.includes(task.status as EmergencyTaskStatus)) return;
    const name = EMERGENCY_ACTION_LABELS[action];
    const when = rule.from.map((status) => `「${taskLabel(status)}」`).join('或');
    throw new AppError(409, `任务「${task.title}」当前状态为「${taskLabel(task.status)}」，不能${name}（仅${when}时可以${name}）`);
  }

  /** The task's status change, its history line and its alarms' lines, all or nothing. */
  private async change(
    task: TaskRecord,
    actor: EmergencyActor,
    action: EmergencyTaskAction,
    set: Partial<Database['emergency_tasks']>,
    percent: number | null,
    note: string,
    alarmComment: string,
    newTeamId?: number,
  ): Promise<EmergencyTaskRow> {
    const at = this.now();
    const to = EMERGENCY_TASK_TRANSITIONS[action].to;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('emergency_tasks')
        .set({ ...set, status: to, updated_at: at })
        .where('task_id', '=', task.task_id)
        .where('tenant_id', '=', task.tenant_id)
        .where('status', '=', task.status)
        .where('team_id', '=', task.team_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `任务「${task.title}」已被他人处理，请刷新后重试`);
      const event = await this.eventRecord(task.tenant_id, task.event_id, trx);
      await trx.updateTable('emergency_events').set({ updated_at: at }).where('event_id', '=', event.event_id).execute();
      await this.history(
        trx,
        event,
        { task_id: task.task_id, team_id: newTeamId ?? task.team_id },
        actor,
        at,
        action,
        task.status,
        to,
        percent,
        note.slice(0, 1000),
      );
      await this.alarms.appendHistory(trx, await this.alarmLines(trx, event.event_id, actor, at, alarmComment));
    });
    return this.announceTask(task.tenant_id, task.task_id, action);
  }

  private async history(
    trx: Transaction<Database>,
    event: { event_id: number; tenant_id: number },
    task: { task_id: number; team_id: number } | null,
    actor: EmergencyActor,
    at: number,
    action: EmergencyAction,
    from: string | null,
    to: string | null,
    percent: number | null,
    note: string,
  ): Promise<void> {
    await trx
      .insertInto('emergency_history')
      .values({
        id: undefined,
        tenant_id: event.tenant_id,
        event_id: event.event_id,
        task_id: task?.task_id ?? null,
        team_id: task?.team_id ?? null,
        at,
        user_id: actor.userId,
        actor: actor.userId === null ? (actor.name ?? SYSTEM).slice(0, 64) : '',
        action,
        from_status: from,
        to_status: to,
        percent,
        note: note.slice(0, 1000),
      })
      .execute();
  }

  /** A line for each alarm linked to the event (the whole chain shows in the alarm's detail). */
  private async alarmLines(
    trx: Transaction<Database>,
    eventId: number,
    actor: EmergencyActor,
    at: number,
    comment: string,
  ): Promise<AlarmHistoryLine[]> {
    const links = await trx
      .selectFrom('emergency_event_alarms')
      .select('alarm_id')
      .where('event_id', '=', eventId)
      .orderBy('alarm_id')
      .execute();
    const who = actor.userId === null && actor.name ? `${actor.name}：` : '';
    return links.map((link) => ({
      alarmId: Number(link.alarm_id),
      at,
      userId: actor.userId,
      action: 'emergency',
      comment: `${who}${comment}`,
    }));
  }

  // ---- push --------------------------------------------------------------------------------------

  private async latestEntry(tenantId: number, eventId: number): Promise<EmergencyFeedEntry> {
    const row = await this.selectHistory(tenantId)
      .where('h.event_id', '=', eventId)
      .orderBy('h.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return this.toFeed(row);
  }

  private async publish(tenantId: number, data: EmergencyPushData): Promise<void> {
    const { push, onPushError } = this.options;
    if (!push) return;
    try {
      await push.publish(tenantId, emergencyPushTopic, data);
    } catch (error) {
      // The change committed; a lost push is logged, the pages catch up on their next read.
      onPushError?.(error);
    }
  }

  private async announceEvent(tenantId: number, eventId: number, action: EmergencyAction): Promise<EmergencyEventDetail> {
    const detail = await this.detail(tenantId, eventId);
    const { tasks: _tasks, history: _history, alarms: _alarms, ...event } = detail;
    await this.publish(tenantId, { eventId, taskId: null, action, entry: await this.latestEntry(tenantId, eventId), event, task: null });
    return detail;
  }

  private async announceTask(tenantId: number, taskId: number, action: EmergencyAction): Promise<EmergencyTaskRow> {
    const task = await this.task(tenantId, taskId);
    const event = await this.event(tenantId, task.eventId);
    await this.publish(tenantId, {
      eventId: task.eventId,
      taskId,
      action,
      entry: await this.latestEntry(tenantId, task.eventId),
      event,
      task,
    });
    return task;
  }

  // ---- field work ----------------------------------------------------------------------------------

  /**
   * Open tasks of every tenant last changed at or before `before` and not yet reported as far as
   * `untilPercent` (the field-work simulator's sweep; it leaves finishing to the operator), oldest first.
   */
  async waitingTasks(
    before: number,
    untilPercent: number,
    limit = 200,
  ): Promise<(TaskRecord & { team_name: string | null; event_kind: string })[]> {
    const rows = await this.db
      .selectFrom('emergency_tasks as k')
      .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
      .leftJoin('teams as t', 't.team_id', 'k.team_id')
      .selectAll('k')
      .select(['t.name as team_name', 'e.kind as event_kind'])
      .where('k.status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
      .where('k.updated_at', '<=', before)
      .where((eb) => eb.or([eb('k.status', '!=', 'PROCESSING'), eb('k.percent', '<', untilPercent)]))
      .orderBy('k.updated_at')
      .orderBy('k.task_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, task_id: Number(row.task_id), event_id: Number(row.event_id), team_id: Number(row.team_id) }));
  }
}
