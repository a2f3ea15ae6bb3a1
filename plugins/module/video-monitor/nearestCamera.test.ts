import { describe, expect, it } from 'vitest';
import { distanceMetres, nearestCamera } from './nearestCamera';

const camera = (deviceId: number, longitude: number, latitude: number, online = true) => ({ deviceId, longitude, latitude, online });

describe('nearest fire camera', () => {
  it('measures metres on the ground', () => {
    // 0.01° of latitude is about 1.11 km anywhere.
    expect(distanceMetres({ longitude: 120.2, latitude: 30.2 }, { longitude: 120.2, latitude: 30.21 })).toBeCloseTo(1112, -1);
  });

  it('picks the nearest online camera, an offline one only when none is online', () => {
    const cameras = [camera(1, 120.3, 30.3), camera(2, 120.201, 30.201, false), camera(3, 120.21, 30.21)];
    expect(nearestCamera({ longitude: 120.2, latitude: 30.2 }, cameras)?.camera.deviceId).toBe(3);
    expect(nearestCamera({ longitude: 120.2, latitude: 30.2 }, [camera(2, 120.201, 30.201, false)])?.camera.deviceId).toBe(2);
  });

  it('has no answer for an alarm without a place, or no cameras', () => {
    expect(nearestCamera({ longitude: null, latitude: null }, [camera(1, 120, 30)])).toBeUndefined();
    expect(nearestCamera({ longitude: 120, latitude: 30 }, [])).toBeUndefined();
  });
});
