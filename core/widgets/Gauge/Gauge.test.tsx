import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Gauge, gaugeColor, gaugeOption } from './Gauge';

describe('Gauge', () => {
  it('colours the arc by thresholds, for high or low values being bad', () => {
    expect(gaugeColor(50, {})).toBe('#4c90f0');
    expect(gaugeColor(50, { warnAt: 80, dangerAt: 90 })).toBe('#32a467');
    expect(gaugeColor(85, { warnAt: 80, dangerAt: 90 })).toBe('#ec9a3c');
    expect(gaugeColor(95, { warnAt: 80, dangerAt: 90 })).toBe('#e76a6e');
    expect(gaugeColor(92, { warnAt: 95, dangerAt: 90, badWhen: 'low' })).toBe('#ec9a3c');
    expect(gaugeColor(88, { warnAt: 95, dangerAt: 90, badWhen: 'low' })).toBe('#e76a6e');
  });

  it('shows the value with 万 and its unit in the middle', () => {
    const option = gaugeOption({ value: 123_456, max: 200_000, unit: '人' }, {}) as unknown as {
      series: { min: number; max: number; detail: { formatter(value: number): string } }[];
    };
    expect(option.series[0]!.min).toBe(0);
    expect(option.series[0]!.max).toBe(200_000);
    expect(option.series[0]!.detail.formatter(123_456)).toBe('12.35万{unit|人}');
  });

  it('draws with a summary as its accessible name', async () => {
    const { container } = render(<Gauge status="ready" data={{ value: 96.4, max: 100, unit: '%' }} options={{ name: '在线率' }} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('仪表盘：在线率 96.4%（0–100）');
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
  });

  it('is empty without data', () => {
    render(<Gauge status="ready" data={undefined} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
