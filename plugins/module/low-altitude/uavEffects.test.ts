import { describe, expect, it } from 'vitest';
import type { UavLiveFlight } from '@ops/contracts';
import { fenceEffects, flightEffects, movedFlight, TRAIL_MAX_POINTS, uavSubjects } from './uavEffects';

const flight = (trailLength: number): UavLiveFlight => ({
  deviceId: 7,
  deviceName: '无人机-001',
  flightId: 3,
  taskKind: 'patrol',
  at: 1,
  longitude: 120.2,
  latitude: 30.2,
  altitude: 80,
  heading: 90,
  speed: 10,
  battery: 90,
  route: [
    [120.1, 30.2, 80],
    [120.3, 30.2, 80],
  ],
  trail: Array.from({ length: trailLength }, (_, index) => [120.1 + index / 1000, 30.2, 80]),
});

describe('low-altitude effects', () => {
  it('draws fences as volumes, red when active and grey when not', () => {
    const [on, off] = fenceEffects([
      {
        fenceId: 1,
        name: '学校',
        polygon: [
          [120, 30],
          [120.1, 30],
          [120.1, 30.1],
        ],
        floorM: 0,
        ceilingM: 150,
        active: true,
      },
      {
        fenceId: 2,
        name: '变电站',
        polygon: [
          [120, 30],
          [120.1, 30],
          [120.1, 30.1],
        ],
        floorM: 20,
        ceilingM: 90,
        active: false,
      },
    ]);
    expect(on).toMatchObject({
      id: 'low-altitude:fence-1',
      effect: 'geofenceVolume',
      options: { floor: 0, ceiling: 150, color: '#ff3b30' },
    });
    expect(off!.options.color).toBe('#8a9ba8');
  });

  it('draws the planned route and the trail, redrawing the trail only every few points', () => {
    expect(flightEffects([flight(1)]).map((spec) => spec.id)).toEqual(['low-altitude:route-3']);
    const seven = flightEffects([flight(7)]);
    const eight = flightEffects([flight(8)]);
    expect(seven.map((spec) => spec.id)).toEqual(['low-altitude:route-3', 'low-altitude:trail-3']);
    expect(seven[1]!.options.positions).toHaveLength(15);
    expect(eight[1]!.options).toEqual(seven[1]!.options);
  });

  it('moves a flight by a pushed position, growing its trail up to its limit', () => {
    const moved = movedFlight(flight(TRAIL_MAX_POINTS), { ...flight(0), longitude: 121, at: 2 });
    expect(moved.trail).toHaveLength(TRAIL_MAX_POINTS);
    expect(moved.trail.at(-1)).toEqual([121, 30.2, 80]);
    expect(moved.longitude).toBe(121);
    expect(uavSubjects([moved], 7, (uav) => `${uav.deviceName}`)[0]).toMatchObject({ id: '7', kind: 'uav', heading: 90, selected: true });
  });
});
