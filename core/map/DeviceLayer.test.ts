import { describe, expect, it } from 'vitest';
import { deviceLayerHit, heightForZoom, zoomForHeight } from './DeviceLayer';

describe('device layer', () => {
  it('maps camera heights to map zooms and back, so clusters split as the operator zooms in', () => {
    expect(zoomForHeight(20_000_000)).toBe(1);
    expect(zoomForHeight(14_000)).toBe(11);
    expect(zoomForHeight(1500)).toBe(15);
    expect(zoomForHeight(0)).toBe(22);
    for (const zoom of [3, 10, 15]) expect(zoomForHeight(heightForZoom(zoom))).toBe(zoom);
  });

  it('reads a pick on a device or a cluster and ignores anything else', () => {
    const device = { deviceId: 7, kind: 'lamp', online: true, longitude: 120, latitude: 30 };
    expect(deviceLayerHit({ id: { device } })).toEqual({ device });
    expect(deviceLayerHit({ id: { cluster: { count: 3 } } })).toEqual({ cluster: { count: 3 } });
    expect(deviceLayerHit({ id: 'effect:alarm-1' })).toBeUndefined();
    expect(deviceLayerHit(undefined)).toBeUndefined();
  });
});
