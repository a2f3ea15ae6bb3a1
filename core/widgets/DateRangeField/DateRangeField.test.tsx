import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../format/timeFormat';
import { DateRangeField } from './DateRangeField';
import { parseDayText, pickerDay, rangeOfDays } from './dateRangeValue';

const now = Date.UTC(2026, 10, 22, 8, 30, 5); // 2026-11-22 16:30:05 in Shanghai
const originalZone = process.env.TZ;

afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe('date range values', () => {
  it('reads picked days as whole Shanghai days in any zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
      process.env.TZ = zone;
      const value = rangeOfDays(new Date(2026, 10, 1), new Date(2026, 10, 22));
      expect(formatDateTime(value.begin)).toBe('2026-11-01 00:00:00');
      expect(formatDateTime(value.end)).toBe('2026-11-22 23:59:59');
      expect(pickerDay(value.end)!.getDate()).toBe(22);
    }
  });

  it('parses typed days', () => {
    expect(parseDayText('2026-11-05')).toEqual(new Date(2026, 10, 5));
    expect(parseDayText('2026/1/5')).toEqual(new Date(2026, 0, 5));
    expect(parseDayText('2026年1月5日')).toEqual(new Date(2026, 0, 5));
    expect(parseDayText('2026-02-30')).toBe(false);
    expect(parseDayText('明天')).toBe(false);
  });
});

describe('DateRangeField', () => {
  it('shows the range in YYYY-MM-DD with Chinese names on both inputs', () => {
    render(<DateRangeField value={{ begin: Date.UTC(2026, 10, 15, 16), end: now }} onChange={() => undefined} now={() => now} />);
    expect(screen.getByRole('group', { name: '日期范围' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '开始日期' }) as HTMLInputElement).value).toBe('2026-11-16');
    expect((screen.getByRole('textbox', { name: '结束日期' }) as HTMLInputElement).value).toBe('2026-11-22');
  });

  it('takes a typed day as the Shanghai day', async () => {
    const onChange = vi.fn();
    render(<DateRangeField value={{}} onChange={onChange} now={() => now} />);
    const begin = screen.getByRole('textbox', { name: '开始日期' });
    await userEvent.type(begin, '2026-11-20');
    fireEvent.blur(begin);
    const last = onChange.mock.calls.at(-1)![0] as { begin?: number; end?: number };
    expect(formatDateTime(last.begin)).toBe('2026-11-20 00:00:00');
    expect(last.end).toBeUndefined();
  });

  it('opens a calendar in Chinese with Chinese shortcuts', async () => {
    render(<DateRangeField value={{}} onChange={() => undefined} now={() => now} />);
    await userEvent.click(screen.getByRole('textbox', { name: '开始日期' }));
    const popover = await screen.findByText('最近 7 天');
    expect(popover).toBeTruthy();
    expect(document.body.textContent).toContain('十一月');
    expect(screen.getAllByText('今天').length).toBeGreaterThan(0);
  });

  it('clears both ends', async () => {
    const onChange = vi.fn();
    render(<DateRangeField value={{ begin: now }} onChange={onChange} now={() => now} />);
    await userEvent.click(screen.getByRole('button', { name: '清除日期' }));
    expect(onChange).toHaveBeenCalledWith({});
  });
});
