import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReplayBar, type ReplayBarProps } from './ReplayBar';
import { storyClock, storyEvents } from './storyData';

function setup(overrides: Partial<ReplayBarProps> = {}) {
  const props: ReplayBarProps = {
    clock: storyClock,
    events: storyEvents,
    summary: '告警 1 · 离线设备 2 · 人员与无人机 3',
    loading: false,
    canJump: { previous: true, next: false },
    onSeek: vi.fn(),
    onTogglePlay: vi.fn(),
    onSpeed: vi.fn(),
    onJump: vi.fn(),
    onRetry: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  render(<ReplayBar {...props} />);
  return props;
}

describe('ReplayBar', () => {
  it('shows the time replayed, the marks of the window and what the globe shows', () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe('回放中 11-27 11:00:00');
    expect(screen.getByText('告警 1 · 离线设备 2 · 人员与无人机 3')).toBeTruthy();
    expect(screen.getByRole('list', { name: '事件刻度' }).children).toHaveLength(storyEvents.length);
    expect(screen.getByRole('slider', { name: '回放时刻' }).getAttribute('aria-valuenow')).toBe(String(storyClock.cursor));
  });

  it('plays, changes speed, jumps only where there is an alarm, and goes back to live', () => {
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(props.onTogglePlay).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('combobox', { name: '回放倍速' }), { target: { value: '60' } });
    expect(props.onSpeed).toHaveBeenCalledWith(60);
    fireEvent.click(screen.getByRole('button', { name: '上一告警' }));
    expect(props.onJump).toHaveBeenCalledWith(-1);
    expect((screen.getByRole('button', { name: '跳到告警' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '返回实时' }));
    expect(props.onClose).toHaveBeenCalled();
  });

  it('moves the cursor a minute (an hour with Shift) with the arrow keys, and to either end', () => {
    const props = setup();
    const slider = screen.getByRole('slider', { name: '回放时刻' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(props.onSeek).toHaveBeenNthCalledWith(1, storyClock.cursor + 60_000, false);
    expect(props.onSeek).toHaveBeenNthCalledWith(2, storyClock.cursor - 3_600_000, false);
    expect(props.onSeek).toHaveBeenNthCalledWith(3, storyClock.from, false);
  });

  it('says when the marks or the situation could not be read, with 重试', () => {
    const props = setup({ eventsError: '网络连接失败', situationError: '服务器错误', summary: null });
    expect(screen.getByText(/时间轴读取失败：网络连接失败/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('态势读取失败：服务器错误');
    fireEvent.click(screen.getAllByRole('button', { name: '重试' })[0]!);
    expect(props.onRetry).toHaveBeenCalled();
  });
});
