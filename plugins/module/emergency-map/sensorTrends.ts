import type { WidgetData } from '@ops/sdk';
import type { EmergencyHydrant, EmergencyWaterLevel, SensorReadings } from '@ops/contracts';

/** The sensors a trend shows: live ones with a reading (an offline sensor's line would stop at its last report anyway). */
const reporting = <T extends { online: boolean }>(rows: readonly T[], value: (row: T) => number | null) =>
  rows.filter((row) => row.online && value(row) !== null);

/** 水位趋势: the sensors over the warning line, then the highest, `limit` in all. */
export function levelTrendSensors(levels: readonly EmergencyWaterLevel[], limit = 5): number[] {
  return reporting(levels, (level) => level.waterLevel)
    .sort((a, b) => Number(b.high) - Number(a.high) || b.waterLevel! - a.waterLevel!)
    .slice(0, limit)
    .map((level) => level.deviceId);
}

/** 防汛抗洪: the level sensors nearest the event (the resources come nearest first). */
export function nearbyLevelSensors(levels: readonly EmergencyWaterLevel[], limit = 4): number[] {
  return reporting(levels, (level) => level.waterLevel)
    .slice(0, limit)
    .map((level) => level.deviceId);
}

/** 水压趋势: the hydrants with the lowest pressure (those too low first), `limit` in all. */
export function pressureTrendSensors(hydrants: readonly EmergencyHydrant[], limit = 5): number[] {
  return reporting(hydrants, (hydrant) => hydrant.pressure)
    .sort((a, b) => Number(b.low) - Number(a.low) || a.pressure! - b.pressure!)
    .slice(0, limit)
    .map((hydrant) => hydrant.deviceId);
}

/** The readings as a time line chart's data: one line per sensor. */
export function trendSeries(readings: SensorReadings): WidgetData['lineChart'] {
  return { axis: 'time', unit: readings.unit, series: readings.series.map((series) => ({ name: series.name, points: series.points })) };
}
