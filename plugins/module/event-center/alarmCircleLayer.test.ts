import { describe, expect, it, vi } from 'vitest';
import { mapReplayTopic, PUSH_TOPIC_ALL, type MapEffects, type MapLayerContext, type RoutedPush } from '@ops/sdk';
import { SimpleEventBus } from '@ops/sdk/testing';
import { alarmCircleLayer, MAX_ALARM_CIRCLES } from './alarmCircleLayer';

function fakeMap() {
  const bus = new SimpleEventBus();
  const drawn = new Map<string, Record<string, unknown>>();
  const effects: Pick<MapEffects, 'add' | 'remove' | 'ids' | 'optionsOf'> = {
    add: (effect, id, options) => {
      if (!Number.isFinite((options.position as { longitude: number }).longitude)) throw new Error('经度必须是数字');
      drawn.set(id, { effect, ...options });
    },
    remove: (id) => drawn.delete(id),
    ids: () => [...drawn.keys()],
    optionsOf: (id) => {
      const { effect: _effect, ...options } = drawn.get(id) ?? {};
      return options;
    },
  };
  const navigate = vi.fn();
  const context = { bus, effects, navigate } as unknown as MapLayerContext;
  const alarm = (alarmId: number, longitude: unknown = 106.5, action: 'toast' | 'silent' = 'toast'): RoutedPush => ({
    message: { code: 0, eventType: 'SMOKE', seq: alarmId, data: { alarmId, longitude, latitude: 29.5 } },
    route: { action, topic: 'alarm.smoke' },
  });
  return { bus, drawn, navigate, context, alarm };
}

describe('the alarm circle layer', () => {
  it('draws a pushed alarm with a position as a push-alarm pulsing circle, and stops when detached', () => {
    const map = fakeMap();
    const detach = alarmCircleLayer.attach(map.context);
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(7));
    expect(map.drawn.get('alarm-7')).toEqual({
      effect: 'pulsingCircle',
      position: { longitude: 106.5, latitude: 29.5, height: 10 },
      type: 'pushAlarm',
      maxRadius: 300,
      step: 15,
    });
    detach();
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(8));
    expect(map.drawn.has('alarm-8')).toBe(false);
  });

  it('ignores pushes that are not alarms or have no usable position, and keeps the newest circles only', () => {
    const map = fakeMap();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    alarmCircleLayer.attach(map.context);
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(1, '106.5'));
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(2, 106.5, 'silent'));
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(3, Number.NaN));
    expect(map.drawn.size).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('告警 3 的位置无法在地图上标出'));
    for (let id = 10; id < 10 + MAX_ALARM_CIRCLES + 5; id++) map.bus.publish(PUSH_TOPIC_ALL, map.alarm(id));
    expect(map.drawn.size).toBe(MAX_ALARM_CIRCLES);
    expect(map.drawn.has('alarm-14')).toBe(false);
    expect(map.drawn.has(`alarm-${10 + MAX_ALARM_CIRCLES + 4}`)).toBe(true);
    warn.mockRestore();
  });

  it('takes its circles off while a replay holds the globe, keeps new alarms waiting, and shows them all after', () => {
    const map = fakeMap();
    alarmCircleLayer.attach(map.context);
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(1));
    map.bus.publish(mapReplayTopic, { replaying: true, at: 5 });
    expect(map.drawn.size).toBe(0);
    map.bus.publish(PUSH_TOPIC_ALL, map.alarm(2));
    map.bus.publish(mapReplayTopic, { replaying: true, at: 6 });
    expect(map.drawn.size).toBe(0);
    map.bus.publish(mapReplayTopic, { replaying: false, at: null });
    expect([...map.drawn.keys()]).toEqual(['alarm-1', 'alarm-2']);
    expect(map.drawn.get('alarm-1')).toMatchObject({ effect: 'pulsingCircle', position: { longitude: 106.5, latitude: 29.5, height: 10 } });
  });

  it('opens a clicked alarm circle in the event center and leaves other effects alone', () => {
    const map = fakeMap();
    expect(alarmCircleLayer.onEffectClick?.('alarm-42', map.context)).toBe(true);
    expect(map.navigate).toHaveBeenCalledWith('/alarmManage/eventcenter?alarmId=42');
    expect(alarmCircleLayer.onEffectClick?.('relocate-5', map.context)).toBe(false);
    expect(map.navigate).toHaveBeenCalledTimes(1);
  });
});
