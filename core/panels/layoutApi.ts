import type { LayoutItem, StoredLayout } from '../../contracts/panels';
import { routes } from '../../contracts/api/routes';
import type { ApiCaller } from '../http/ApiCaller';

/** The operator's layouts, stored per user, tenant and page on the server (`/panel/layout`). */
export function createLayoutApi(api: ApiCaller) {
  return {
    /** The stored layout of a page, or null when the operator never saved one. */
    async load(page: string): Promise<StoredLayout | null> {
      return (await api.call(routes.panels.layout, { query: { page } }, { loading: false, quiet: true })).data ?? null;
    },
    async save(page: string, items: LayoutItem[]): Promise<StoredLayout | null> {
      return (await api.call(routes.panels.saveLayout, { body: { page, items } }, { quiet: true })).data ?? null;
    },
    /** Forgets the stored layout: the page's default applies again. */
    async reset(page: string): Promise<void> {
      await api.call(routes.panels.resetLayout, { query: { page } }, { quiet: true });
    },
  };
}
export type LayoutApi = ReturnType<typeof createLayoutApi>;
