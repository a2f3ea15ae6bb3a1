import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SeriesData } from '../../../contracts/panels';
import { LineChart, lineChartOption } from './LineChart';

const at = Date.UTC(2026, 10, 21, 16, 0, 0); // 2026-11-22 00:00 Shanghai
const data: SeriesData = {
  axis: 'time',
  unit: '人次',
  series: [
    {
      name: '今日',
      points: [
        [at, 120],
        [at + 3_600_000, 150_000],
      ],
    },
    {
      name: '昨日',
      points: [
        [at, 100],
        [at + 3_600_000, 90],
      ],
    },
  ],
};

type Option = {
  series: { type: string; name: string; data: unknown[]; areaStyle?: unknown }[];
  tooltip: { formatter(params: unknown): string };
  xAxis: { type: string; axisLabel: { formatter(value: number): string } };
  legend: { show: boolean };
};

describe('LineChart', () => {
  it('builds one line per series on a time axis labelled in Shanghai time', () => {
    const option = lineChartOption(data, { area: true }) as unknown as Option;
    expect(option.series.map((series) => [series.type, series.name])).toEqual([
      ['line', '今日'],
      ['line', '昨日'],
    ]);
    expect(option.series[0]!.areaStyle).toBeTruthy();
    expect(option.legend.show).toBe(true);
    expect(option.xAxis.type).toBe('time');
    // Shanghai wall-clock on a UTC axis: ticks fall on Shanghai hours in any browser zone.
    expect((option as unknown as { useUTC: boolean }).useUTC).toBe(true);
    expect(option.series[0]!.data[0]).toEqual([at + 8 * 3_600_000, 120]);
    expect(option.xAxis.axisLabel.formatter((option.series[0]!.data[1] as [number, number])[0])).toBe('01:00');
  });

  it('shows the window it is given on a time axis, however few points fall in it', () => {
    const one: SeriesData = { axis: 'time', series: [{ name: '可用率', points: [[at + 21 * 3_600_000, 92]] }] };
    const option = lineChartOption(one, { from: at, to: at + 24 * 3_600_000 }) as unknown as {
      xAxis: { min: number; max: number; axisLabel: { formatter(value: number): string } };
    };
    expect([option.xAxis.min, option.xAxis.max]).toEqual([at + 8 * 3_600_000, at + 32 * 3_600_000]);
    expect(option.xAxis.axisLabel.formatter(at + 8 * 3_600_000 + 6 * 3_600_000)).toBe('06:00');
    expect((lineChartOption(one, undefined) as unknown as { xAxis: { min?: number } }).xAxis.min).toBeUndefined();
  });

  it('ticks counts in whole numbers (a quiet day reads 0–1, not 0.2 steps), and measures in fractions', () => {
    const counts = lineChartOption(
      {
        axis: 'time',
        series: [
          {
            name: '告警',
            points: [
              [at, 0],
              [at + 3_600_000, 0],
            ],
          },
        ],
      },
      {},
    ) as { yAxis: { minInterval?: number } };
    expect(counts.yAxis.minInterval).toBe(1);
    const measures = lineChartOption(
      {
        axis: 'time',
        series: [
          {
            name: '温度',
            points: [
              [at, 16.5],
              [at + 3_600_000, 17],
            ],
          },
        ],
      },
      {},
    ) as { yAxis: { minInterval?: number } };
    expect(measures.yAxis.minInterval).toBeUndefined();
  });

  it('draws reference lines (a warning level) on the first series, the value axis reaching them', () => {
    const levels: SeriesData = {
      axis: 'time',
      unit: 'cm',
      series: [
        {
          name: '井盖-001',
          points: [
            [at, 40],
            [at + 3_600_000, 52],
          ],
        },
        { name: '井盖-002', points: [[at, 30]] },
      ],
    };
    const option = lineChartOption(levels, {
      markLines: [
        { value: 80, label: '警戒水位 80 cm' },
        { value: 'x', label: '坏的' },
      ],
    }) as unknown as {
      series: { markLine?: { data: { yAxis: number; name: string }[] } }[];
      yAxis: { max?: (extent: { max: number }) => number | undefined };
    };
    expect(option.series[0]!.markLine!.data).toEqual([{ yAxis: 80, name: '警戒水位 80 cm' }]);
    expect(option.series[1]!.markLine).toBeUndefined();
    // Readings far below the line: the axis still reaches it; readings above: their own top.
    expect(option.yAxis.max!({ max: 52 })).toBe(90);
    expect(option.yAxis.max!({ max: 130 })).toBeUndefined();
    const plain = lineChartOption(levels, {}) as unknown as { series: { markLine?: unknown }[]; yAxis: { max?: unknown } };
    expect(plain.series[0]!.markLine).toBeUndefined();
    expect(plain.yAxis.max).toBeUndefined();
  });

  it('writes tooltips in Chinese formats', () => {
    const option = lineChartOption(data, {}) as unknown as Option;
    const shifted = (option.series[0]!.data[1] as [number, number])[0];
    const html = option.tooltip.formatter([
      { axisValue: shifted, seriesName: '今日', value: [shifted, 150_000], marker: '' },
      { axisValue: shifted, seriesName: '<b>昨日</b>', value: [shifted, 90], marker: '' },
    ]);
    expect(html).toContain('2026-11-22 01:00:00');
    expect(html).toContain('15万人次');
    expect(html).toContain('90人次');
    expect(html).toContain('&lt;b&gt;昨日&lt;/b&gt;');
  });

  it('lines category series up on one axis', () => {
    const option = lineChartOption(
      {
        axis: 'category',
        series: [
          {
            name: 'a',
            points: [
              ['周一', 1],
              ['周二', 2],
            ],
          },
          { name: 'b', points: [['周二', 5]] },
        ],
      },
      {},
    ) as unknown as Option & { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['周一', '周二']);
    expect(option.series[1]!.data).toEqual([null, 5]);
  });

  it('draws the chart (SVG under test) with its summary as the accessible name', async () => {
    const { container } = render(<LineChart status="ready" data={data} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('折线图：今日（2 个数据点）；昨日（2 个数据点）');
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
    expect(container.textContent).toContain('今日');
  });

  it('draws its reference line with its label (the mark-line component is installed)', async () => {
    const { container } = render(<LineChart status="ready" data={data} options={{ markLines: [{ value: 100_000, label: '预警线' }] }} />);
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
    await waitFor(() => expect(container.textContent).toContain('预警线'));
  });

  it('is empty with no points', () => {
    render(<LineChart status="ready" data={{ axis: 'time', series: [{ name: '今日', points: [] }] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
