import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AvailabilityReport, KindAvailability } from '@ops/contracts';
import { AvailabilityByKind, kindChartData, KINDS_SHOWN } from './AvailabilityPanels';

const kind = (name: string, availability: number | null, commandSuccessRate: number | null): KindAvailability => ({
  kind: name,
  kindName: name,
  availability,
  devices: 8,
  commandSuccessRate,
  commands: commandSuccessRate === null ? 0 : 10,
});
const reportOf = (kinds: KindAvailability[]): AvailabilityReport => ({
  range: '7d',
  bucket: 'day',
  buckets: [0],
  series: [],
  kinds,
  overall: 0.9,
  onlineNow: 1,
  devicesNow: 1,
  observedSince: 0,
});
const names = ['智慧灯杆', '视频监控', '智能垃圾桶', '导览屏', '智慧公厕', '无线网络', '广播音柱', '烟感报警', '一键报警', '亮化控制'];
const report = reportOf(names.map((name, index) => kind(name, 0.99 - ((index * 7) % 10) / 100, index % 3 === 0 ? null : 0.9)));

describe('可用率最低的设备类型与命令成功率', () => {
  it('takes the least available kinds, lowest first, with both series (a kind without commands has no success bar)', () => {
    const data = kindChartData(report) as { series: { name: string; points: [string, number][] }[] };
    expect(data.series.map((series) => series.name)).toEqual(['可用率', '命令成功率']);
    const availability = data.series[0]!.points;
    expect(availability).toHaveLength(KINDS_SHOWN);
    expect(availability.map(([, value]) => value)).toEqual([...availability.map(([, value]) => value)].sort((a, b) => a - b));
    expect(availability[0]).toEqual(['烟感报警', 90]);
    const withRate = report.kinds.filter((row) => row.commandSuccessRate !== null).map((row) => row.kindName);
    expect(data.series[1]!.points.map(([name]) => name)).toEqual(
      availability.map(([name]) => name).filter((name) => withRate.includes(name)),
    );
    // Nothing observed: nothing to rank.
    expect(kindChartData(reportOf([kind('视频监控', null, 0.5)]))).toBeUndefined();
  });

  it("draws every kind's name and both series in the legend, as horizontal bars", { timeout: 20_000 }, async () => {
    const { container } = render(<AvailabilityByKind report={report} status="ready" />);
    expect((await screen.findByRole('img', {}, { timeout: 10_000 })).getAttribute('aria-label')).toBe(
      '柱状图：可用率（8 个数据点）；命令成功率（6 个数据点）',
    );
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy(), { timeout: 10_000 });
    const text = container.querySelector('svg')!.textContent!;
    for (const [name] of (kindChartData(report) as { series: { points: [string, number][] }[] }).series[0]!.points)
      expect(text).toContain(name);
    expect(text).toContain('可用率');
    expect(text).toContain('命令成功率');
  });

  it('says so when nothing was observed', async () => {
    render(<AvailabilityByKind report={reportOf([])} status="ready" />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
