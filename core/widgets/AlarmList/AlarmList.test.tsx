import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlarmList } from './AlarmList';
import { fakeAlarms } from './alarmFixtures';

describe('AlarmList', () => {
  it('shows each alarm with its grade colour, type, content, device and Shanghai time', () => {
    const { container } = render(<AlarmList status="ready" data={{ rows: fakeAlarms(3), total: 3 }} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('烟感报警');
    expect(items[0]!.textContent).toContain('11-22 16:30:05');
    expect(items[0]!.textContent).toContain('江南大道烟感探测器-003');
    expect(items[0]!.textContent).toContain('待处理');
    const bars = [...container.querySelectorAll('.ops-alarm-list__grade-bar')].map((bar) => bar.className.split('--')[1]);
    expect(bars).toEqual(['danger', 'warning', 'danger']);
  });

  it('opens an alarm by its id', async () => {
    const onOpen = vi.fn();
    render(<AlarmList status="ready" data={{ rows: fakeAlarms(2), total: 2 }} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /人群聚集，中级/ }));
    expect(onOpen).toHaveBeenCalledWith('8999');
  });

  it('keeps to the limit and says how many there are', () => {
    render(<AlarmList status="ready" data={{ rows: fakeAlarms(10), total: 1_286 }} options={{ limit: 4, showStatus: false }} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('显示最新 4 条，共 1,286 条')).toBeTruthy();
    expect(screen.queryByText('待处理')).toBeNull();
  });

  it('is empty with no alarms', () => {
    render(<AlarmList status="ready" data={{ rows: [], total: 0 }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
