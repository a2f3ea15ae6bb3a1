import { CASE_KIND_LABELS, type CaseKind } from '../../contracts/cases';
import type { SituationEvent, SituationMark } from '../../contracts/situation';
import type { Db } from '../db/Database';
import type { SituationSource } from '../situation/SituationSource';

const labelOf = (row: { kind: string; case_no: string; title: string }) =>
  `${CASE_KIND_LABELS[row.kind as CaseKind] ?? row.kind}案件 ${row.case_no}：${row.title}`;

/**
 * The cases in the situation replay: those open at T (registered by then, not yet closed or refused) as
 * marks at their place, and each case's registration and end (结案 or 不予受理) on the timeline.
 */
export class CaseSituationSource implements SituationSource {
  readonly name = 'cases';

  constructor(private readonly db: Db) {}

  async marksAt(tenantId: number, at: number, limit: number): Promise<SituationMark[]> {
    const rows = await this.db
      .selectFrom('cases')
      .select(['case_id', 'case_no', 'kind', 'title', 'longitude', 'latitude', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '<=', at)
      .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>', at)]))
      .orderBy('created_at', 'desc')
      .orderBy('case_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      source: this.name,
      id: String(row.case_id),
      label: labelOf(row),
      longitude: Number(row.longitude),
      latitude: Number(row.latitude),
      since: Number(row.created_at),
    }));
  }

  async eventsBetween(tenantId: number, from: number, to: number, limit: number): Promise<SituationEvent[]> {
    const base = this.db
      .selectFrom('cases')
      .select(['case_no', 'kind', 'title', 'status', 'created_at', 'closed_at'])
      .where('tenant_id', '=', tenantId);
    const [registered, ended] = await Promise.all([
      base.where('created_at', '>=', from).where('created_at', '<=', to).orderBy('created_at').limit(limit).execute(),
      base.where('closed_at', '>=', from).where('closed_at', '<=', to).orderBy('closed_at').limit(limit).execute(),
    ]);
    return [
      ...registered.map((row) => ({ at: Number(row.created_at), kind: 'caseRegistered', label: `登记：${labelOf(row)}` })),
      ...ended.map((row) => ({
        at: Number(row.closed_at),
        kind: 'caseEnded',
        label: `${row.status === 'rejected' ? '不予受理' : '结案'}：${labelOf(row)}`,
      })),
    ]
      .sort((a, b) => a.at - b.at)
      .slice(0, limit);
  }
}
