import { repairLayout, type LayoutItem, type SaveLayoutBody, type StoredLayout } from '../../contracts/panels';
import type { Db } from '../db/Database';
import { badRequest } from '../envelope';
import type { PanelCatalog } from './panelCatalog';

/**
 * Each operator's layouts of the panel pages (table panel_layouts), per tenant, user and page. A layout
 * is checked against the loaded plugins' panels before it is stored, then stored as `repairLayout`
 * (contracts/panels.ts) makes it: sizes held to each panel's minimum and the grid, overlapping panels
 * moved down. Read back, it is repaired again against the panels that exist then (a plugin may have
 * gone since), without writing.
 */
export class PanelLayoutService {
  constructor(
    private readonly db: Db,
    private readonly catalog: PanelCatalog,
    private readonly now: () => number,
  ) {}

  /** The caller's layout of a page, or null when it has none (the page's default applies). */
  async get(tenantId: number, userId: number, page: string): Promise<StoredLayout | null> {
    const row = await this.db
      .selectFrom('panel_layouts')
      .select(['items', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('page', '=', page)
      .executeTakeFirst();
    if (!row) return null;
    const items = parseItems(row.items);
    // A row that cannot be read at all is no layout: the page's default applies, rather than an empty page.
    if (!items) return null;
    return { page, items: repairLayout(items, this.catalog.panelsOf(page)).items, updatedAt: row.updated_at };
  }

  /**
   * Stores the caller's layout of a page. Refused (400, nothing stored) when the page is no panel
   * page of a loaded plugin, or an item names a panel that does not exist, is not offered on that
   * page, or comes twice. Returns what was stored and what the repair changed (in Chinese).
   */
  async save(tenantId: number, userId: number, body: SaveLayoutBody): Promise<{ layout: StoredLayout; changes: string[] }> {
    const { page, items } = body;
    if (!this.catalog.pages.has(page)) throw badRequest(`页面 ${page} 不是可以布局的面板页面`);
    const seen = new Set<string>();
    for (const item of items) {
      const panel = this.catalog.panels.get(item.panel);
      if (!panel) throw badRequest(`面板 ${item.panel} 不存在`);
      if (!(panel.pages as string[]).includes(page)) throw badRequest(`面板 ${item.panel}（${panel.title}）不能放在页面 ${page} 上`);
      if (seen.has(item.panel)) throw badRequest(`面板 ${item.panel}（${panel.title}）在布局中出现了不止一次`);
      seen.add(item.panel);
    }
    const repaired = repairLayout(items, this.catalog.panelsOf(page));
    const updatedAt = this.now();
    const stored = JSON.stringify(repaired.items);
    await this.db
      .insertInto('panel_layouts')
      .values({ tenant_id: tenantId, user_id: userId, page, items: stored, updated_at: updatedAt })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'user_id', 'page']).doUpdateSet({ items: stored, updated_at: updatedAt }))
      .execute();
    return { layout: { page, items: repaired.items, updatedAt }, changes: repaired.changes };
  }

  /** Forgets the caller's layout of a page (the default applies again); whether there was one. */
  async reset(tenantId: number, userId: number, page: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('panel_layouts')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('page', '=', page)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** Stored items, as written by `save` (entries that are not items dropped); undefined when the text is not a list at all. */
function parseItems(text: string): LayoutItem[] | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed)
      ? (parsed as LayoutItem[]).filter(
          (item) =>
            typeof item === 'object' &&
            item !== null &&
            typeof item.panel === 'string' &&
            [item.x, item.y, item.w, item.h].every(Number.isFinite),
        )
      : undefined;
  } catch {
    return undefined;
  }
}
