/**
 * 态势回放 (issue 23): the tenant's situation at a past time T, read from stored history only, and the
 * marks of the timeline (alarms raised and closed, devices going on- and offline) in a window of the past day.
 */

/** How far back the replay reaches: the past 24 hours. */
export const SITUATION_WINDOW_MS = 24 * 3_600_000;
/** A browser's clock may differ from the server's a little: times this far outside the window are still accepted. */
export const SITUATION_CLOCK_TOLERANCE_MS = 5 * 60_000;
/** Alarms one situation lists at most (the newest raised first). */
export const SITUATION_MAX_ALARMS = 500;
/** Timeline marks of each kind one window lists at most (the earliest first); `capped` says when more were left out. */
export const SITUATION_MAX_EVENTS_PER_KIND = 1_000;
/** An alarm is closed once its history records this status (已处理); before that it is open. */
export const ALARM_CLOSED_STATUS = 'ALARM_STATUS_CONFIRMED';

/** An alarm open at T: raised at or before T and not closed by then. */
export interface SituationAlarm {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  deviceId: number | null;
  deviceName: string;
  longitude: number | null;
  latitude: number | null;
  content: string;
  raisedAt: number;
  /** When it was closed (after T), or null while it is still open now. */
  closedAt: number | null;
}

/** A device offline at T: its last recorded status change at or before T took it offline. */
export interface SituationDevice {
  deviceId: number;
  deviceName: string;
  kind: string;
  longitude: number;
  latitude: number;
  offlineSince: number;
}

/** A person (field member) or a UAV where it was at T (its newest fix at or before T, within the tracks' horizon). */
export interface SituationSubject {
  kind: 'person' | 'uav';
  id: number;
  name: string;
  longitude: number;
  latitude: number;
  altitude: number | null;
  heading: number | null;
  /** When the fix was taken. */
  at: number;
}

/** Something another feature adds to the situation through a `SituationSource` (cases open at T …), drawn as a circle. */
export interface SituationMark {
  /** The source's name, e.g. `cases`. */
  source: string;
  id: string;
  label: string;
  longitude: number;
  latitude: number;
  since: number;
}

/** `GET /situation/at?at=T`. */
export interface Situation {
  at: number;
  alarms: SituationAlarm[];
  /** True when more alarms were open than `SITUATION_MAX_ALARMS` (the newest are listed). */
  alarmsCapped: boolean;
  offlineDevices: SituationDevice[];
  subjects: SituationSubject[];
  marks: SituationMark[];
}

/** The kinds of the timeline's marks; a `SituationSource` may add its own (e.g. `caseOpened`). */
export type SituationEventKind = 'alarmRaised' | 'alarmClosed' | 'deviceOffline' | 'deviceOnline' | (string & {});

/** One mark of the timeline. */
export interface SituationEvent {
  at: number;
  kind: SituationEventKind;
  label: string;
  alarmId?: number;
  deviceId?: number;
}

/** `GET /situation/events?from&to`: the window's marks, oldest first. */
export interface SituationEvents {
  from: number;
  to: number;
  events: SituationEvent[];
  /** True when some kind had more marks than `SITUATION_MAX_EVENTS_PER_KIND` in the window (the earliest are listed). */
  capped: boolean;
}
