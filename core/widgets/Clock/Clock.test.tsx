import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './Clock';

const at = Date.UTC(2026, 10, 22, 8, 30, 5, 400);

afterEach(() => vi.useRealTimers());

describe('Clock', () => {
  it('shows the Shanghai time, date and weekday', () => {
    const { container } = render(<Clock status="ready" data={null} now={() => at} />);
    expect(container.querySelector('.ops-clock__time')?.textContent).toBe('16:30:05');
    expect(container.querySelector('.ops-clock__date')?.textContent).toBe('2026-11-22');
    expect(container.querySelector('.ops-clock__weekday')?.textContent).toBe('星期日');
    expect(screen.getByLabelText('当前时间 2026-11-22 16:30:05 星期日')).toBeTruthy();
  });

  it('ticks on the second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at);
    const { container } = render(<Clock status="ready" data={null} options={{ layout: 'inline' }} />);
    expect(container.querySelector('.ops-clock__body')?.textContent).toBe('2026-11-2216:30:05星期日');
    act(() => {
      vi.advanceTimersByTime(700);
    });
    expect(container.querySelector('.ops-clock__time')?.textContent).toBe('16:30:06');
  });
});
