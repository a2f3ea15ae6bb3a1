import {
  CASE_TEAM_LABELS,
  CASE_TEAMS,
  CASE_TRANSITIONS,
  type CaseAction,
  type CaseTeam,
  type RegisterCaseBody,
} from '../../../contracts/cases';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_SLA_HOURS,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
} from '../../../contracts/workOrders';
import type { TenantPlaces } from '../../analysis/sqlFigures';
import { CASE_COUNTER, nearestPlace } from '../../cases/CaseActions';
import type { Database } from '../../db/Database';
import { shanghaiDay } from '../../workOrders/OrderCounters';
import { WORK_ORDER_COUNTER } from '../../workOrders/WorkOrderActions';

const HOUR_MS = 3_600_000;
/** CaseActions' limit: a case farther (degrees) from the tenant's nearest named place is not the tenant's. */
const MAX_PLACE_DISTANCE_DEG = 0.2;
/** WorkOrderEscalation's round: orders escalated at most per run. */
const ESCALATED_PER_ROUND = 1000;

/** A row of the model: the table's columns, its id given when the rows are written (`id` is then set). */
export type CaseDraft = Omit<Database['cases'], 'case_id' | 'work_order_id'> & { id?: number; order: OrderDraft | undefined };
export type OrderDraft = Omit<Database['work_orders'], 'order_id'> & { id?: number; changed: boolean };
export type CaseEventDraft = Omit<Database['case_events'], 'event_id' | 'case_id'> & { subject: CaseDraft };
export type OrderEventDraft = Omit<Database['work_order_events'], 'id' | 'order_id'> & { subject: OrderDraft };

/** What a tenant's cases need to know of it: the A/B/C teams' work-order teams, and its work-order teams' names. */
export interface CaseTenantTeams {
  /** field_teams.work_team_id by A/B/C team (unset: the fallback by order, as workTeamByOrder). */
  bound: Partial<Record<CaseTeam, number>>;
  /** The tenant's work-order teams (`teams`) in id order. */
  teams: { teamId: number; name: string }[];
}

/** The counters' keys: tenant, type and Shanghai day. */
export const counterKey = (tenantId: number, type: string, day: string) => `${tenantId}|${type}|${day}`;

/**
 * What CaseActions, WorkOrderActions and WorkOrderEscalation write for the history's cases, worked out in
 * memory: the same rows (statuses, times, notes, numbers, each row's audit trail in order) that replaying
 * them through those services writes (caseHistory.test.ts holds the two side by side), so the month's
 * cases are written in a few multi-row statements (caseHistoryRows.ts) instead of ~37 statements a case.
 * Numbers continue from `bases` (order_counters' last, by counterKey); `openOrders` are the stored open
 * orders not yet escalated, which the escalation rounds reach as the live job does. A move its rule
 * refuses throws, as the services do.
 */
export class CaseHistoryModel {
  readonly cases: CaseDraft[] = [];
  readonly caseEvents: CaseEventDraft[] = [];
  /** The orders the cases created, in creation order. */
  readonly orders: OrderDraft[] = [];
  readonly orderEvents: OrderEventDraft[] = [];
  /** Numbers taken, by counterKey (from 1 past the base). */
  readonly taken = new Map<string, number>();
  private readonly openOrders: OrderDraft[];

  constructor(
    private readonly now: () => number,
    private readonly places: TenantPlaces,
    private readonly teams: ReadonlyMap<number, CaseTenantTeams>,
    private readonly bases: ReadonlyMap<string, number>,
    openOrders: readonly OrderDraft[],
  ) {
    this.openOrders = [...openOrders];
  }

  async register(tenantId: number, userId: number | null, body: RegisterCaseBody): Promise<{ caseId: number }> {
    const title = body.title.trim();
    if (!title) throw new Error('请填写案件标题');
    const place = nearestPlace(this.places[tenantId] ?? [], body.longitude, body.latitude);
    if (place.distance > MAX_PLACE_DISTANCE_DEG) throw new Error('案件位置不在本辖区范围内');
    const at = this.now();
    const day = shanghaiDay(at);
    const row: CaseDraft = {
      tenant_id: tenantId,
      case_no: `AJ-${day}-${String(this.next(tenantId, CASE_COUNTER, day)).padStart(4, '0')}`,
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
      order: undefined,
      alarm_id: null,
      created_at: at,
      assigned_at: null,
      handled_at: null,
      closed_at: null,
      updated_at: at,
      origin: 'seed',
    };
    this.cases.push(row);
    this.caseEvent(row, at, userId, 'register', null, 'registered', '');
    return { caseId: this.cases.length - 1 };
  }

