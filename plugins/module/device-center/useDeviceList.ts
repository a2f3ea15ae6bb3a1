import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceApi, DeviceFilter, DeviceKind } from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';

export const DEVICE_PAGE_SIZE = 200;
/** Live status refresh; the push channel (next feature) will call `refresh` on device events instead. */
export const DEVICE_REFRESH_MS = 3000;

export interface DeviceListState {
  total: number;
  /** Sparse: only the pages that were needed are loaded. */
  rows: (DeviceRow | undefined)[];
  loading: boolean;
  /** Ask for the rows in [start, end) (visible range of the virtual list). */
  ensureRange(start: number, end: number): void;
  refresh(): void;
  /** Replace rows the server just reported (e.g. after a command). */
  patch(rows: Partial<DeviceRow> & { deviceId: number }[]): void;
}

/**
 * A device list of any size: loads the pages the virtual list shows, keeps them fresh by polling the
 * visible pages, and starts over when the kind or filter changes.
 */
export function useDeviceList(api: DeviceApi, kind: DeviceKind, filter: DeviceFilter, refreshMs = DEVICE_REFRESH_MS): DeviceListState {
  const [total, setTotal] = useState(0);
  const [rows, setRows] = useState<(DeviceRow | undefined)[]>([]);
  const [loading, setLoading] = useState(true);
  const pages = useRef(new Set<number>());
  const visible = useRef<[number, number]>([0, DEVICE_PAGE_SIZE]);
  const generation = useRef(0);
  const filterKey = JSON.stringify(filter);

  const loadPage = useCallback(
    async (page: number, current: number) => {
      const parsedFilter = JSON.parse(filterKey) as DeviceFilter;
      const result = await api.list(kind, page + 1, DEVICE_PAGE_SIZE, parsedFilter);
      if (current !== generation.current) return;
      setTotal(result.total);
      setRows((previous) => {
        const next = previous.length === result.total ? [...previous] : Array.from({ length: result.total }, (_, index) => previous[index]);
        result.rows.forEach((row, offset) => {
          next[page * DEVICE_PAGE_SIZE + offset] = row;
        });
        return next;
      });
    },
    [api, kind, filterKey],
  );

  useEffect(() => {
    const current = ++generation.current;
    pages.current = new Set([0]);
    setRows([]);
    setTotal(0);
    setLoading(true);
    loadPage(0, current)
      .catch(() => undefined)
      .finally(() => current === generation.current && setLoading(false));
  }, [loadPage]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      visible.current = [start, end];
      const first = Math.floor(start / DEVICE_PAGE_SIZE);
      const last = Math.floor(Math.max(start, end - 1) / DEVICE_PAGE_SIZE);
      for (let page = first; page <= last; page++) {
        if (pages.current.has(page)) continue;
        pages.current.add(page);
        loadPage(page, generation.current).catch(() => pages.current.delete(page));
      }
    },
    [loadPage],
  );

  const refresh = useCallback(() => {
    const [start, end] = visible.current;
    const first = Math.floor(start / DEVICE_PAGE_SIZE);
    const last = Math.floor(Math.max(start, end - 1) / DEVICE_PAGE_SIZE);
    for (let page = first; page <= last; page++) loadPage(page, generation.current).catch(() => undefined);
  }, [loadPage]);

  useEffect(() => {
    if (refreshMs <= 0) return;
    const timer = setInterval(refresh, refreshMs);
    return () => clearInterval(timer);
  }, [refresh, refreshMs]);

  const patch = useCallback((updates: (Partial<DeviceRow> & { deviceId: number })[]) => {
    const byId = new Map(updates.map((update) => [update.deviceId, update]));
    setRows((previous) => previous.map((row) => (row && byId.has(row.deviceId) ? { ...row, ...byId.get(row.deviceId) } : row)));
  }, []);

  return { total, rows, loading, ensureRange, refresh, patch: patch as DeviceListState['patch'] };
}
