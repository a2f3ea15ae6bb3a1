import { describe, expect, it } from 'vitest';
import type { EmergencyHydrant, EmergencyWaterLevel } from '@ops/contracts';
import { levelTrendSensors, nearbyLevelSensors, pressureTrendSensors, trendSeries } from './sensorTrends';

const level = (deviceId: number, waterLevel: number | null, online = true): EmergencyWaterLevel => ({
  deviceId,
  name: `井盖-${deviceId}`,
  kind: 'smartManhole',
  longitude: 120,
  latitude: 30,
  online,
  waterLevel,
  high: waterLevel !== null && waterLevel >= 80,
  distance: deviceId * 100,
});
const hydrant = (deviceId: number, pressure: number | null, online = true): EmergencyHydrant => ({
  deviceId,
  name: `消火栓-${deviceId}`,
  longitude: 120,
  latitude: 30,
  online,
  pressure,
  low: pressure !== null && pressure < 0.15,
  valve: '关闭',
  distance: null,
});

describe('sensor trends', () => {
  it('水位趋势 shows the sensors over the line, then the highest, leaving out offline and silent ones', () => {
    const levels = [
      level(1, 30),
      level(2, 95),
      level(3, 60),
      level(4, 110, false),
      level(5, null),
      level(6, 81),
      level(7, 20),
      level(8, 50),
    ];
    expect(levelTrendSensors(levels, 4)).toEqual([2, 6, 3, 8]);
  });

  it('防汛抗洪 shows the nearest reporting sensors in the order given', () => {
    expect(nearbyLevelSensors([level(3, 10), level(1, null), level(2, 50, false), level(4, 20), level(5, 30)], 2)).toEqual([3, 4]);
  });

  it('水压趋势 shows the lowest pressures, those too low first', () => {
    expect(pressureTrendSensors([hydrant(1, 0.5), hydrant(2, 0.12), hydrant(3, 0.3), hydrant(4, 0.1, false), hydrant(5, 0.2)], 3)).toEqual([
      2, 5, 3,
    ]);
  });

  it("turns the readings into one time line per sensor, in the readings' unit", () => {
    const at = Date.UTC(2026, 10, 22, 8, 0, 0);
    expect(
      trendSeries({
        metric: 'pressure',
        unit: 'MPa',
        from: at - 3_600_000,
        to: at,
        bucketMs: 36_000,
        series: [{ deviceId: 2, name: '消火栓-2', points: [[at, 0.31]] }],
      }),
    ).toEqual({ axis: 'time', unit: 'MPa', series: [{ name: '消火栓-2', points: [[at, 0.31]] }] });
  });
});
