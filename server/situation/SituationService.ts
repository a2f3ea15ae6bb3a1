import { sql } from 'kysely';
import {
  ALARM_CLOSED_STATUS,
  SITUATION_CLOCK_TOLERANCE_MS,
  SITUATION_MAX_ALARMS,
  SITUATION_MAX_EVENTS_PER_KIND,
  SITUATION_WINDOW_MS,
  type Situation,
  type SituationAlarm,
  type SituationDevice,
  type SituationEvent,
  type SituationEvents,
  type SituationSubject,
} from '../../contracts/situation';
import type { Db } from '../db/Database';
import { badRequest } from '../envelope';
import type { TrackService } from '../field/TrackService';
import type { SituationSource } from './SituationSource';

interface AlarmAt {
  alarm_id: number;
  alarm_type: string;
  grade: string;
  device_id: number | null;
  device_name: string;
  longitude: number | null;
  latitude: number | null;
  content: string;
  created_at: number;
  closed_at: number | null;
}

interface OfflineAt {
  device_id: number;
  name: string;
  kind: string;
  longitude: number;
  latitude: number;
  since: number;
}

/**
 * The replay's reads (态势回放): the tenant's situation at a past time T and the timeline's marks, from
 * what is stored only — the alarms and their history (closed when the history records 已处理), the
 * devices' recorded status changes (StatusRecorder), the tracks (TrackService.situationAt) and what the
 * `SituationSource`s add. Every read is scoped to the tenant and bounded.
 */
export class SituationService {
  constructor(
    private readonly db: Db,
    private readonly tracks: TrackService,
    private readonly alarmTypeName: (code: string) => string | undefined,
    private readonly now: () => number,
    private readonly sources: readonly SituationSource[] = [],
  ) {}

  /** Refuses a time outside the past 24 hours (with a little room for the browser's clock). */
  private checkInWindow(at: number, field: string): void {
    const now = this.now();
    if (at < now - SITUATION_WINDOW_MS - SITUATION_CLOCK_TOLERANCE_MS || at > now + SITUATION_CLOCK_TOLERANCE_MS)
      throw badRequest(`${field}必须在过去 24 小时之内`);
  }

  async at(tenantId: number, at: number): Promise<Situation> {
    this.checkInWindow(at, '回放时间（at）');
    const [alarms, offlineDevices, subjects, marks] = await Promise.all([
      this.alarmsOpenAt(tenantId, at),
      this.devicesOfflineAt(tenantId, at),
      this.subjectsAt(tenantId, at),
      Promise.all(this.sources.map((source) => source.marksAt(tenantId, at, SITUATION_MAX_ALARMS))).then((lists) => lists.flat()),
    ]);
    return {
      at,
      alarms: alarms.slice(0, SITUATION_MAX_ALARMS),
      alarmsCapped: alarms.length > SITUATION_MAX_ALARMS,
      offlineDevices,
      subjects,
      marks,
    };
  }

  /**
   * Alarms raised at or before `at` and not closed by then. Statuses only move forward, so an alarm not
   * 已处理 now was open all along; an 已处理 one was open until its history's closing row. The tenant's
   * alarms are read through (tenant, created_at) newest first; the closing row is one seek on its alarm.
   */
  private async alarmsOpenAt(tenantId: number, at: number): Promise<SituationAlarm[]> {
    const { rows } = await sql<AlarmAt>`
      select a.alarm_id, a.alarm_type, a.grade, a.device_id, a.device_name, a.longitude, a.latitude, a.content, a.created_at,
        (select min(h.at) from alarm_history h where h.alarm_id = a.alarm_id and h.to_status = ${ALARM_CLOSED_STATUS}) as closed_at
      from alarms a
      where a.tenant_id = ${tenantId} and a.created_at <= ${at}
        and (a.status <> ${ALARM_CLOSED_STATUS}
          or not exists (select 1 from alarm_history c where c.alarm_id = a.alarm_id and c.to_status = ${ALARM_CLOSED_STATUS} and c.at <= ${at}))
      order by a.created_at desc, a.alarm_id desc
      limit ${SITUATION_MAX_ALARMS + 1}`.execute(this.db);
    return rows.map((row) => ({
      alarmId: Number(row.alarm_id),
      alarmType: row.alarm_type,
      alarmTypeName: this.alarmTypeName(row.alarm_type) ?? row.alarm_type,
      grade: row.grade,
      deviceId: row.device_id === null ? null : Number(row.device_id),
      deviceName: row.device_name,
      longitude: row.longitude,
      latitude: row.latitude,
      content: row.content,
      raisedAt: Number(row.created_at),
      closedAt: row.closed_at === null ? null : Number(row.closed_at),
    }));
  }