  /** 派遣: the team's order created, the case moved, the order assigned to the field team's work-order team. */
  async assign(tenantId: number, userId: number, caseId: number, team: CaseTeam, note: string): Promise<void> {
    const row = this.caseOf(tenantId, caseId);
    this.allowed(row, 'assign');
    const order = this.createOrder(
      tenantId,
      userId,
      `案件 ${row.case_no}：${row.title}`.slice(0, 100),
      `派遣至${CASE_TEAM_LABELS[team]}｜${row.area}｜${row.description}`.slice(0, 1000),
    );
    this.change(row, userId, 'assign', note || `派遣至${CASE_TEAM_LABELS[team]}`, { team, assigned_at: this.now() });
    row.order = order;
    const teams = this.teams.get(tenantId);
    const teamId = teams?.bound[team] ?? teams?.teams[CASE_TEAMS.indexOf(team) % teams.teams.length]?.teamId;
    if (teamId === undefined) return;
    this.allowedOrder(order, 'assign');
    if (!teams?.teams.some((candidate) => candidate.teamId === teamId)) throw new Error(`班组不存在：${teamId}`);
    this.changeOrder(order, userId, 'assign', `派遣至${CASE_TEAM_LABELS[team]}`, { assignee_user_id: null, assignee_team_id: teamId });
  }

  async handle(tenantId: number, userId: number | null, caseId: number, note: string): Promise<void> {
    const row = this.caseOf(tenantId, caseId);
    this.allowed(row, 'handle');
    if (!note) throw new Error('请填写处置情况');
    const order = row.order;
    this.change(row, userId, 'handle', note, { handled_at: this.now() });
    if (order?.status === 'ASSIGNED') {
      this.changeOrder(order, userId, 'accept', '', {});
      this.changeOrder(order, userId, 'progress', note, {});
    }
  }

  async close(tenantId: number, userId: number, caseId: number, note: string): Promise<void> {
    const row = this.caseOf(tenantId, caseId);
    this.allowed(row, 'close');
    if (!note) throw new Error('请填写结案意见');
    const order = row.order;
    this.change(row, userId, 'close', note, { closed_at: this.now() });
    if (order?.status === 'PROCESSING') {
      const result = `案件 ${row.case_no} 已结案：${note}`.slice(0, 1000);
      this.changeOrder(order, userId, 'close', result, { closed_at: this.now(), result: result.slice(0, 1000) });
    }
  }

  async reject(tenantId: number, userId: number, caseId: number, reason: string): Promise<void> {
    const row = this.caseOf(tenantId, caseId);
    this.allowed(row, 'reject');
    if (!reason) throw new Error('请填写不予受理的原因');
    const order = row.order;
    this.change(row, userId, 'reject', reason, { closed_at: this.now() });
    if (order && (order.status === 'PENDING' || order.status === 'ASSIGNED'))
      this.changeOrder(order, userId, 'cancel', `案件 ${row.case_no} 不予受理：${reason}`.slice(0, 500), {});
  }

  /** WorkOrderEscalation's round: every open order past its due time (every tenant's, in id order) escalated once. */
  async escalateOverdue(): Promise<number> {
    const at = this.now();
    const due = [...this.openOrders, ...this.orders]
      .filter(
        (order) => OPEN_WORK_ORDER_STATUSES.some((status) => status === order.status) && order.due_at < at && order.escalated_at === null,
      )
      .slice(0, ESCALATED_PER_ROUND);
    for (const order of due) {
      order.escalated_at = at;
      order.updated_at = at;
      order.changed = true;
      const late = Math.max(1, Math.round((at - order.due_at) / 60_000));
      this.orderEvent(order, at, null, 'escalate', order.status, order.status, `已超过处理时限 ${late} 分钟，自动升级`);
    }
    return due.length;
  }

