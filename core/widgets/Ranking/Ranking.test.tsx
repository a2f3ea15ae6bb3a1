import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Ranking } from './Ranking';

const data = {
  unit: '次',
  items: [
    { name: '烟感报警', value: 120_000, key: 'smoke' },
    { name: '井盖异常', value: 60_000 },
    { name: '垃圾满溢', value: 30 },
  ],
};

describe('Ranking', () => {
  it('lists the items in order with bars relative to the first', () => {
    const { container } = render(<Ranking status="ready" data={data} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      '第 1 名 烟感报警：12万次',
      '第 2 名 井盖异常：60,000次',
      '第 3 名 垃圾满溢：30次',
    ]);
    const bars = [...container.querySelectorAll<HTMLElement>('.ops-ranking__bar')].map((bar) => bar.style.width);
    expect(bars).toEqual(['100%', '50%', '1%']);
  });

  it('keeps to the limit and opens by key, or by name without one', async () => {
    const onOpen = vi.fn();
    render(<Ranking status="ready" data={data} options={{ limit: 2 }} onOpen={onOpen} />);
    expect(screen.getAllByRole('button')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /烟感报警/ }));
    await userEvent.click(screen.getByRole('button', { name: /井盖异常/ }));
    expect(onOpen.mock.calls).toEqual([['smoke'], ['井盖异常']]);
  });

  it('is empty with no items', () => {
    render(<Ranking status="ready" data={{ items: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
