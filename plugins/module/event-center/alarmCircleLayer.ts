import { mapReplayTopic, PUSH_TOPIC_ALL, type MapLayer } from '@ops/sdk';
import { eventCenterStrings as t } from './eventCenterStrings';
import { errorMessage } from '@ops/contracts';

/** Live alarms kept on the map at once; older circles make room for new ones. */
export const MAX_ALARM_CIRCLES = 50;
/** The map effect alarms are drawn with, and its push-alarm settings (spec section 9). */
const ALARM_EFFECT = 'pulsingCircle';
const ALARM_CIRCLE = { type: 'pushAlarm', maxRadius: 300, step: 15 };
const CIRCLE_ID = /^alarm-(\d+)$/;

/**
 * The alarm layer of the globe: a live alarm with a position appears there as a pulsing circle, the
 * newest MAX_ALARM_CIRCLES kept; clicking one opens it in the event center.
 */
export const alarmCircleLayer: MapLayer = {
  id: 'event-center:alarm-circles',
  attach({ bus, effects }) {
    // While a replay (态势回放) holds the globe the live circles are taken off and new ones wait; they come back after it.
    let replaying = false;
    const waiting = new Map<string, Record<string, unknown>>();
    const stopReplay = bus.subscribe(mapReplayTopic, (state) => {
      if (state.replaying === replaying) return;
      replaying = state.replaying;
      const circles = effects.ids().filter((id) => CIRCLE_ID.test(id));
      if (replaying) {
        for (const id of circles) waiting.set(id, { ...effects.optionsOf(id) });
        for (const id of circles) effects.remove(id);
        return;
      }
      const back = [...waiting].slice(-MAX_ALARM_CIRCLES);
      waiting.clear();
      for (const [id, options] of back) effects.add(ALARM_EFFECT, id, options);
    });
    // Every toast event type with a position, not only DEVICE_ALARM: the fields are read with their types checked.
    const stopAlarms = bus.subscribe(PUSH_TOPIC_ALL, ({ message, route }) => {
      const { alarmId, longitude, latitude } = message.data;
      if (route.action !== 'toast' || typeof alarmId !== 'number' || typeof longitude !== 'number' || typeof latitude !== 'number') return;
      const options = { position: { longitude, latitude, height: 10 }, ...ALARM_CIRCLE };
      if (replaying) return void waiting.set(`alarm-${alarmId}`, options);
      try {
        effects.add(ALARM_EFFECT, `alarm-${alarmId}`, options);
      } catch (error) {
        // A pushed alarm with an impossible position is not drawn; the toast still shows it.
        console.warn(t.alarmCircleFailed(alarmId, errorMessage(error)));
        return;
      }
      const circles = effects.ids().filter((id) => CIRCLE_ID.test(id));
      for (const old of circles.slice(0, Math.max(0, circles.length - MAX_ALARM_CIRCLES))) effects.remove(old);
    });
    return () => {
      stopReplay();
      stopAlarms();
    };
  },
  onEffectClick(effectId, { navigate }) {
    const alarmId = CIRCLE_ID.exec(effectId)?.[1];
    if (alarmId === undefined) return false;
    navigate(`/alarmManage/eventcenter?alarmId=${alarmId}`);
    return true;
  },
};
