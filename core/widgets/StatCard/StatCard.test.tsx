import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatCard, trendIntent, trendOf } from './StatCard';

describe('StatCard', () => {
  it('shows the figure grouped, its unit and the trend in percent', () => {
    const { container } = render(<StatCard status="ready" data={{ value: 12_345, previous: 10_000, unit: '次' }} />);
    expect(container.querySelector('.ops-figure__digits')?.textContent).toBe('12,345');
    expect(container.querySelector('.ops-figure__unit')?.textContent).toBe('次');
    const trend = container.querySelector('.ops-figure__trend')!;
    expect(trend.textContent).toBe('较昨日↑上升23.5%');
    expect(trend.className).toContain('--success');
  });

  it('uses 万 for large figures and colours a rise red when down is good', () => {
    const { container } = render(
      <StatCard status="ready" data={{ value: 1_234_567, previous: 1_000_000 }} options={{ goodDirection: 'down', unit: '人次' }} />,
    );
    expect(container.querySelector('.ops-figure__digits')?.textContent).toBe('123.46');
    expect(container.querySelector('.ops-figure__unit')?.textContent).toBe('万人次');
    expect(container.querySelector('.ops-figure__trend')?.className).toContain('--danger');
  });

  it('says 持平 for no change and shows the difference when the previous figure was 0', () => {
    const { container, rerender } = render(<StatCard status="ready" data={{ value: 5, previous: 5 }} />);
    expect(container.querySelector('.ops-figure__trend')?.textContent).toBe('较昨日持平');
    rerender(<StatCard status="ready" data={{ value: 7, previous: 0 }} />);
    expect(container.querySelector('.ops-figure__trend')?.textContent).toBe('较昨日↑上升7');
  });

  it('has loading, empty and error states; 重试 calls back', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<StatCard status="loading" data={undefined} />);
    expect(screen.getByRole('status').textContent).toContain('加载中');
    rerender(<StatCard status="ready" data={undefined} />);
    expect(screen.getByRole('status').textContent).toContain('暂无数据');
    rerender(<StatCard status="error" data={undefined} error={new Error('服务器无响应')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('服务器无响应');
    await userEvent.click(screen.getByRole('button', { name: '重新加载数据' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('opens with its key when clicked', async () => {
    const onOpen = vi.fn();
    render(<StatCard status="ready" data={{ value: 3 }} options={{ key: 'alarmsToday', label: '今日告警' }} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /今日告警/ }));
    expect(onOpen).toHaveBeenCalledWith('alarmsToday');
  });

  it('computes trends', () => {
    expect(trendOf(110, 100)).toEqual({ direction: 'up', delta: 10, ratio: 0.1 });
    expect(trendOf(90, 100)).toEqual({ direction: 'down', delta: -10, ratio: 0.1 });
    expect(trendOf(1, undefined)).toBeUndefined();
    expect(trendIntent('down', 'down')).toBe('success');
    expect(trendIntent('up', 'none')).toBe('none');
  });
});
