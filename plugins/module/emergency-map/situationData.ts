import type { WidgetData } from '@ops/sdk';
import type {
  DeviceRow,
  EmergencyHistoryEntry,
  EmergencyHydrant,
  EmergencyRoute,
  EmergencyShelter,
  EmergencyStats,
  EmergencyWaterLevel,
} from '@ops/contracts';
import type { CrowdPoint } from './situationEffects';
import { emergencyMapStrings as t } from './emergencyMapStrings';

type TableData = WidgetData['table'];
type CategoryData = WidgetData['ranking'];

const withDistance = <T extends { distance: number | null }>(rows: readonly T[]) => rows.some((row) => row.distance !== null);
const metres = (distance: number | null) => (distance === null ? null : Math.round(distance));

/** A reading with its judgement, as one cell: 「0.3 正常」, 「0.12 水压不足」, 「离线」. */
function judged(online: boolean, value: number | null, abnormal: boolean, bad: string, good: string): string {
  if (!online) return t.offline;
  if (value === null) return t.noReading;
  return `${value} ${abnormal ? bad : good}`;
}

/** 消火栓水压 / 附近消火栓: each hydrant's pressure and state, and its distance near an event (its valve otherwise). */
export function hydrantTable(hydrants: readonly EmergencyHydrant[]): TableData {
  const near = withDistance(hydrants);
  return {
    columns: [
      { key: 'name', title: t.columns.name },
      { key: 'pressure', title: t.columns.pressure },
      near ? { key: 'distance', title: t.columns.distance, format: 'number' } : { key: 'valve', title: t.columns.valve },
    ],
    rows: hydrants.map((hydrant) => ({
      id: hydrant.deviceId,
      name: hydrant.name,
      pressure: judged(hydrant.online, hydrant.pressure, hydrant.low, t.hydrantLow, t.hydrantNormal),
      valve: hydrant.valve,
      distance: metres(hydrant.distance),
    })),
    total: hydrants.length,
  };
}

/** 水位监测: each sensor's level and whether it is over the warning line (over the line first), and its distance near an event. */
export function waterTable(levels: readonly EmergencyWaterLevel[]): TableData {
  const near = withDistance(levels);
  const ordered = near
    ? levels
    : [...levels].sort((a, b) => Number(b.high) - Number(a.high) || (b.waterLevel ?? -1) - (a.waterLevel ?? -1));
  return {
    columns: [
      { key: 'name', title: t.columns.name },
      { key: 'level', title: t.columns.level },
      ...(near ? [{ key: 'distance', title: t.columns.distance, format: 'number' as const }] : []),
    ],
    rows: ordered.map((level) => ({
      id: level.deviceId,
      name: level.name,
      level: judged(level.online, level.waterLevel, level.high, t.waterHigh, t.waterNormal),
      distance: metres(level.distance),
    })),
    total: levels.length,
  };
}

export function shelterTable(shelters: readonly EmergencyShelter[]): TableData {
  const near = withDistance(shelters);
  return {
    columns: [
      { key: 'name', title: t.columns.name },
      { key: 'capacity', title: t.columns.capacity, format: 'number' },
      near ? { key: 'distance', title: t.columns.distance, format: 'number' } : { key: 'address', title: t.columns.address },
    ],
    rows: shelters.map((shelter) => ({
      id: shelter.shelterId,
      name: shelter.name,
      capacity: shelter.capacity,
      address: shelter.address,
      distance: metres(shelter.distance),
    })),
    total: shelters.length,
  };
}

export function routeTable(routes: readonly EmergencyRoute[]): TableData {
  return {
    columns: [
      { key: 'name', title: t.columns.name },
      { key: 'route', title: t.columns.route },
      { key: 'length', title: t.columns.length, format: 'number' },
    ],
    rows: routes.map((route) => ({
      id: route.routeId,
      name: route.name,
      route: `${route.fromName} → ${route.toName}`,
      length: Math.round(route.length),
    })),
    total: routes.length,
  };
}

/** A device's reading of a telemetry key, when it is a number. */
const reading = (device: DeviceRow, key: string) => (typeof device.telemetry[key] === 'number' ? (device.telemetry[key] as number) : null);

/** People counted at each place: Wi-Fi clients and people waiting at stations, the devices' own reports. */
export function crowdPoints(wifi: readonly DeviceRow[], stations: readonly DeviceRow[]): CrowdPoint[] {
  const points = (rows: readonly DeviceRow[], key: string, source: string) =>
    rows.flatMap((device) => {
      const people = reading(device, key);
      return device.online && people !== null
        ? [
            {
              deviceId: device.deviceId,
              name: device.deviceName,
              longitude: device.longitude,
              latitude: device.latitude,
              people: Math.round(people),
              source,
            },
          ]
        : [];
    });
  return [...points(wifi, 'clients', 'wifi'), ...points(stations, 'waiting', 'station')].sort((a, b) => b.people - a.people);
}

export function crowdRanking(points: readonly CrowdPoint[]): CategoryData {
  return { items: points.map((point) => ({ name: point.name, value: point.people, key: String(point.deviceId) })), unit: t.people };
}

/** Smoke sensors by their reading, highest first (offline and silent ones left out). */
export function smokeRanking(devices: readonly DeviceRow[]): CategoryData {
  const items = devices.flatMap((device) => {
    const smoke = reading(device, 'smoke');
    return device.online && smoke !== null ? [{ name: device.deviceName, value: smoke, key: String(device.deviceId) }] : [];
  });
  return { items: items.sort((a, b) => b.value - a.value) };
}

/** 火情概况: active fires, today's fire alarms, tasks under way, teams out. */
export function fireOverview(stats: EmergencyStats, fireAlarmsToday: number): WidgetData['statGroup'] {
  const open = (stats.tasksByStatus.PENDING ?? 0) + (stats.tasksByStatus.ACCEPTED ?? 0) + (stats.tasksByStatus.PROCESSING ?? 0);
  return {
    items: [
      { name: t.stats.activeFires, value: stats.activeByKind.FIRE ?? 0, unit: '起' },
      { name: t.stats.todayFireAlarms, value: fireAlarmsToday, unit: '条' },
      { name: t.stats.openTasks, value: open, unit: '项' },
      { name: t.stats.busyTeams, value: stats.busyTeams, unit: `/${stats.teams}` },
    ],
  };
}

const HISTORY_INTENT: Record<string, 'none' | 'primary' | 'success' | 'warning' | 'danger'> = {
  open: 'danger',
  join: 'warning',
  dispatch: 'primary',
  accept: 'primary',
  progress: 'primary',
  finish: 'success',
  cancel: 'none',
  reassign: 'warning',
  close: 'success',
};

/** 处置动态: the event's history, newest first. */
export function historyTimeline(history: readonly EmergencyHistoryEntry[]): WidgetData['timeline'] {
  return {
    items: [...history]
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .map((entry) => ({
        at: entry.time,
        title: `${entry.userName} · ${entry.actionName}${entry.taskTitle ? `「${entry.taskTitle}」` : ''}${entry.teamName && (entry.action === 'dispatch' || entry.action === 'reassign') ? ` → ${entry.teamName}` : ''}${entry.percent !== null && entry.action === 'progress' ? ` ${entry.percent}%` : ''}`,
        ...(entry.note ? { detail: entry.note } : {}),
        intent: HISTORY_INTENT[entry.action] ?? 'none',
      })),
  };
}
