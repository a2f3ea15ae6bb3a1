import type { LayoutItem, StoredLayout } from '../../contracts/panels';
import type { HttpClient } from '../http/HttpClient';

/** The operator's layouts, stored per user, tenant and page on the server (`/panel/layout`). */
export function createLayoutApi(http: HttpClient) {
  return {
    /** The stored layout of a page, or null when the operator never saved one. */
    async load(page: string): Promise<StoredLayout | null> {
      return (await http.get<StoredLayout | null>('/panel/layout', { page }, { loading: false, quiet: true })).data ?? null;
    },
    async save(page: string, items: LayoutItem[]): Promise<StoredLayout | null> {
      return (await http.put<StoredLayout>('/panel/layout', { page, items }, { quiet: true })).data ?? null;
    },
    /** Forgets the stored layout: the page's default applies again. */
    async reset(page: string): Promise<void> {
      await http.delete('/panel/layout', { page }, { quiet: true });
    },
  };
}
export type LayoutApi = ReturnType<typeof createLayoutApi>;
