import { sql } from 'kysely';
import {
  CASE_ACTION_LABELS,
  CASE_GROUPS,
  CASE_KIND_LABELS,
  CASE_OVERDUE_HOURS,
  CASE_STATUS_LABELS,
  CASE_TEAM_LABELS,
  OPEN_CASE_STATUSES,
  caseActionsOf,
  type CaseDetail,
  type CaseEvent,
  type CaseGroup,
  type CaseKind,
  type CaseRow,
  type CaseStats,
  type CaseStatus,
  type CaseTeam,
} from '../../contracts/cases';
import { numberOf } from '../analysis/sqlFigures';
import type { Db } from '../db/Database';
import { AppError } from '../envelope';
import { DAY_MS, HOUR_MS, shanghaiDayStart } from '../stats/periods';
import { caseRecord, toCaseRow } from './caseRecords';

export interface CaseFilter {
  tenantId: number;
  group?: CaseGroup;
  status?: CaseStatus;
  keyword?: string;
  overdue?: boolean;
  pageNum: number;
  pageSize: number;
}

/** The window figures are counted over when none is asked: the last 30 days. */
export const DEFAULT_STATS_DAYS = 30;
/** How many cases the map shows at most (open ones, newest first, then those closed in the last day). */
export const MAP_CASE_LIMIT = 500;

const kindsOf = (group: CaseGroup | undefined): readonly CaseKind[] | undefined => (group ? CASE_GROUPS[group] : undefined);

/** Reading cases: the paged list, a case with its trail and evidence, the case of an alarm, the map's cases and the figures. */
export class CaseQueries {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private scoped(tenantId: number, group: CaseGroup | undefined) {
    const kinds = kindsOf(group);
    let query = this.db.selectFrom('cases').where('tenant_id', '=', tenantId);
    if (kinds) query = query.where('kind', 'in', kinds);
    return query;
  }

