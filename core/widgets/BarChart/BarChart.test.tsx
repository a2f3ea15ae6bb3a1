import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, barChartOption } from './BarChart';

const items = {
  unit: '起',
  items: [
    { name: '烟感报警', value: 286, key: 'smoke' },
    { name: '井盖异常', value: 123_456 },
  ],
};

type Axis = { type: string; data?: string[]; inverse?: boolean };
type Option = {
  xAxis: Axis;
  yAxis: Axis;
  series: { type: string; name: string; stack?: string; data: { value: number; key?: string }[] }[];
  legend: { show: boolean };
};

describe('BarChart', () => {
  it('draws one bar per named value, keyed for clicks', () => {
    const option = barChartOption(items, {}) as unknown as Option;
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['烟感报警', '井盖异常'] });
    expect(option.yAxis.type).toBe('value');
    expect(option.series[0]!.data.map((bar) => [bar.value, bar.key])).toEqual([
      [286, 'smoke'],
      [123_456, '井盖异常'],
    ]);
  });

  it('turns horizontal with the first item on top', () => {
    const option = barChartOption(items, { horizontal: true }) as unknown as Option;
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(option.xAxis.type).toBe('value');
  });

  it('stacks series on a category axis', () => {
    const option = barChartOption(
      {
        axis: 'category',
        series: [
          { name: '高', points: [['周一', 1]] },
          {
            name: '低',
            points: [
              ['周一', 2],
              ['周二', 3],
            ],
          },
        ],
      },
      { stack: true },
    ) as unknown as Option & { series: { data: (number | null)[] }[] };
    expect(option.xAxis.data).toEqual(['周一', '周二']);
    expect(option.series.map((series) => series.stack)).toEqual(['total', 'total']);
    expect(option.series[0]!.data).toEqual([1, null]);
    expect(option.legend.show).toBe(true);
  });

  it('draws with a summary as its accessible name', async () => {
    const { container } = render(<BarChart status="ready" data={items} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('柱状图：烟感报警 286起，井盖异常 12.35万起');
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
    expect(container.textContent).toContain('12.35万');
  });

  it('is empty with no items', () => {
    render(<BarChart status="ready" data={{ items: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
