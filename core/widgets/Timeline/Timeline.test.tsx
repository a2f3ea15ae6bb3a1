import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Timeline } from './Timeline';

const at = Date.UTC(2026, 10, 22, 8, 30, 5);
const items = [
  { at, title: '告警已办结', intent: 'success' as const },
  { at: at - 60_000, title: '井盖异常', detail: '井盖被打开', intent: 'danger' as const },
];

describe('Timeline', () => {
  it('shows events with Shanghai times and intent dots', () => {
    const { container } = render(<Timeline status="ready" data={{ items }} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.textContent).toBe('11-22 16:30:05告警已办结');
    expect(rows[1]!.textContent).toBe('11-22 16:29:05井盖异常井盖被打开');
    expect([...container.querySelectorAll('.ops-timeline__dot')].map((dot) => dot.className.split('--')[1])).toEqual(['success', 'danger']);
  });

  it('keeps to the limit and opens an event by its time', async () => {
    const onOpen = vi.fn();
    render(<Timeline status="ready" data={{ items }} options={{ limit: 1 }} onOpen={onOpen} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /告警已办结/ }));
    expect(onOpen).toHaveBeenCalledWith(String(at));
  });

  it('is empty without events', () => {
    render(<Timeline status="ready" data={{ items: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
