import { describe, expect, it } from 'vitest';
import type { DeviceRow } from '@ops/contracts';
import { crowdPoints, historyTimeline, hydrantTable, waterTable } from './situationData';
import { sampleDetail, sampleResources } from './storyData';

const device = (deviceId: number, telemetry: Record<string, unknown>, online = true): DeviceRow => ({
  deviceId,
  deviceName: `设备-${deviceId}`,
  deviceCode: '',
  deviceType: '',
  kind: 'wifi',
  online,
  longitude: 120,
  latitude: 30,
  height: 0,
  telemetry,
  state: {},
  updateTime: 0,
});

describe('situation data', () => {
  it('lists hydrants with their state and distance near an event, the valve when not', () => {
    const near = hydrantTable(sampleResources.hydrants);
    expect(near.columns.map((column) => column.key)).toEqual(['name', 'pressure', 'distance']);
    expect(near.rows.map((row) => row.pressure)).toEqual(['0.52 正常', '0.12 水压不足']);
    expect(near.rows.map((row) => row.distance)).toEqual([104, 262]);
    const all = hydrantTable(sampleResources.hydrants.map((hydrant) => ({ ...hydrant, distance: null })));
    expect(all.columns.map((column) => column.key)).toContain('valve');
  });

  it('puts water levels over the warning line first when listing the whole tenant', () => {
    const levels = [
      { ...sampleResources.waterLevels[0]!, deviceId: 1, waterLevel: 20, high: false, distance: null },
      { ...sampleResources.waterLevels[0]!, deviceId: 2, waterLevel: 96, high: true, distance: null },
    ];
    expect(waterTable(levels).rows.map((row) => [row.id, row.level])).toEqual([
      [2, '96 超警戒'],
      [1, '20 正常'],
    ]);
    expect(waterTable([{ ...levels[0]!, online: false }]).rows[0]!.level).toBe('离线');
  });

  it('counts people from Wi-Fi clients and people waiting, busiest first, leaving out offline and silent devices', () => {
    const points = crowdPoints(
      [device(1, { clients: 193.6 }), device(2, { clients: 40 }, false), device(3, {})],
      [device(4, { waiting: 250 })],
    );
    expect(points.map((point) => [point.deviceId, point.people, point.source])).toEqual([
      [4, 250, 'station'],
      [1, 194, 'wifi'],
    ]);
  });

  it("tells the event's history newest first, with who, what and the task", () => {
    const items = historyTimeline(sampleDetail.history).items;
    expect(items[0]).toMatchObject({ title: '消防一队 · 上报进度「灭火救援」 60%', detail: '两支水枪压制火势，火势已得到控制' });
    expect(items.at(-1)).toMatchObject({ title: '系统 · 启动事件', intent: 'danger' });
    expect(items.find((item) => item.title.includes('派发任务'))?.title).toBe('值班员张敏 · 派发任务「灭火救援」 → 消防一队');
  });
});
