import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WidgetState } from './WidgetState';

describe('WidgetState', () => {
  it('shows a spinner while the first data loads, and keeps data on screen while refreshing', () => {
    const { rerender, container } = render(<WidgetState status="loading" empty />);
    expect(screen.getByRole('status').textContent).toBe('加载中…');
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    rerender(
      <WidgetState status="loading" empty={false}>
        <p>数据</p>
      </WidgetState>,
    );
    expect(screen.getByText('数据')).toBeTruthy();
    expect(screen.getByRole('status', { name: '正在刷新' })).toBeTruthy();
  });

  it('says 暂无数据 (or the given text) when there is nothing', () => {
    const { rerender } = render(<WidgetState status="ready" empty />);
    expect(screen.getByRole('status').textContent).toBe('暂无数据');
    rerender(<WidgetState status="ready" empty emptyText="今日暂无告警" />);
    expect(screen.getByRole('status').textContent).toBe('今日暂无告警');
  });

  it('shows the error with 重试, and a warning bar over stale data', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<WidgetState status="error" empty error={new Error('服务器无响应')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('数据加载失败');
    expect(screen.getByRole('alert').textContent).toContain('服务器无响应');
    await userEvent.click(screen.getByRole('button', { name: '重新加载数据' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(
      <WidgetState status="error" empty={false} error="网络断开" onRetry={onRetry}>
        <p>旧数据</p>
      </WidgetState>,
    );
    expect(screen.getByText('旧数据')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('刷新失败：网络断开');
    await userEvent.click(screen.getByRole('button', { name: '重新加载数据' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('has no 重试 without a callback, and names an unknown error', () => {
    render(<WidgetState status="error" empty />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('未知错误');
  });

  it('uses wall-screen sizes in wall mode', () => {
    const { container } = render(<WidgetState status="ready" empty={false} wall />);
    expect(container.firstElementChild?.className).toContain('ops-widget--wall');
  });
});
