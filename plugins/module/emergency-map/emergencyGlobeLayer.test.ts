import { describe, expect, it, vi } from 'vitest';
import type { MapLayerContext } from '@ops/sdk';
import { areaAround, emergencyGlobeLayer, viewRange } from './emergencyGlobeLayer';

describe('emergencyGlobeLayer', () => {
  it('focuses the event whose fire, scan circle or task circle was clicked, and leaves other clicks alone', () => {
    const navigate = vi.fn();
    const context = { navigate } as unknown as MapLayerContext;
    window.history.replaceState(null, '', '/securityEmergency/firefighting?alarmId=3');
    expect(emergencyGlobeLayer.onEffectClick!('emergency:event-12:task-4', context)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/securityEmergency/firefighting?eventId=12');
    expect(emergencyGlobeLayer.onEffectClick!('emergency:hydrant-7', context)).toBe(false);
    expect(emergencyGlobeLayer.onEffectClick!('alarm-12', context)).toBe(false);
  });

  it('frames an area: the camera backs off with the radius, within limits', () => {
    expect(viewRange(100)).toBe(1200);
    expect(viewRange(500)).toBe(3000);
    expect(viewRange(100_000)).toBe(40_000);
  });

  it('finds the circle around several events', () => {
    expect(areaAround([])).toBeNull();
    const area = areaAround([
      { longitude: 120.2, latitude: 30.2, radius: 300 },
      { longitude: 120.22, latitude: 30.2, radius: 300 },
    ])!;
    expect(area.longitude).toBeCloseTo(120.21, 6);
    // Half of ≈ 1.92 km between them, plus the events' own radius.
    expect(area.radius).toBeGreaterThan(1200);
    expect(area.radius).toBeLessThan(1300);
  });
});
