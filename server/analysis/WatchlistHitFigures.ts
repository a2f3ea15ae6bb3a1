import type { CategoryData, StatGroupData } from '../../contracts/panels';
import type { WatchlistKind } from '../../contracts/watchlists';
import type { Db } from '../db/Database';
import type { AnalysisWindow } from './analysisWindow';
import { numberOf } from './sqlFigures';

/** What the hits are called on the 数据分析 pages. */
export const HITS_FIGURE = '布防命中';

/**
 * 布防命中 on 人脸管控 (and any page of a deployment kind): the tenant's watchlist hits within a window,
 * every match a deployment stored (those inside its alarm interval too, which raised no alarm), read
 * from watchlist_hits on its tenant + time index and joined to their deployment for its kind and name.
 */
export class WatchlistHitFigures {
  constructor(private readonly db: Db) {}

  private hits(tenantId: number, window: AnalysisWindow, kind: WatchlistKind) {
    return this.db
      .selectFrom('watchlist_hits as h')
      .innerJoin('watchlist_deployments as w', (join) =>
        join.onRef('w.deployment_id', '=', 'h.deployment_id').onRef('w.tenant_id', '=', 'h.tenant_id'),
      )
      .where('h.tenant_id', '=', tenantId)
      .where('h.at', '>=', window.start)
      .where('h.at', '<', window.end)
      .where('w.kind', '=', kind);
  }

  async count(tenantId: number, window: AnalysisWindow, kind: WatchlistKind): Promise<number> {
    const row = await this.hits(tenantId, window, kind)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return numberOf(row?.n);
  }

  /** A page's summary with the hits' count after its own figures. */
  async withCount(summary: StatGroupData, tenantId: number, window: AnalysisWindow, kind: WatchlistKind): Promise<StatGroupData> {
    return { items: [...summary.items, { name: HITS_FIGURE, value: await this.count(tenantId, window, kind), unit: '次' }] };
  }

  /** Hits by deployment (key: its id, name: its name), most first, at most `limit`. */
  async byDeployment(tenantId: number, window: AnalysisWindow, kind: WatchlistKind, limit = 15): Promise<CategoryData> {
    const rows = await this.hits(tenantId, window, kind)
      .select(['h.deployment_id', 'w.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['h.deployment_id', 'w.name'])
      .orderBy('n', 'desc')
      .orderBy('h.deployment_id')
      .limit(limit)
      .execute();
    return { unit: '次', items: rows.map((row) => ({ key: String(row.deployment_id), name: row.name, value: numberOf(row.n) })) };
  }
}
