import type { FenceStay, Flight, FlightReplay, Geofence, RoutePreset, UavDevice, UavLiveFlight } from '@ops/contracts';

const AT = Date.UTC(2026, 10, 27, 6, 0, 0);
const ROUTE: Flight['route'] = [
  [120.19, 30.216, 80],
  [120.2, 30.223, 80],
  [120.21, 30.229, 80],
  [120.22, 30.2345, 80],
];

export const sampleFlight: Flight = {
  flightId: 42,
  deviceId: 7,
  taskKind: 'river_inspection',
  route: ROUTE,
  status: 'landed',
  startedAt: AT,
  endedAt: AT + 480_000,
  result: '发现水面漂浮物 3 处、排污口异常 1 处；闯入禁飞区 1 次；降落时电量 88%',
  createdAt: AT - 300_000,
};
export const flyingFlight: Flight = {
  ...sampleFlight,
  flightId: 43,
  deviceId: 8,
  status: 'flying',
  endedAt: null,
  result: null,
  taskKind: 'patrol',
};
export const plannedFlight: Flight = {
  ...sampleFlight,
  flightId: 44,
  deviceId: 9,
  status: 'planned',
  startedAt: null,
  endedAt: null,
  result: null,
};

export const sampleStay: FenceStay = {
  eventId: 5,
  flightId: 42,
  deviceId: 7,
  fenceId: 1,
  fenceName: '滨江实验小学禁飞区',
  enteredAt: AT + 240_000,
  exitedAt: AT + 270_000,
  alarmId: 900,
};

export const liveFlights: UavLiveFlight[] = [
  {
    deviceId: 8,
    deviceName: '奥体中心无人机-001',
    flightId: 43,
    taskKind: 'patrol',
    at: AT,
    longitude: 120.23,
    latitude: 30.23,
    altitude: 60,
    heading: 92,
    speed: 9.5,
    battery: 87,
    route: ROUTE,
    trail: ROUTE,
  },
  {
    deviceId: 7,
    deviceName: '江南大道无人机-002',
    flightId: 45,
    taskKind: 'river_inspection',
    at: AT,
    longitude: 120.2,
    latitude: 30.22,
    altitude: 80,
    heading: 48,
    speed: 11,
    battery: 64,
    route: ROUTE,
    trail: ROUTE,
  },
];

export const names = new Map([
  [7, '江南大道无人机-002'],
  [8, '奥体中心无人机-001'],
  [9, '滨盛路无人机-003'],
]);

export const uavs: UavDevice[] = [
  { deviceId: 7, name: '江南大道无人机-002', online: true, flyingFlightId: null },
  { deviceId: 8, name: '奥体中心无人机-001', online: true, flyingFlightId: 43 },
  { deviceId: 9, name: '滨盛路无人机-003', online: false, flyingFlightId: null },
];

export const presets: RoutePreset[] = [
  { presetId: 'river-qiantang', name: '钱塘江南岸河道巡检', taskKind: 'river_inspection', route: ROUTE },
];

export const fences: Geofence[] = [
  {
    fenceId: 1,
    name: '滨江实验小学禁飞区',
    polygon: [
      [120.2135, 30.2305],
      [120.2165, 30.2305],
      [120.2165, 30.233],
    ],
    floorM: 0,
    ceilingM: 150,
    active: true,
  },
  {
    fenceId: 2,
    name: '江南变电站禁飞区',
    polygon: [
      [120.209, 30.199],
      [120.212, 30.199],
      [120.212, 30.201],
    ],
    floorM: 0,
    ceilingM: 200,
    active: false,
  },
];

export const sampleReplay: FlightReplay = {
  flight: sampleFlight,
  deviceName: '江南大道无人机-002',
  track: Array.from({ length: 480 }, (_, index) => ({
    at: AT + index * 1000,
    longitude: 120.19 + index * 0.00006,
    latitude: 30.216 + index * 0.00004,
    altitude: 80,
    heading: 52,
    speed: 10,
  })),
  stays: [sampleStay],
};
