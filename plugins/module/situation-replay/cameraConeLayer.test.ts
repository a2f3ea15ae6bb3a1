import { describe, expect, it, vi } from 'vitest';
import { mapDeviceOpenedTopic, PUSH_TOPIC_ALL, type MapEffects, type MapLayerContext, type RoutedPush } from '@ops/sdk';
import { SimpleEventBus } from '@ops/sdk/testing';
import { cameraConeLayer, coneOrientation, metresBetween, NEAR_ALARM_CONE_MS, nearConeId, SELECTED_CONE_ID } from './cameraConeLayer';

const DEFAULTS = { heading: 0.8, pitch: 20.65 };
const camera = { deviceId: 1, kind: 'camera', online: true, longitude: 120.2, latitude: 30.25 };
const farCamera = { deviceId: 2, kind: 'camera', online: true, longitude: 120.3, latitude: 30.25 };
const lamp = { deviceId: 3, kind: 'lamp', online: true, longitude: 120.2, latitude: 30.25 };

function fakeEffects() {
  const drawn = new Map<string, { effect: string; options: Record<string, unknown> }>();
  const effects: Pick<MapEffects, 'add' | 'remove'> = {
    add: (effect, id, options) => void drawn.set(id, { effect, options }),
    remove: (id) => void drawn.delete(id),
  };
  return { drawn, effects };
}

const alarmAt = (longitude: number, latitude: number): RoutedPush => ({
  message: { code: 0, eventType: 'SMOKE', seq: 1, data: { alarmId: 5, longitude, latitude } },
  route: { action: 'toast', topic: 'alarm.smoke' },
});

function attach(state?: Record<string, unknown>) {
  const bus = new SimpleEventBus();
  const { drawn, effects } = fakeEffects();
  const devices = vi.fn(async () => [camera, farCamera, lamp]);
  const layer = cameraConeLayer({ isCamera: (kind) => kind === 'camera', stateOf: async () => state, devices, defaults: DEFAULTS });
  const context = { bus, effects, navigate: () => undefined, globe: new Promise(() => undefined) } as unknown as MapLayerContext;
  const detach = layer.attach(context);
  return { bus, drawn, devices, detach };
}

/** Lets the layer's promise chains (cameras, orientation) run, without moving the clock. */
const settled = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

describe('camera view cones', () => {
  it('orients a cone from the stored heading and pitch (degrees), else the spec defaults', () => {
    expect(coneOrientation({ heading: 90, pitch: 30 }, DEFAULTS)).toEqual({ heading: Math.PI / 2, pitch: 30 });
    expect(coneOrientation({ heading: -90 }, DEFAULTS)).toEqual({ heading: (3 * Math.PI) / 2, pitch: 20.65 });
    expect(coneOrientation({ direction: '右' }, DEFAULTS)).toEqual(DEFAULTS);
    expect(coneOrientation(undefined, DEFAULTS)).toEqual(DEFAULTS);
    expect(Math.round(metresBetween(camera, { longitude: 120.2, latitude: 30.2518 }))).toBe(200);
  });

  it('shows the cone of the camera whose panel is open, none for other kinds, and removes it when the panel closes', async () => {
    const { bus, drawn, detach } = attach({ heading: 180 });
    bus.publish(mapDeviceOpenedTopic, camera);
    await vi.waitFor(() => expect(drawn.get(SELECTED_CONE_ID)).toBeDefined());
    expect(drawn.get(SELECTED_CONE_ID)).toEqual({
      effect: 'viewCone',
      options: { position: { longitude: 120.2, latitude: 30.25, height: 8 }, heading: Math.PI, pitch: 20.65 },
    });
    bus.publish(mapDeviceOpenedTopic, lamp);
    expect(drawn.has(SELECTED_CONE_ID)).toBe(false);
    bus.publish(mapDeviceOpenedTopic, camera);
    await vi.waitFor(() => expect(drawn.has(SELECTED_CONE_ID)).toBe(true));
    bus.publish(mapDeviceOpenedTopic, null);
    expect(drawn.has(SELECTED_CONE_ID)).toBe(false);
    detach();
  });

  it('shows the cones of cameras within 200 m of a pushed alarm for a while, and nothing for a far alarm', async () => {
    vi.useFakeTimers();
    try {
      const { bus, drawn, devices, detach } = attach();
      bus.publish(PUSH_TOPIC_ALL, alarmAt(120.2, 30.2515));
      await settled();
      expect(drawn.has(nearConeId(1))).toBe(true);
      expect(drawn.has(nearConeId(2))).toBe(false);
      expect(drawn.has(nearConeId(3))).toBe(false);
      bus.publish(PUSH_TOPIC_ALL, alarmAt(121, 31));
      await settled();
      await vi.advanceTimersByTimeAsync(NEAR_ALARM_CONE_MS - 1);
      expect(drawn.has(nearConeId(1))).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(drawn.has(nearConeId(1))).toBe(false);
      // The cameras' positions are read once per globe.
      expect(devices).toHaveBeenCalledTimes(1);
      bus.publish(PUSH_TOPIC_ALL, alarmAt(120.2, 30.25));
      await settled();
      expect(drawn.has(nearConeId(1))).toBe(true);
      detach();
      expect(drawn.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
