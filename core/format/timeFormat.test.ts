import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatHourMinute,
  formatMonthDayMinute,
  formatMonthDayTime,
  formatNumber,
  formatNumberParts,
  formatPercent,
  formatShortDate,
  formatTime,
  formatWeekday,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiTime,
} from './timeFormat';

// 2026-11-22 16:30:05 in Shanghai is 08:30:05 UTC; a Sunday.
const at = Date.UTC(2026, 10, 22, 8, 30, 5);
const originalZone = process.env.TZ;

afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe('times in Asia/Shanghai', () => {
  it('formats the spec section 9 patterns', () => {
    expect(formatDateTime(at)).toBe('2026-11-22 16:30:05');
    expect(formatMonthDayTime(at)).toBe('11-22 16:30:05');
    expect(formatShortDate(at)).toBe('26-11-22');
    expect(formatDate(at)).toBe('2026-11-22');
    expect(formatTime(at)).toBe('16:30:05');
    expect(formatMonthDayMinute(at)).toBe('11-22 16:30');
    expect(formatHourMinute(at)).toBe('16:30');
    expect(formatWeekday(at)).toBe('星期日');
  });

  it('is the same whatever zone the machine is in', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(formatDateTime(at)).toBe('2026-11-22 16:30:05');
      expect(formatWeekday(at)).toBe('星期日');
    }
  });

  it('rolls the day over at Shanghai midnight, not UTC midnight', () => {
    const lateUtc = Date.UTC(2026, 0, 1, 16, 0, 0); // 2026-01-02 00:00:00 in Shanghai
    expect(formatDateTime(lateUtc)).toBe('2026-01-02 00:00:00');
    expect(formatWeekday(lateUtc)).toBe('星期五');
    expect(formatDateTime(lateUtc - 1000)).toBe('2026-01-01 23:59:59');
    expect(shanghaiTime(lateUtc)).toMatchObject({ year: 2026, month: 1, day: 2, hour: 0, weekday: 5 });
  });

  it('accepts Date objects and ISO strings, and shows a dash for no time', () => {
    expect(formatDateTime(new Date(at))).toBe('2026-11-22 16:30:05');
    expect(formatDateTime('2026-11-22T16:30:05+08:00')).toBe('2026-11-22 16:30:05');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('formats durations as h:mm:ss without wrapping hours', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(61_000)).toBe('0:01:01');
    expect(formatDuration(3_723_900)).toBe('1:02:03');
    expect(formatDuration(36 * 3600 * 1000)).toBe('36:00:00');
    expect(formatDuration(-90_000)).toBe('-0:01:30');
    expect(formatDuration(null)).toBe('—');
  });

  it('reads calendar days as Shanghai days', () => {
    expect(shanghaiDayStart('2026-11-22')).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
    expect(shanghaiDayEnd('2026-11-22')).toBe(Date.UTC(2026, 10, 22, 15, 59, 59, 999));
    expect(formatDateTime(shanghaiDayStart('2026-11-22'))).toBe('2026-11-22 00:00:00');
    expect(shanghaiDayStart('2026-02-30')).toBeNull();
    expect(shanghaiDayStart('22/11/2026')).toBeNull();
  });
});

describe('numbers', () => {
  it('groups figures the zh-CN way', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(99_999)).toBe('99,999');
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(1234.567, { maximumFractionDigits: 0 })).toBe('1,235');
    expect(formatNumber(-4321)).toBe('-4,321');
  });

  it('uses 万 and 亿 for large figures', () => {
    expect(formatNumber(100_000)).toBe('10万');
    expect(formatNumber(123_456)).toBe('12.35万');
    expect(formatNumber(98_765_432)).toBe('9,876.54万');
    expect(formatNumber(320_000_000)).toBe('3.2亿');
    expect(formatNumber(-250_000)).toBe('-25万');
    expect(formatNumberParts(1_234_567)).toEqual({ digits: '123.46', scale: '万' });
    expect(formatNumberParts(42)).toEqual({ digits: '42', scale: '' });
  });

  it('shows a dash for no figure, and percentages with one decimal', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(undefined)).toBe('—');
  });
});