  async list(filter: CaseFilter): Promise<{ rows: CaseRow[]; total: number }> {
    let base = this.scoped(filter.tenantId, filter.group);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.overdue)
      base = base.where('status', 'in', OPEN_CASE_STATUSES).where('created_at', '<', this.now() - CASE_OVERDUE_HOURS * HOUR_MS);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`title like ${like} escape '\\'`,
          sql<boolean>`case_no like ${like} escape '\\'`,
          sql<boolean>`area like ${like} escape '\\'`,
        ]),
      );
    }
    const total = numberOf((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count);
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('case_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    const now = this.now();
    return { rows: rows.map((row) => toCaseRow(row, now)), total };
  }

  async get(tenantId: number, caseId: number): Promise<CaseRow> {
    return toCaseRow(await caseRecord(this.db, tenantId, caseId), this.now());
  }

  async detail(tenantId: number, caseId: number): Promise<CaseDetail> {
    const row = await this.get(tenantId, caseId);
    const [events, evidence] = await Promise.all([
      this.db
        .selectFrom('case_events as e')
        .leftJoin('users as u', 'u.user_id', 'e.user_id')
        .select(['e.event_id', 'e.at', 'e.action', 'e.from_status', 'e.to_status', 'e.note', 'e.user_id', 'u.nick_name'])
        .where('e.case_id', '=', caseId)
        .where('e.tenant_id', '=', tenantId)
        .orderBy('e.event_id')
        .execute(),
      this.db
        .selectFrom('case_evidence')
        .select(['evidence_id', 'mime', 'size', 'status', 'created_at'])
        .where('case_id', '=', caseId)
        .where('tenant_id', '=', tenantId)
        .orderBy('evidence_id')
        .execute(),
    ]);
    return {
      ...row,
      events: events.map((event): CaseEvent => ({
        eventId: Number(event.event_id),
        action: event.action as CaseEvent['action'],
        actionName: CASE_ACTION_LABELS[event.action as CaseEvent['action']] ?? event.action,
        fromStatus: event.from_status as CaseStatus | null,
        toStatus: event.to_status as CaseStatus | null,
        note: event.note,
        userId: event.user_id,
        // No operator: the public's own report (the simulator's hotline) or the field team's step.
        userName: event.nick_name ?? (event.action === 'register' ? '市民上报' : '现场班组'),
        time: Number(event.at),
      })),
      evidence: evidence.map((item) => ({
        evidenceId: Number(item.evidence_id),
        mime: item.mime,
        size: item.size,
        status: item.status as CaseStatus,
        createTime: Number(item.created_at),
        url: `/cases/evidence/file?id=${Number(item.evidence_id)}`,
      })),
      actions: caseActionsOf(row.status),
    };
  }

  /** The case an alarm was raised for (a toast's `?alarmId=`); 404 when none. */
  async byAlarm(tenantId: number, alarmId: number): Promise<CaseRow> {
    const row = await this.db
      .selectFrom('cases')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('alarm_id', '=', alarmId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `告警 ${alarmId} 没有对应的案件`);
    return toCaseRow(row, this.now());
  }

  /** The map's cases of a group: the open ones and those closed or refused in the last day, newest first. */
  async onMap(tenantId: number, group: CaseGroup | undefined): Promise<CaseRow[]> {
    const now = this.now();
    const rows = await this.scoped(tenantId, group)
      .selectAll()
      .where((eb) => eb.or([eb('status', 'in', OPEN_CASE_STATUSES), eb('closed_at', '>=', now - DAY_MS)]))
      .orderBy('created_at', 'desc')
      .limit(MAP_CASE_LIMIT)
      .execute();
    return rows.map((row) => toCaseRow(row, now));
  }

  /** A group's figures: today's new, open, overdue, closed in the window; by kind, area, team and status of the window's cases; open cases by age. */
  async stats(tenantId: number, group: CaseGroup | undefined, window: { beginTime?: number; endTime?: number }): Promise<CaseStats> {
    const now = this.now();
    const end = window.endTime ?? now;
    const begin = window.beginTime ?? end - DEFAULT_STATS_DAYS * DAY_MS;
    if (begin > end) throw new AppError(400, '开始时间不能晚于结束时间');
    const overdueBefore = now - CASE_OVERDUE_HOURS * HOUR_MS;
    const inWindow = () => this.scoped(tenantId, group).where('created_at', '>=', begin).where('created_at', '<=', end);
    const open = sql<string>`case when status in (${sql.join(OPEN_CASE_STATUSES)}) then 1 else 0 end`;
    const [figures, byKind, byArea, byTeam, byStatus] = await Promise.all([
      this.scoped(tenantId, group)
        .select([
          sql<string>`sum(case when created_at >= ${shanghaiDayStart(now)} then 1 else 0 end)`.as('today'),
          sql<string>`sum(${open})`.as('open'),
          sql<string>`sum(case when created_at < ${overdueBefore} then ${open} else 0 end)`.as('overdue'),
          sql<string>`sum(case when status = 'closed' and closed_at >= ${begin} and closed_at <= ${end} then 1 else 0 end)`.as('closed'),
          sql<string>`sum(case when created_at >= ${now - DAY_MS} then ${open} else 0 end)`.as('age1'),
          sql<string>`sum(case when created_at < ${now - DAY_MS} and created_at >= ${now - 2 * DAY_MS} then ${open} else 0 end)`.as('age2'),
          sql<string>`sum(case when created_at < ${now - 2 * DAY_MS} and created_at >= ${now - 7 * DAY_MS} then ${open} else 0 end)`.as(
            'age7',
          ),
          sql<string>`sum(case when created_at < ${now - 7 * DAY_MS} then ${open} else 0 end)`.as('ageMore'),
        ])
        .executeTakeFirst(),
      inWindow()
        .select(['kind as name', (eb) => eb.fn.countAll<number>().as('value')])
        .groupBy('kind')
        .execute(),
      inWindow()
        .select(['area as name', (eb) => eb.fn.countAll<number>().as('value')])
        .groupBy('area')
        .orderBy('area')
        .execute(),
      inWindow()
        .where('team', 'is not', null)
        .select(['team as name', (eb) => eb.fn.countAll<number>().as('value')])
        .groupBy('team')
        .execute(),
      inWindow()
        .select(['status as name', (eb) => eb.fn.countAll<number>().as('value')])
        .groupBy('status')
        .execute(),
    ]);
    const counted = <K extends string>(
      rows: { name: string | null; value: number | string }[],
      labels: Record<K, string>,
      keys: readonly K[],
    ) => keys.map((key) => ({ name: labels[key], value: numberOf(rows.find((row) => row.name === key)?.value) }));
    const kinds = kindsOf(group) ?? (Object.keys(CASE_KIND_LABELS) as CaseKind[]);
    return {
      today: numberOf(figures?.today),
      open: numberOf(figures?.open),
      overdue: numberOf(figures?.overdue),
      closed: numberOf(figures?.closed),
      byKind: counted(byKind, CASE_KIND_LABELS, kinds),
      byArea: byArea.map((row) => ({ name: row.name, value: numberOf(row.value) })),
      byTeam: counted(byTeam, CASE_TEAM_LABELS, Object.keys(CASE_TEAM_LABELS) as CaseTeam[]),
      byStatus: counted(byStatus, CASE_STATUS_LABELS, Object.keys(CASE_STATUS_LABELS) as CaseStatus[]),
      openAges: [
        { name: '1 天内', value: numberOf(figures?.age1) },
        { name: '1–2 天', value: numberOf(figures?.age2) },
        { name: '2–7 天', value: numberOf(figures?.age7) },
        { name: '7 天以上', value: numberOf(figures?.ageMore) },
      ],
    };
  }
}
