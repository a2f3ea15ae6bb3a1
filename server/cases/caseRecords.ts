import type { Transaction } from 'kysely';
import {
  CASE_KIND_LABELS,
  CASE_OVERDUE_HOURS,
  CASE_SOURCE_LABELS,
  CASE_STATUS_LABELS,
  CASE_TEAM_LABELS,
  OPEN_CASE_STATUSES,
  type CaseKind,
  type CaseRow,
  type CaseSource,
  type CaseStatus,
  type CaseTeam,
} from '../../contracts/cases';
import type { Database, Db } from '../db/Database';
import { AppError } from '../envelope';

export type CaseRecord = Database['cases'] & { case_id: number };

const OVERDUE_MS = CASE_OVERDUE_HOURS * 3_600_000;

/** A stored code read back as its contract type (the service writes only these). */
const codeOf = <T extends string>(labels: Record<T, string>, value: string): T => {
  if (!Object.hasOwn(labels, value)) throw new Error(`案件数据不正确：${value}`);
  return value as T;
};

export const statusLabel = (status: string): string => CASE_STATUS_LABELS[status as CaseStatus] ?? status;

/** A row as the API returns it; `now` tells whether it is overdue. */
export function toCaseRow(row: Database['cases'], now: number): CaseRow {
  const kind = codeOf<CaseKind>(CASE_KIND_LABELS, row.kind);
  const source = codeOf<CaseSource>(CASE_SOURCE_LABELS, row.source);
  const status = codeOf<CaseStatus>(CASE_STATUS_LABELS, row.status);
  const team = row.team === null ? null : codeOf<CaseTeam>(CASE_TEAM_LABELS, row.team);
  const createTime = Number(row.created_at);
  return {
    caseId: Number(row.case_id),
    caseNo: row.case_no,
    kind,
    kindName: CASE_KIND_LABELS[kind],
    source,
    sourceName: CASE_SOURCE_LABELS[source],
    status,
    statusName: CASE_STATUS_LABELS[status],
    title: row.title,
    description: row.description,
    reporterName: row.reporter_name,
    reporterPhone: row.reporter_phone,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    area: row.area,
    team,
    teamName: team ? CASE_TEAM_LABELS[team] : '',
    workOrderId: row.work_order_id === null ? null : Number(row.work_order_id),
    alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
    createTime,
    assignedAt: row.assigned_at === null ? null : Number(row.assigned_at),
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    overdue: OPEN_CASE_STATUSES.includes(status) && now - createTime > OVERDUE_MS,
  };
}

/** A case of the tenant; another tenant's reads exactly like one that does not exist (404). */
export async function caseRecord(db: Db, tenantId: number, caseId: number): Promise<CaseRecord> {
  const row = await db.selectFrom('cases').selectAll().where('case_id', '=', caseId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw new AppError(404, `案件不存在：${caseId}`);
  return { ...row, case_id: Number(row.case_id) };
}

/** The audit row of a step, in the step's transaction. */
export async function writeCaseEvent(
  trx: Transaction<Database>,
  event: {
    caseId: number;
    tenantId: number;
    at: number;
    userId: number | null;
    action: string;
    from: string | null;
    to: string | null;
    note: string;
  },
): Promise<number> {
  const { event_id } = await trx
    .insertInto('case_events')
    .values({
      event_id: undefined,
      case_id: event.caseId,
      tenant_id: event.tenantId,
      at: event.at,
      user_id: event.userId,
      action: event.action,
      from_status: event.from,
      to_status: event.to,
      note: event.note.slice(0, 1000),
    })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  return Number(event_id);
}
