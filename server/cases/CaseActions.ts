import {
  CASE_ACTION_LABELS,
  CASE_CITY_EVENTS,
  CASE_KIND_LABELS,
  CASE_TEAM_LABELS,
  CASE_TRANSITIONS,
  type CaseAction,
  type CaseRow,
  type CaseStatus,
  type CaseTeam,
  type RegisterCaseBody,
} from '../../contracts/cases';
import type { AlarmService } from '../alarms/AlarmService';
import type { NamedPlace, TenantPlaces } from '../analysis/sqlFigures';
import { UNLOCATED } from '../analysis/sqlFigures';
import type { Database, Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { shanghaiDay, type OrderCounters } from '../workOrders/OrderCounters';
import type { WorkOrderActions } from '../workOrders/WorkOrderActions';
import type { CaseAnnouncer } from './CaseAnnouncer';
import type { WorkTeamOf } from './workTeams';
import { caseRecord, statusLabel as label, toCaseRow, writeCaseEvent, type CaseRecord } from './caseRecords';

/** The counter type of case numbers (order_counters.type). */
export const CASE_COUNTER = 'case';
/** How far (degrees) a case may lie from the tenant's nearest named place: beyond it is not the tenant's area. */
const MAX_PLACE_DISTANCE_DEG = 0.2;

/** The tenant's named place nearest to a position (squared degrees, ties by name: the rule of sqlFigures' areaOf). */
export function nearestPlace(places: readonly NamedPlace[], longitude: number, latitude: number): { name: string; distance: number } {
  let best: { name: string; distance: number } = { name: UNLOCATED, distance: Infinity };
  for (const place of places) {
    const distance = Math.sqrt((place.longitude - longitude) ** 2 + (place.latitude - latitude) ** 2);
    if (distance < best.distance || (distance === best.distance && place.name < best.name)) best = { name: place.name, distance };
  }
  return best;
}

/** What a case does with its work order: it follows the case (created and dispatched, accepted with the handling, done at closing). */
export type CaseWorkOrders = Pick<WorkOrderActions, 'create' | 'assign' | 'accept' | 'progress' | 'close' | 'cancel'>;

/** Who moves a case: an operator's id, or null for the field team itself (the simulator), shown as 系统. */
export type Actor = number | null;

/**
 * Registering cases and moving them along CASE_TRANSITIONS (contracts/cases.ts): anything else is
 * refused with 409 naming the current status and the action, and nothing changes. Each step is written
 * with its audit row in one transaction, and the UPDATE names the status it was read in, so of two
 * concurrent moves one wins and the other is refused. Numbers (AJ-yyyymmdd-nnnn) come from
 * OrderCounters in the transaction that stores the case. Assigning creates the team's work order
 * through WorkOrderActions (never its tables), dispatched to the field team's work-order team; the order
 * follows the case (accepted and noted when the team handles, done when the case closes, cancelled when
 * it is refused) after the case's own step committed.
 */
export class CaseActions {
  constructor(
    private readonly db: Db,
    private readonly counters: OrderCounters,
    private readonly orders: CaseWorkOrders,
    private readonly workTeamOf: WorkTeamOf,
    private readonly alarms: Pick<AlarmService, 'raise'> | undefined,
    private readonly announcer: CaseAnnouncer,
    private readonly places: TenantPlaces,
    private readonly now: () => number,
  ) {}

  async register(tenantId: number, userId: Actor, body: RegisterCaseBody): Promise<CaseRow> {
    const title = body.title.trim();
    if (!title) throw badRequest('请填写案件标题');
    const place = nearestPlace(this.places[tenantId] ?? [], body.longitude, body.latitude);
    if (place.distance > MAX_PLACE_DISTANCE_DEG) throw badRequest('案件位置不在本辖区范围内，请在地图或地点列表中重新选择');
    const at = this.now();
    const caseId = await this.db.transaction().execute(async (trx) => {
      const day = shanghaiDay(at);
      const number = await this.counters.next(tenantId, CASE_COUNTER, day, trx);
      const { case_id } = await trx
        .insertInto('cases')
        .values({
          case_id: undefined,
          tenant_id: tenantId,
          case_no: `AJ-${day}-${String(number).padStart(4, '0')}`,
          kind: body.kind,
          source: body.source ?? 'public',
          status: 'registered',
          title: title.slice(0, 100),
          description: (body.description ?? '').trim().slice(0, 1000),
          reporter_name: (body.reporterName ?? '').trim().slice(0, 32),
          reporter_phone: (body.reporterPhone ?? '').trim(),
          longitude: body.longitude,
          latitude: body.latitude,
          area: place.name,
          team: null,
          work_order_id: null,
          alarm_id: null,
          created_at: at,
          assigned_at: null,
          handled_at: null,
          closed_at: null,
          updated_at: at,
          origin: 'live',
        })
        .returning('case_id')
        .executeTakeFirstOrThrow();
      const id = Number(case_id);
      await writeCaseEvent(trx, { caseId: id, tenantId, at, userId, action: 'register', from: null, to: 'registered', note: '' });
      return id;
    });
    let created = toCaseRow(await caseRecord(this.db, tenantId, caseId), at);
    // A kind with a city event raises its alarm after the case committed (the toast opens the page on it).
    const cityEvent = CASE_CITY_EVENTS[created.kind];
    if (cityEvent && this.alarms) {
      const alarm = await this.alarms.raise({
        tenantId,
        alarmType: cityEvent.alarmType,
        content: `${CASE_KIND_LABELS[created.kind]}案件 ${created.caseNo}：${created.title}`.slice(0, 200),
        description: `${created.area}｜${created.description}`,
      });
      await this.db.updateTable('cases').set({ alarm_id: alarm.alarmId }).where('case_id', '=', caseId).execute();
      created = { ...created, alarmId: alarm.alarmId };
      await this.announcer.cityEvent(tenantId, cityEvent.eventType, created, alarm);
    }
    await this.announcer.announce(tenantId, created, 'register', at);
    return created;
  }

  /** 派遣: the team's work order is created first; the case then moves, or the order is cancelled again if another move won. */
  async assign(tenantId: number, userId: number, caseId: number, team: CaseTeam, note: string): Promise<CaseRow> {
    const record = await caseRecord(this.db, tenantId, caseId);
    this.allowed(record, 'assign');
    const order = await this.orders.create(tenantId, userId, {
      title: `案件 ${record.case_no}：${record.title}`.slice(0, 100),
      description: `派遣至${CASE_TEAM_LABELS[team]}｜${record.area}｜${record.description}`.slice(0, 1000),
      category: 'INSPECTION',
      ...(record.alarm_id !== null ? { alarmId: Number(record.alarm_id) } : {}),
    });
    let assigned: CaseRow;
    try {
      assigned = await this.change(record, userId, 'assign', note || `派遣至${CASE_TEAM_LABELS[team]}`, {
        team,
        work_order_id: order.orderId,
        assigned_at: this.now(),
      });
    } catch (error) {
      await this.orders.cancel(tenantId, userId, order.orderId, `案件 ${record.case_no} 已被他人处理，工单作废`);
      throw error;
    }
    const workTeamId = await this.workTeamOf(tenantId, team);
    if (workTeamId !== undefined)
      await this.orders.assign(tenantId, userId, { orderId: order.orderId, teamId: workTeamId, note: `派遣至${CASE_TEAM_LABELS[team]}` });
    return assigned;
  }

  async handle(tenantId: number, userId: Actor, caseId: number, note: string): Promise<CaseRow> {
    const record = await caseRecord(this.db, tenantId, caseId);
    this.allowed(record, 'handle');
    if (!note) throw badRequest('请填写处置情况');
    const handled = await this.change(record, userId, 'handle', note, { handled_at: this.now() });
    const order = record.work_order_id === null ? undefined : Number(record.work_order_id);
    if (order !== undefined && (await this.orderStatus(record.tenant_id, order)) === 'ASSIGNED') {
      await this.orders.accept(tenantId, userId, order, '');
      await this.orders.progress(tenantId, userId, order, note);
    }
    return handled;
  }

  async close(tenantId: number, userId: number, caseId: number, note: string): Promise<CaseRow> {
    const record = await caseRecord(this.db, tenantId, caseId);
    this.allowed(record, 'close');
    if (!note) throw badRequest('请填写结案意见');
    const closed = await this.change(record, userId, 'close', note, { closed_at: this.now() });
    const order = record.work_order_id === null ? undefined : Number(record.work_order_id);
    if (order !== undefined && (await this.orderStatus(record.tenant_id, order)) === 'PROCESSING')
      await this.orders.close(tenantId, userId, order, `案件 ${record.case_no} 已结案：${note}`.slice(0, 1000));
    return closed;
  }

  async reject(tenantId: number, userId: number, caseId: number, reason: string): Promise<CaseRow> {
    const record = await caseRecord(this.db, tenantId, caseId);
    this.allowed(record, 'reject');
    if (!reason) throw badRequest('请填写不予受理的原因');
    const rejected = await this.change(record, userId, 'reject', reason, { closed_at: this.now() });
    // The team's order has nothing left to do.
    const order = record.work_order_id === null ? undefined : Number(record.work_order_id);
    const status = order === undefined ? undefined : await this.orderStatus(record.tenant_id, order);
    if (order !== undefined && (status === 'PENDING' || status === 'ASSIGNED'))
      await this.orders.cancel(tenantId, userId, order, `案件 ${record.case_no} 不予受理：${reason}`.slice(0, 500));
    return rejected;
  }

  /** The work order's status now (it may have been moved in 工单管理 since). */
  private async orderStatus(tenantId: number, orderId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('work_orders')
      .select('status')
      .where('order_id', '=', orderId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row?.status;
  }

  /** Refuses (409) an action the case's status does not allow, naming both. */
  private allowed(record: CaseRecord, action: CaseAction): void {
    const rule = CASE_TRANSITIONS[action];
    if (rule.from.includes(record.status as CaseStatus)) return;
    const when = rule.from.map((status) => `「${label(status)}」`).join('或');
    const name = CASE_ACTION_LABELS[action];
    throw new AppError(409, `案件 ${record.case_no} 当前状态为「${label(record.status)}」，不能${name}（仅${when}时可以${name}）`);
  }

  /** The status change and its audit row, all or nothing; refused (409) when the case moved since it was read. */
  private async change(
    record: CaseRecord,
    userId: Actor,
    action: CaseAction,
    note: string,
    set: Partial<Database['cases']>,
  ): Promise<CaseRow> {
    const at = this.now();
    const to = CASE_TRANSITIONS[action].to;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('cases')
        .set({ ...set, status: to, updated_at: at })
        .where('case_id', '=', record.case_id)
        .where('tenant_id', '=', record.tenant_id)
        .where('status', '=', record.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `案件 ${record.case_no} 已被他人处理，请刷新后重试`);
      await writeCaseEvent(trx, { caseId: record.case_id, tenantId: record.tenant_id, at, userId, action, from: record.status, to, note });
    });
    const changed = toCaseRow(await caseRecord(this.db, record.tenant_id, record.case_id), at);
    await this.announcer.announce(record.tenant_id, changed, action, at);
    return changed;
  }
}
