import { describe, expect, it } from 'vitest';
import { boundsOf, choicesOf, queryWithRange } from './pageTimeRange';

// 2026-11-22 16:00 in Shanghai; its day began at 16:00 UTC the day before.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const DAY = 86_400_000;

describe('a panel page’s time range', () => {
  it('covers whole Shanghai days: today, or today and the 6 or 29 days before it, to the end of today', () => {
    expect(boundsOf({ choice: 'today', custom: {} }, NOW)).toEqual({ beginTime: TODAY, endTime: TODAY + DAY - 1 });
    expect(boundsOf({ choice: '7d', custom: {} }, NOW)).toEqual({ beginTime: TODAY - 6 * DAY, endTime: TODAY + DAY - 1 });
    expect(boundsOf({ choice: '30d', custom: {} }, NOW)).toEqual({ beginTime: TODAY - 29 * DAY, endTime: TODAY + DAY - 1 });
    // Just before Shanghai midnight it is still the same day.
    expect(boundsOf({ choice: 'today', custom: {} }, TODAY + DAY - 1)).toEqual({ beginTime: TODAY, endTime: TODAY + DAY - 1 });
  });

  it('takes 自定义 days once both ends are picked and in order', () => {
    const custom = { begin: TODAY - 2 * DAY, end: TODAY - DAY - 1 };
    expect(boundsOf({ choice: 'custom', custom }, NOW)).toEqual({ beginTime: custom.begin, endTime: custom.end });
    expect(boundsOf({ choice: 'custom', custom: { begin: TODAY } }, NOW)).toBeUndefined();
    expect(boundsOf({ choice: 'custom', custom: { begin: TODAY, end: TODAY - 1 } }, NOW)).toBeUndefined();
  });

  it('is added to the queries that ask for it only', () => {
    const bounds = { beginTime: 1, endTime: 2 };
    expect(queryWithRange({ path: '/a', params: { by: 'team' }, timeRange: true }, bounds)).toEqual({
      path: '/a',
      params: { by: 'team', beginTime: 1, endTime: 2 },
      timeRange: true,
    });
    const plain = { path: '/b', params: { range: '7d' } };
    expect(queryWithRange(plain, bounds)).toBe(plain);
    expect(queryWithRange(undefined, bounds)).toBeUndefined();
  });

  it('offers the page’s choices, or all four', () => {
    expect(choicesOf({ default: '7d' })).toEqual(['today', '7d', '30d', 'custom']);
    expect(choicesOf({ default: '7d', choices: ['7d', '30d'] })).toEqual(['7d', '30d']);
  });
});