  /** Devices whose last recorded change at or before `at` took them offline (one backwards seek per device on (device_id, at)). */
  private async devicesOfflineAt(tenantId: number, at: number): Promise<SituationDevice[]> {
    const { rows } = await sql<OfflineAt>`
      select d.device_id, d.name, d.kind, d.longitude, d.latitude, c.at as since
      from devices d cross join device_status_changes c
      where d.tenant_id = ${tenantId} and c.device_id = d.device_id and c.online = 0
        and c.id = (select l.id from device_status_changes l where l.device_id = d.device_id and l.at <= ${at} order by l.at desc, l.id desc limit 1)
      order by d.device_id`.execute(this.db);
    return rows.map((row) => ({
      deviceId: Number(row.device_id),
      deviceName: row.name,
      kind: row.kind,
      longitude: row.longitude,
      latitude: row.latitude,
      offlineSince: Number(row.since),
    }));
  }

  /** People and UAVs where they were at `at`, named (a member's name, a UAV's device name). */
  private async subjectsAt(tenantId: number, at: number): Promise<SituationSubject[]> {
    const positions = await this.tracks.situationAt(tenantId, at);
    if (!positions.length) return [];
    const personIds = positions.filter((position) => position.subjectKind === 'person').map((position) => position.subjectId);
    const uavIds = positions.filter((position) => position.subjectKind === 'uav').map((position) => position.subjectId);
    const [people, uavs] = await Promise.all([
      personIds.length
        ? this.db
            .selectFrom('field_members')
            .select(['member_id as id', 'name'])
            .where('tenant_id', '=', tenantId)
            .where('member_id', 'in', personIds)
            .execute()
        : [],
      uavIds.length
        ? this.db
            .selectFrom('devices')
            .select(['device_id as id', 'name'])
            .where('tenant_id', '=', tenantId)
            .where('device_id', 'in', uavIds)
            .execute()
        : [],
    ]);
    const names = new Map([
      ...people.map((row) => [`person:${Number(row.id)}`, row.name] as const),
      ...uavs.map((row) => [`uav:${Number(row.id)}`, row.name] as const),
    ]);
    return positions.map((position) => ({
      kind: position.subjectKind,
      id: position.subjectId,
      name: names.get(`${position.subjectKind}:${position.subjectId}`) ?? String(position.subjectId),
      longitude: position.longitude,
      latitude: position.latitude,
      altitude: position.altitude ?? null,
      heading: position.heading ?? null,
      at: position.at,
    }));
  }

  /** The timeline's marks from `from` to `to`: alarms raised and closed, devices off- and online, and the sources' own. */
  async events(tenantId: number, from: number, to: number): Promise<SituationEvents> {
    if (to < from) throw badRequest('结束时间（to）不能早于开始时间（from）');
    this.checkInWindow(from, '开始时间（from）');
    this.checkInWindow(to, '结束时间（to）');
    const limit = SITUATION_MAX_EVENTS_PER_KIND + 1;
    const [raised, closed, changes, ...fromSources] = await Promise.all([
      this.db
        .selectFrom('alarms')
        .select(['alarm_id', 'alarm_type', 'content', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .orderBy('created_at')
        .orderBy('alarm_id')
        .limit(limit)
        .execute(),
      // The history has no tenant: its rows of the window (index on at) joined to the tenant's alarms.
      this.db
        .selectFrom('alarm_history as h')
        .innerJoin('alarms as a', 'a.alarm_id', 'h.alarm_id')
        .select(['h.alarm_id', 'h.at', 'a.alarm_type', 'a.content'])
        .where('a.tenant_id', '=', tenantId)
        .where('h.to_status', '=', ALARM_CLOSED_STATUS)
        .where('h.at', '>=', from)
        .where('h.at', '<=', to)
        .orderBy('h.at')
        .orderBy('h.alarm_id')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('device_status_changes as c')
        .innerJoin('devices as d', 'd.device_id', 'c.device_id')
        .select(['c.device_id', 'c.at', 'c.online', 'd.name'])
        .where('c.tenant_id', '=', tenantId)
        .where('c.at', '>=', from)
        .where('c.at', '<=', to)
        .where('c.source', '<>', 'baseline')
        .orderBy('c.at')
        .orderBy('c.id')
        .limit(limit)
        .execute(),
      ...this.sources.map((source) => source.eventsBetween(tenantId, from, to, limit)),
    ]);
    const typeName = (code: string) => this.alarmTypeName(code) ?? code;
    const lists: SituationEvent[][] = [
      raised.map((row) => ({
        at: Number(row.created_at),
        kind: 'alarmRaised',
        label: `${typeName(row.alarm_type)}：${row.content}`,
        alarmId: Number(row.alarm_id),
      })),
      closed.map((row) => ({
        at: Number(row.at),
        kind: 'alarmClosed',
        label: `${typeName(row.alarm_type)}：${row.content}`,
        alarmId: Number(row.alarm_id),
      })),
      changes.map((row) => ({
        at: Number(row.at),
        kind: Number(row.online) ? 'deviceOnline' : 'deviceOffline',
        label: row.name,
        deviceId: Number(row.device_id),
      })),
      ...fromSources,
    ];
    const capped = lists.some((list) => list.length > SITUATION_MAX_EVENTS_PER_KIND);
    const events = lists.flatMap((list) => list.slice(0, SITUATION_MAX_EVENTS_PER_KIND)).sort((a, b) => a.at - b.at);
    return { from, to, events, capped };
  }
}
