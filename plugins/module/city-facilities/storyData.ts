import type { ParkingLot } from '@ops/contracts';

export const sampleLots: ParkingLot[] = [
  {
    deviceId: 301,
    name: '奥体中心地下停车场',
    longitude: 120.2305,
    latitude: 30.2328,
    online: true,
    capacity: 420,
    occupied: 388,
    occupancy: 388 / 420,
  },
  {
    deviceId: 302,
    name: '江南大道停车场',
    longitude: 120.2105,
    latitude: 30.2085,
    online: true,
    capacity: 180,
    occupied: 121,
    occupancy: 121 / 180,
  },
  {
    deviceId: 303,
    name: '滨盛路临时停车场',
    longitude: 120.2025,
    latitude: 30.2072,
    online: false,
    capacity: 90,
    occupied: 23,
    occupancy: 23 / 90,
  },
];
