import { PUSH_TOPIC_ALL, type MapLayer, type RoutedPush } from '@ops/sdk';
import { eventCenterStrings as t } from './eventCenterStrings';

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
    return bus.subscribe(PUSH_TOPIC_ALL, (payload) => {
      const { message, route } = payload as RoutedPush;
      const data = message.data as { alarmId?: unknown; longitude?: unknown; latitude?: unknown };
      if (
        route.action !== 'toast' ||
        typeof data.alarmId !== 'number' ||
        typeof data.longitude !== 'number' ||
        typeof data.latitude !== 'number'
      )
        return;
      try {
        effects.add(ALARM_EFFECT, `alarm-${data.alarmId}`, {
          position: { longitude: data.longitude, latitude: data.latitude, height: 10 },
          ...ALARM_CIRCLE,
        });
      } catch (error) {
        // A pushed alarm with an impossible position is not drawn; the toast still shows it.
        console.warn(t.alarmCircleFailed(data.alarmId, error instanceof Error ? error.message : String(error)));
        return;
      }
      const circles = effects.ids().filter((id) => CIRCLE_ID.test(id));
      for (const old of circles.slice(0, Math.max(0, circles.length - MAX_ALARM_CIRCLES))) effects.remove(old);
    });
  },
  onEffectClick(effectId, { navigate }) {
    const alarmId = CIRCLE_ID.exec(effectId)?.[1];
    if (alarmId === undefined) return false;
    navigate(`/alarmManage/eventcenter?alarmId=${alarmId}`);
    return true;
  },
};