  /** The escalated stored orders: their rows to update. */
  get escalatedOpenOrders(): OrderDraft[] {
    return this.openOrders.filter((order) => order.changed);
  }

  private next(tenantId: number, type: string, day: string): number {
    const key = counterKey(tenantId, type, day);
    const taken = (this.taken.get(key) ?? 0) + 1;
    this.taken.set(key, taken);
    return (this.bases.get(key) ?? 0) + taken;
  }

  /** WorkOrderActions.create of a case's order: manual, INSPECTION, NORMAL priority, due by its time limit. */
  private createOrder(tenantId: number, userId: number, title: string, description: string): OrderDraft {
    const at = this.now();
    const day = shanghaiDay(at);
    const order: OrderDraft = {
      id: undefined,
      tenant_id: tenantId,
      order_no: `GD-${day}-${String(this.next(tenantId, WORK_ORDER_COUNTER, day)).padStart(4, '0')}`,
      title: title.trim().slice(0, 100),
      description: description.trim().slice(0, 1000),
      category: 'INSPECTION',
      priority: 'NORMAL',
      status: 'PENDING',
      source: 'manual',
      alarm_id: null,
      device_id: null,
      assignee_user_id: null,
      assignee_team_id: null,
      created_by: userId,
      due_at: at + WORK_ORDER_SLA_HOURS.NORMAL * HOUR_MS,
      escalated_at: null,
      closed_at: null,
      result: '',
      created_at: at,
      updated_at: at,
      changed: true,
    };
    if (!order.title) throw new Error('请输入工单标题');
    this.orders.push(order);
    this.orderEvent(order, at, userId, 'create', null, 'PENDING', '');
    return order;
  }

  private caseOf(tenantId: number, caseId: number): CaseDraft {
    const row = this.cases[caseId];
    if (!row || row.tenant_id !== tenantId) throw new Error(`案件不存在：${caseId}`);
    return row;
  }

  private allowed(row: CaseDraft, action: CaseAction): void {
    if (!CASE_TRANSITIONS[action].from.some((status) => status === row.status))
      throw new Error(`案件 ${row.case_no} 当前状态为 ${row.status}，不能 ${action}`);
  }

  private allowedOrder(order: OrderDraft, action: WorkOrderAction): void {
    if (!WORK_ORDER_TRANSITIONS[action].from.some((status) => status === order.status))
      throw new Error(`工单 ${order.order_no} 当前状态为 ${order.status}，不能 ${action}`);
  }

  private change(row: CaseDraft, userId: number | null, action: CaseAction, note: string, set: Partial<CaseDraft>): void {
    const at = this.now();
    const from = row.status;
    const to = CASE_TRANSITIONS[action].to;
    Object.assign(row, set, { status: to, updated_at: at });
    this.caseEvent(row, at, userId, action, from, to, note);
  }

  private changeOrder(order: OrderDraft, userId: number | null, action: WorkOrderAction, note: string, set: Partial<OrderDraft>): void {
    this.allowedOrder(order, action);
    const at = this.now();
    const from = order.status;
    const to = WORK_ORDER_TRANSITIONS[action].to;
    Object.assign(order, set, { status: to, updated_at: at, changed: true });
    this.orderEvent(order, at, userId, action, from, to, note.slice(0, 1000));
  }

  private caseEvent(
    subject: CaseDraft,
    at: number,
    userId: number | null,
    action: string,
    from: string | null,
    to: string | null,
    note: string,
  ) {
    this.caseEvents.push({
      subject,
      tenant_id: subject.tenant_id,
      at,
      user_id: userId,
      action,
      from_status: from,
      to_status: to,
      note: note.slice(0, 1000),
    });
  }

  private orderEvent(
    subject: OrderDraft,
    at: number,
    userId: number | null,
    action: string,
    from: string | null,
    to: string | null,
    note: string,
  ) {
    this.orderEvents.push({ subject, tenant_id: subject.tenant_id, at, user_id: userId, action, from_status: from, to_status: to, note });
  }
}
