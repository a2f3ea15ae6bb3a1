import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatGroup } from './StatGroup';

const data = {
  items: [
    { name: '今日告警', value: 1_286, previous: 1_000 },
    { name: '待处理', value: 37 },
  ],
};

describe('StatGroup', () => {
  it('shows every figure with its name', () => {
    render(<StatGroup status="ready" data={data} options={{ unit: '起' }} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.ops-figure__name')?.textContent)).toEqual(['今日告警', '待处理']);
    expect(items[0]!.querySelector('.ops-figure__digits')?.textContent).toBe('1,286');
    expect(items[0]!.querySelector('.ops-figure__trend')?.textContent).toContain('28.6%');
    expect(items[1]!.querySelector('.ops-figure__trend')).toBeNull();
  });

  it('opens an item by its name', async () => {
    const onOpen = vi.fn();
    render(<StatGroup status="ready" data={data} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /待处理/ }));
    expect(onOpen).toHaveBeenCalledWith('待处理');
  });

  it('is empty without items', () => {
    render(<StatGroup status="ready" data={{ items: [] }} />);
    expect(screen.getByRole('status').textContent).toContain('暂无数据');
  });
});
