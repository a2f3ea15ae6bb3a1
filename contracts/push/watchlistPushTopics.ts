import { WATCHLIST_STATUSES, type WatchlistAlarmPushed, type WatchlistChanged, type WatchlistEventType } from '../watchlists';
import { definePushTopic, type PushTopic } from './PushTopic';
import { enumOf, integer, object, text } from './pushSchema';

const schema = object({
  alarmId: integer(),
  alarmType: text(),
  alarmTypeName: text(),
  grade: text(),
  alarmContent: text(),
  deviceId: integer(),
  deviceName: text(),
  createTime: integer(),
  deploymentId: integer(),
  deploymentName: text(),
  hitId: integer(),
  recordId: integer(),
  label: text(),
  snapshotUrl: text(),
});

const topic = (eventType: WatchlistEventType) => definePushTopic<WatchlistAlarmPushed>({ eventType, schema });

/**
 * The spec's events of a watchlist hit's alarm (CAR_DEFENSE, VIP_CAR_DEFENSE, ORDINARY_CAR_DEFENSE,
 * BLACK_FACE_DEFENSE, ORDINARY_DEFENSE), one typed topic each, all of one payload: the alarm as a toast
 * reads it, the deployment, the hit, its record and the record's snapshot.
 */
export const watchlistPushTopics: Readonly<Record<WatchlistEventType, PushTopic<WatchlistAlarmPushed>>> = {
  CAR_DEFENSE: topic('CAR_DEFENSE'),
  VIP_CAR_DEFENSE: topic('VIP_CAR_DEFENSE'),
  ORDINARY_CAR_DEFENSE: topic('ORDINARY_CAR_DEFENSE'),
  BLACK_FACE_DEFENSE: topic('BLACK_FACE_DEFENSE'),
  ORDINARY_DEFENSE: topic('ORDINARY_DEFENSE'),
};

/** WATCHLIST_CHANGED: a deployment was created, paused, resumed or ended (the watchlist pages refresh on it). */
export const watchlistChangedPushTopic = definePushTopic<WatchlistChanged>({
  eventType: 'WATCHLIST_CHANGED',
  schema: object({ deploymentId: integer(), status: enumOf(WATCHLIST_STATUSES), time: integer() }),
});
