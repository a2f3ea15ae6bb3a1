import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Heatmap, heatmapOption } from './Heatmap';

const data = {
  x: ['08时', '09时'],
  y: ['周一', '周二'],
  cells: [
    [0, 0, 5],
    [1, 0, 12],
    [0, 1, 30],
    [1, 1, 0],
  ] as [number, number, number][],
};

type Option = {
  visualMap: { min: number; max: number };
  xAxis: { data: string[] };
  yAxis: { data: string[]; inverse: boolean };
  tooltip: { formatter(param: unknown): string };
};

describe('Heatmap', () => {
  it('scales colours from the data unless the options fix the ends', () => {
    expect((heatmapOption(data, {}) as unknown as Option).visualMap).toMatchObject({ min: 0, max: 30 });
    expect((heatmapOption(data, { min: 10, max: 100 }) as unknown as Option).visualMap).toMatchObject({ min: 10, max: 100 });
  });

  it('labels the axes and writes the cell in the tooltip', () => {
    const option = heatmapOption(data, { unit: '起' }) as unknown as Option;
    expect(option.xAxis.data).toEqual(['08时', '09时']);
    expect(option.yAxis).toMatchObject({ data: ['周一', '周二'], inverse: true });
    expect(option.tooltip.formatter({ value: [1, 0, 12], marker: '' })).toBe('周一 09时<br/><b>12起</b>');
  });

  it('draws', async () => {
    const { container } = render(<Heatmap status="ready" data={data} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('热力图：2 × 2');
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
  });

  it('is empty without cells', () => {
    render(<Heatmap status="ready" data={{ ...data, cells: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
