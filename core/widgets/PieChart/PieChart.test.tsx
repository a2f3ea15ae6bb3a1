import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PieChart, pieChartOption } from './PieChart';

const data = {
  unit: '起',
  items: [
    { name: '高', value: 25, key: 'high' },
    { name: '低', value: 75 },
  ],
};

type Option = {
  series: { type: string; radius: string[]; data: { name: string; value: number; key: string }[] }[];
  legend: { show: boolean; formatter(name: string): string };
  tooltip: { formatter(param: unknown): string };
};

describe('PieChart', () => {
  it('is a ring by default whose legend gives values and shares', () => {
    const option = pieChartOption(data, {}) as unknown as Option;
    expect(option.series[0]!.radius[0]).toBe('54%');
    expect(option.series[0]!.data.map((item) => item.key)).toEqual(['high', '低']);
    expect(option.legend.formatter('高')).toBe('{name|高}{value|25}{share|25%}');
    expect(option.tooltip.formatter({ name: '低', value: 75, percent: 75, marker: '' })).toBe('低<br/><b>75起</b>（75%）');
  });

  it('can be a full pie with labels instead of a legend', () => {
    const option = pieChartOption(data, { donut: false, legend: false }) as unknown as Option;
    expect(option.series[0]!.radius[0]).toBe('0%');
    expect(option.legend.show).toBe(false);
  });

  it('shows the total in the middle and draws', async () => {
    const { container } = render(<PieChart status="ready" data={data} />);
    expect(container.querySelector('.ops-pie-chart__total')?.textContent).toBe('100合计（起）');
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
  });

  it('draws a grey ring, not equal slices, when every value is zero', async () => {
    const zero = {
      unit: '条',
      items: [
        { name: '高', value: 0 },
        { name: '中', value: 0 },
        { name: '低', value: 0 },
      ],
    };
    const { container } = render(<PieChart status="ready" data={zero} />);
    expect(container.querySelector('.ops-pie-chart__total')?.textContent).toBe('0合计（条）');
    await waitFor(() => expect(container.querySelector('svg')).toBeTruthy());
    const fills = () =>
      [...container.querySelectorAll('svg path')].map((path) => `${path.getAttribute('fill')}/${path.getAttribute('fill-opacity')}`);
    await waitFor(() => expect(fills()).toContain('rgb(143,153,168)/0.22'));
    // The legend still lists the three grades, and only them.
    const option = pieChartOption(zero, {}) as unknown as Option & { legend: { data: string[] } };
    expect(option.legend.data).toEqual(['高', '中', '低']);
    expect(pieChartOption(data, {}) as unknown as Option).toMatchObject({ series: [{ type: 'pie' }] });
    expect((pieChartOption(data, {}) as unknown as Option).series).toHaveLength(1);
  });

  it('is empty with no items', () => {
    render(<PieChart status="ready" data={{ items: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
