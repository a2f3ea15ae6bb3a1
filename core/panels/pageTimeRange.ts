import { TIME_RANGE_CHOICES, type PageTimeRange, type PanelQuery, type TimeRangeChoice } from '../../contracts/panels';
import { SHANGHAI_OFFSET_MS } from '../format/timeFormat';
import type { DateRangeValue } from '../widgets/DateRangeField/dateRangeValue';

const DAY_MS = 86_400_000;

/** The range a page's panels are asked for: epoch ms, both ends included (the query's beginTime and endTime). */
export interface TimeRangeBounds {
  beginTime: number;
  endTime: number;
}

/** What the operator chose: one of the page's choices, and the days picked when it is 自定义. */
export interface ChosenTimeRange {
  choice: TimeRangeChoice;
  custom: DateRangeValue;
}

/** The choices a page offers: those its route names, else all four. */
export function choicesOf(declared: PageTimeRange): readonly TimeRangeChoice[] {
  return declared.choices ?? TIME_RANGE_CHOICES;
}

/** The Shanghai midnight that starts the day holding `at`. */
function dayStart(at: number): number {
  return Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

/**
 * The bounds of a chosen range at `now`: today, or today and the 6 or 29 days before it, to the end of
 * today (whole Shanghai days, so the query stays the same all day; the server stops its series at now);
 * 自定义 the picked days, undefined until both ends are picked.
 */
export function boundsOf(chosen: ChosenTimeRange, now: number): TimeRangeBounds | undefined {
  const today = dayStart(now);
  const lastDays = (days: number) => ({ beginTime: today - (days - 1) * DAY_MS, endTime: today + DAY_MS - 1 });
  switch (chosen.choice) {
    case 'today':
      return lastDays(1);
    case '7d':
      return lastDays(7);
    case '30d':
      return lastDays(30);
    case 'custom': {
      const { begin, end } = chosen.custom;
      return begin !== undefined && end !== undefined && end >= begin ? { beginTime: begin, endTime: end } : undefined;
    }
  }
}

/** A panel's query with the page's range added when the panel asks for it (`timeRange: true`). */
export function queryWithRange(query: PanelQuery | undefined, bounds: TimeRangeBounds | undefined): PanelQuery | undefined {
  if (!query?.timeRange || !bounds) return query;
  return { ...query, params: { ...query.params, beginTime: bounds.beginTime, endTime: bounds.endTime } };
}
