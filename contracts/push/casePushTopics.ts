import { CASE_ACTIONS, CASE_KINDS, CASE_STATUSES, type CaseAlarmPushed, type CaseChanged, type CaseCityEventType } from '../cases';
import { definePushTopic, type PushTopic } from './PushTopic';
import { enumOf, integer, number, object, text } from './pushSchema';

/** CASE_CHANGED: a committed change of a case (registered, moved, evidence added); the case pages refresh on it. */
export const caseChangedPushTopic = definePushTopic<CaseChanged>({
  eventType: 'CASE_CHANGED',
  schema: object({
    caseId: integer(),
    caseNo: text(),
    kind: enumOf(CASE_KINDS),
    status: enumOf(CASE_STATUSES),
    action: enumOf([...CASE_ACTIONS, 'register', 'evidence']),
    time: integer(),
  }),
});

const cityEventSchema = object({
  alarmId: integer(),
  alarmType: text(),
  alarmTypeName: text(),
  grade: text(),
  alarmContent: text(),
  createTime: integer(),
  caseId: integer(),
  caseNo: text(),
  kind: enumOf(CASE_KINDS),
  longitude: number(),
  latitude: number(),
});

const cityEvent = (eventType: CaseCityEventType) => definePushTopic<CaseAlarmPushed>({ eventType, schema: cityEventSchema });

/**
 * The city events of a new case (COMPLAINT_SUGGESTION_EVENT, PARKING_EVENT, OTHER_EVENT), one typed topic
 * each, all of one payload: the alarm the case raised as a toast reads it, and the case (the toast opens
 * the case page with `?alarmId=`, registry/pushEvents.json names the page).
 */
export const caseCityEventPushTopics: Readonly<Record<CaseCityEventType, PushTopic<CaseAlarmPushed>>> = {
  COMPLAINT_SUGGESTION_EVENT: cityEvent('COMPLAINT_SUGGESTION_EVENT'),
  PARKING_EVENT: cityEvent('PARKING_EVENT'),
  OTHER_EVENT: cityEvent('OTHER_EVENT'),
};
