import { describe, expect, it } from 'vitest';
import { slaOf, spanText } from './slaClock';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const MIN = 60_000;

describe('SLA clock', () => {
  it('says spans in days, hours and minutes', () => {
    expect(spanText(30_000)).toBe('不足 1 分');
    expect(spanText(8 * MIN)).toBe('8 分');
    expect(spanText(-(5 * 60 + 12) * MIN)).toBe('5 小时 12 分');
    expect(spanText(3 * 60 * MIN)).toBe('3 小时');
    expect(spanText((2 * 24 + 3) * 60 * MIN + 59 * MIN)).toBe('2 天 3 小时');
  });

  it('counts down open orders, marks the last hour and the overdue, and judges the finished', () => {
    expect(slaOf({ status: 'ASSIGNED', dueAt: NOW + 90 * MIN, closedAt: null }, NOW)).toEqual({
      state: 'running',
      text: '剩余 1 小时 30 分',
    });
    expect(slaOf({ status: 'PENDING', dueAt: NOW + 20 * MIN, closedAt: null }, NOW)).toEqual({ state: 'soon', text: '剩余 20 分' });
    expect(slaOf({ status: 'PROCESSING', dueAt: NOW - 61 * MIN, closedAt: null }, NOW)).toEqual({
      state: 'overdue',
      text: '超时 1 小时 1 分',
    });
    expect(slaOf({ status: 'DONE', dueAt: NOW, closedAt: NOW - 1 }, NOW).state).toBe('metOnTime');
    expect(slaOf({ status: 'DONE', dueAt: NOW, closedAt: NOW + 1 }, NOW).state).toBe('finishedLate');
    expect(slaOf({ status: 'CANCELLED', dueAt: NOW - MIN, closedAt: null }, NOW)).toEqual({ state: 'stopped', text: '—' });
  });
});
