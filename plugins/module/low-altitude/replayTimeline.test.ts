import { describe, expect, it } from 'vitest';
import { advanceReplay, pointAt } from './replayTimeline';

const fix = (at: number, longitude: number, heading = 90) => ({ at, longitude, latitude: 30, altitude: 80, heading, speed: 10 });
const TRACK = [fix(1000, 120), fix(2000, 120.001), fix(4000, 120.003, 45)];

describe('pointAt', () => {
  it('interpolates between the fixes around the time and holds at the ends', () => {
    expect(pointAt(TRACK, 1500)).toMatchObject({ at: 1500, longitude: 120.0005, heading: 90 });
    expect(pointAt(TRACK, 3000)!.longitude).toBeCloseTo(120.002, 9);
    expect(pointAt(TRACK, 0)).toEqual(TRACK[0]);
    expect(pointAt(TRACK, 9000)).toEqual(TRACK[2]);
    expect(pointAt(TRACK, 4000)).toEqual(TRACK[2]);
    expect(pointAt([], 1000)).toBeNull();
  });
});

describe('advanceReplay', () => {
  it('moves the replay clock at its speed and stops at the end', () => {
    expect(advanceReplay(1000, 500, 10, 60_000)).toBe(6000);
    expect(advanceReplay(59_000, 500, 60, 60_000)).toBe(60_000);
  });
});
