import type { RoutePreset, Waypoint } from '../../contracts/lowAltitude';
import type { NewGeofence } from './GeofenceService';

/** A closed loop around a centre at one height: the patrols. */
function loop(longitude: number, latitude: number, halfLng: number, halfLat: number, altitude: number): Waypoint[] {
  return [
    [longitude - halfLng, latitude - halfLat, altitude],
    [longitude + halfLng, latitude - halfLat, altitude],
    [longitude + halfLng, latitude + halfLat, altitude],
    [longitude - halfLng, latitude + halfLat, altitude],
    [longitude - halfLng, latitude - halfLat, altitude],
  ];
}

/** A square fence around a point between two heights. */
function square(name: string, longitude: number, latitude: number, half: number, floorM: number, ceilingM: number): NewGeofence {
  return {
    name,
    polygon: [
      [longitude - half, latitude - half * 0.85],
      [longitude + half, latitude - half * 0.85],
      [longitude + half, latitude + half * 0.85],
      [longitude - half, latitude + half * 0.85],
    ],
    floorM,
    ceilingM,
  };
}

/**
 * The demo tenants' planned routes (the simulator's flights and the 调度 page's presets) and their
 * no-fly areas. Each river route crosses a school's fence (an alarm per flight, as the live demo needs);
 * the other fences lie beside the routes or above them (a patrol at 60 m passes under a 120 m floor).
 */
export const UAV_ROUTE_PRESETS: Record<number, RoutePreset[]> = {
  1: [
    {
      presetId: 'river-qiantang',
      name: '钱塘江南岸河道巡检',
      taskKind: 'river_inspection',
      route: [
        [120.19, 30.216, 80],
        [120.2, 30.223, 80],
        [120.21, 30.229, 80],
        [120.22, 30.2345, 80],
        [120.23, 30.24, 80],
      ],
    },
    { presetId: 'patrol-olympic', name: '奥体中心巡逻', taskKind: 'patrol', route: loop(120.2305, 30.2328, 0.004, 0.003, 60) },
    { presetId: 'patrol-jiangnan', name: '江南大道巡逻', taskKind: 'patrol', route: loop(120.2105, 30.2095, 0.0105, 0.001, 50) },
  ],
  2: [
    {
      presetId: 'river-westlake',
      name: '西湖湖面巡检',
      taskKind: 'river_inspection',
      route: [
        [120.154, 30.256, 70],
        [120.148, 30.25, 70],
        [120.143, 30.244, 70],
        [120.145, 30.237, 70],
        [120.1488, 30.233, 70],
      ],
    },
    { presetId: 'patrol-sudi', name: '苏堤巡逻', taskKind: 'patrol', route: loop(120.1401, 30.2435, 0.0009, 0.0085, 50) },
    { presetId: 'patrol-hubin', name: '湖滨巡逻', taskKind: 'patrol', route: loop(120.1618, 30.2561, 0.003, 0.0025, 60) },
  ],
};

export const SEEDED_GEOFENCES: Record<number, NewGeofence[]> = {
  1: [
    square('滨江实验小学禁飞区', 120.215, 30.23175, 0.0015, 0, 150),
    square('江南变电站禁飞区', 120.2105, 30.2, 0.0015, 0, 200),
    square('奥体中心低空管制区', 120.2305, 30.2328, 0.002, 120, 300),
  ],
  2: [
    square('湖滨学校禁飞区', 120.1455, 30.247, 0.0012, 0, 150),
    square('雷峰塔景区禁飞区', 120.1488, 30.2311, 0.001, 0, 200),
    square('南山路变电站禁飞区', 120.156, 30.24, 0.001, 0, 200),
  ],
};

/** The presets a tenant's flights are planned from (none for a tenant without a seeded area). */
export const routePresetsOf = (tenantId: number): RoutePreset[] => UAV_ROUTE_PRESETS[tenantId] ?? [];
