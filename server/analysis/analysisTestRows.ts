/**
 * Rows the analysis tests plant, and the figures counted from them apart from the services (plain
 * JavaScript over the planted rows), so a test fails when the SQL counts something else.
 */
import type { Db } from '../db/Database';
import { TENANT_AREAS } from '../seed/seedData';
import { DAY_MS } from '../stats/periods';

// The test servers' clock: 2026-11-22 16:00 in Shanghai; its day began at 16:00 UTC the day before.
export const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
export const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
export const MINUTE = 60_000;
/** 近 7 日 as the page asks for it: six days before today's midnight to today's last millisecond. */
export const WEEK = { beginTime: TODAY - 6 * DAY_MS, endTime: TODAY + DAY_MS - 1 };

export const query = (range: { beginTime: number; endTime: number }, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ beginTime: String(range.beginTime), endTime: String(range.endTime), ...extra })}`;

/** Nearest-rank percentile of a list (the value at rank ⌈p·n⌉), null when empty. */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1]!;
}

export const minutes = (ms: number | null) => (ms === null ? 0 : Math.round(ms / 6_000) / 10);

/** The named place of tenant 1 nearest to a position, as the area figures should say. */
export function nearestPlace(longitude: number | null, latitude: number | null, tenantId = 1): string {
  if (longitude === null || latitude === null) return '未定位';
  const places = TENANT_AREAS[tenantId] ?? [];
  const distance = (place: { longitude: number; latitude: number }) =>
    (place.longitude - longitude) ** 2 + (place.latitude - latitude) ** 2;
  return [...places].sort((a, b) => distance(a) - distance(b) || (a.name < b.name ? -1 : 1))[0]!.name;
}

/** Counts of a list by key, as a map. */
export function countBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
}

/** Empties the tables the analyses read, so each test counts only what it planted. */
export async function clearAnalysedRows(db: Db): Promise<void> {
  await db.deleteFrom('work_order_photos').execute();
  await db.deleteFrom('work_order_events').execute();
  await db.deleteFrom('work_orders').execute();
  await db.deleteFrom('emergency_history').execute();
  await db.deleteFrom('emergency_tasks').execute();
  await db.deleteFrom('emergency_event_alarms').execute();
  await db.deleteFrom('emergency_events').execute();
  await db.deleteFrom('alarm_history').execute();
  await db.deleteFrom('alarms').execute();
  await db.deleteFrom('parking_sessions').execute();
}
