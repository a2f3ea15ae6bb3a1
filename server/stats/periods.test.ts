import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, periodOf, shanghaiDayStart } from './periods';

// 2026-11-22 16:00 in Shanghai (a Sunday), as the test servers' clock starts.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);

describe('periods in Shanghai time', () => {
  it('start the day at Shanghai midnight (16:00 UTC the day before)', () => {
    expect(shanghaiDayStart(NOW)).toBe(TODAY);
    expect(shanghaiDayStart(TODAY)).toBe(TODAY);
    expect(shanghaiDayStart(TODAY - 1)).toBe(TODAY - DAY_MS);
    expect(shanghaiDayStart(TODAY + DAY_MS - 1)).toBe(TODAY);
  });

  it('today: since midnight, hourly, the previous period is yesterday up to the same time', () => {
    const period = periodOf('today', NOW + 1234);
    expect(period).toMatchObject({
      bucket: 'hour',
      start: TODAY,
      end: NOW + 1235,
      previous: { start: TODAY - DAY_MS, end: NOW + 1235 - DAY_MS },
    });
    expect(period.buckets).toHaveLength(17);
    expect(period.buckets[0]).toBe(TODAY);
    expect(period.buckets.at(-1)).toBe(NOW);
  });

  it('24h: the current hour and the 23 before it', () => {
    const period = periodOf('24h', NOW + 30 * 60_000);
    expect(period.buckets).toHaveLength(24);
    expect(period.buckets[0]).toBe(NOW - 23 * HOUR_MS);
    expect(period.buckets.at(-1)).toBe(NOW);
    expect(period.previous).toEqual({ start: NOW - 47 * HOUR_MS, end: NOW + 30 * 60_000 + 1 - DAY_MS });
  });

  it('7d and 30d: today and the days before it, daily', () => {
    const week = periodOf('7d', NOW);
    expect(week.bucket).toBe('day');
    expect(week.buckets).toEqual(Array.from({ length: 7 }, (_, index) => TODAY - (6 - index) * DAY_MS));
    expect(week.previous).toEqual({ start: TODAY - 13 * DAY_MS, end: NOW + 1 - 7 * DAY_MS });
    const month = periodOf('30d', NOW);
    expect(month.buckets).toHaveLength(30);
    expect(month.start).toBe(TODAY - 29 * DAY_MS);
  });
});
