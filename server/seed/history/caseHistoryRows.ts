import { CASE_TEAMS, type CaseTeam } from '../../../contracts/cases';
import { OPEN_WORK_ORDER_STATUSES } from '../../../contracts/workOrders';
import { CASE_COUNTER } from '../../cases/CaseActions';
import type { Database, Db } from '../../db/Database';
import { reserveIds } from '../../db/reserveIds';
import { WORK_ORDER_COUNTER } from '../../workOrders/WorkOrderActions';
import { counterKey, type CaseHistoryModel, type CaseTenantTeams, type OrderDraft } from './CaseHistoryModel';

/** Rows per INSERT: ~22 columns each, under SQLite's 32,766 variables and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

const chunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, index) =>
    rows.slice(index * ROWS_PER_INSERT, (index + 1) * ROWS_PER_INSERT),
  );

/** Each tenant's A/B/C teams' work-order teams (field_teams) and its work-order teams, as workTeamByOrder reads them. */
export async function caseTenantTeams(db: Db, tenantIds: readonly number[]): Promise<Map<number, CaseTenantTeams>> {
  const [bound, teams] = await Promise.all([
    db.selectFrom('field_teams').select(['tenant_id', 'team', 'work_team_id']).where('tenant_id', 'in', tenantIds).execute(),
    db.selectFrom('teams').select(['tenant_id', 'team_id', 'name']).where('tenant_id', 'in', tenantIds).orderBy('team_id').execute(),
  ]);
  return new Map(
    tenantIds.map((tenantId) => [
      tenantId,
      {
        bound: Object.fromEntries(
          bound
            .filter((row) => row.tenant_id === tenantId && row.work_team_id != null && CASE_TEAMS.some((team) => team === row.team))
            .map((row) => [row.team as CaseTeam, Number(row.work_team_id)]),
        ),
        teams: teams.filter((row) => row.tenant_id === tenantId).map((row) => ({ teamId: Number(row.team_id), name: row.name })),
      },
    ]),
  );
}

/** The tenants' case and work-order counters (order_counters' last), by counterKey. */
export async function counterBases(db: Db, tenantIds: readonly number[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('order_counters')
    .select(['tenant_id', 'type', 'day', 'last'])
    .where('tenant_id', 'in', tenantIds)
    .where('type', 'in', [CASE_COUNTER, WORK_ORDER_COUNTER])
    .execute();
  return new Map(rows.map((row) => [counterKey(row.tenant_id, row.type, row.day), Number(row.last)]));
}

/** The stored open orders not yet escalated (every tenant's, in id order): the escalation rounds' other orders. Each call copies them. */
export async function storedOpenOrders(db: Db): Promise<() => OrderDraft[]> {
  const rows = await db
    .selectFrom('work_orders')
    .selectAll()
    .where('status', 'in', [...OPEN_WORK_ORDER_STATUSES])
    .where('escalated_at', 'is', null)
    .orderBy('order_id')
    .execute();
  return () => rows.map(({ order_id, ...row }) => ({ ...row, id: Number(order_id), changed: false }));
}

/**
 * Takes the numbers the model took (by counterKey) in one statement: each counter moved on by its count,
 * created at it when new. Returns the base each range starts after.
 */
export async function reserveNumbers(db: Db, taken: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const bases = new Map<string, number>();
  const rows = [...taken].map(([key, count]) => {
    const [tenantId, type, day] = key.split('|') as [string, string, string];
    return { tenant_id: Number(tenantId), type, day, last: count };
  });
  for (const chunk of chunks(rows)) {
    const reserved = await db
      .insertInto('order_counters')
      .values(chunk)
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'type', 'day'])
          .doUpdateSet((eb) => ({ last: eb('order_counters.last', '+', eb.ref('excluded.last')) })),
      )
      .returning(['tenant_id', 'type', 'day', 'last'])
      .execute();
    for (const row of reserved) {
      const key = counterKey(row.tenant_id, row.type, row.day);
      bases.set(key, Number(row.last) - taken.get(key)!);
    }
  }
  return bases;
}

/** Writes the model's rows with their ids (reserved in the order the services would have taken them). */
export async function writeCaseRows(db: Db, model: CaseHistoryModel): Promise<void> {
  const give = async <T extends { id?: number }>(rows: readonly T[], table: string, column: string) => {
    const ids = await reserveIds(db, table, column, rows.length);
    rows.forEach((row, index) => (row.id = ids[index]));
  };
  await give(model.cases, 'cases', 'case_id');
  await give(model.orders, 'work_orders', 'order_id');
  const caseEventIds = await reserveIds(db, 'case_events', 'event_id', model.caseEvents.length);
  const orderEventIds = await reserveIds(db, 'work_order_events', 'id', model.orderEvents.length);
  for (const rows of chunks(model.orders))
    await db
      .insertInto('work_orders')
      .values(rows.map(({ id, changed: _changed, ...row }): Database['work_orders'] => ({ ...row, order_id: id })))
      .execute();
  for (const rows of chunks(model.cases))
    await db
      .insertInto('cases')
      .values(rows.map(({ id, order, ...row }): Database['cases'] => ({ ...row, case_id: id, work_order_id: order?.id ?? null })))
      .execute();
  for (const rows of chunks(model.caseEvents.map((event, index) => ({ event, id: caseEventIds[index] }))))
    await db
      .insertInto('case_events')
      .values(
        rows.map(({ event: { subject, ...event }, id }): Database['case_events'] => ({ ...event, event_id: id, case_id: subject.id! })),
      )
      .execute();
  for (const rows of chunks(model.orderEvents.map((event, index) => ({ event, id: orderEventIds[index] }))))
    await db
      .insertInto('work_order_events')
      .values(rows.map(({ event: { subject, ...event }, id }): Database['work_order_events'] => ({ ...event, id, order_id: subject.id! })))
      .execute();
  // Stored orders the rounds escalated (none at a fresh start: the history's own rounds reached them).
  for (const order of model.escalatedOpenOrders)
    await db
      .updateTable('work_orders')
      .set({ escalated_at: order.escalated_at, updated_at: order.updated_at })
      .where('order_id', '=', order.id!)
      .execute();
}
