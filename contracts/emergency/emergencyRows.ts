/** What the emergency routes answer: events, tasks, their history and the dispatch figures. */
import type { AlarmRow } from '../alarms';
import type { EmergencyAction, EmergencyEventStatus, EmergencyKind, EmergencyLevel, EmergencyTaskStatus } from './emergencyKinds';

// ---- rows ------------------------------------------------------------------------------------------

/** An event as the list, the detail, every action and the push return it. */
export interface EmergencyEventRow {
  eventId: number;
  kind: EmergencyKind;
  kindName: string;
  title: string;
  description: string;
  level: EmergencyLevel;
  levelName: string;
  status: EmergencyEventStatus;
  statusName: string;
  longitude: number;
  latitude: number;
  /** Affected radius in metres. */
  radius: number;
  /** The alarm it was opened from (null when opened by hand). */
  alarmId: number | null;
  /** Every alarm linked to it: the source first, then alarms that joined it. */
  alarmIds: number[];
  createdBy: number | null;
  /** 系统 when opened automatically from an alarm. */
  createdByName: string;
  createTime: number;
  closedBy: number | null;
  closedByName: string | null;
  closedAt: number | null;
  /** The result summary given when closed ('' while active). */
  result: string;
  updateTime: number;
  /** Its tasks by status. */
  taskCounts: Record<EmergencyTaskStatus, number>;
}

/** A dispatched task (调度任务). */
export interface EmergencyTaskRow {
  taskId: number;
  eventId: number;
  eventTitle: string;
  title: string;
  description: string;
  teamId: number;
  teamName: string;
  status: EmergencyTaskStatus;
  statusName: string;
  /** 0..100; 100 once finished. */
  percent: number;
  /** The last progress note ('' before any). */
  lastNote: string;
  dueAt: number;
  /** Open and past its due time. */
  overdue: boolean;
  createdBy: number | null;
  createdByName: string;
  createTime: number;
  updateTime: number;
  finishedAt: number | null;
}

/** One line of an event's history (who, when, what); taskId null for event-level lines. */
export interface EmergencyHistoryEntry {
  id: number;
  eventId: number;
  taskId: number | null;
  taskTitle: string | null;
  /** The task's team when the line was written (the new team for 改派). */
  teamName: string | null;
  time: number;
  action: EmergencyAction;
  actionName: string;
  fromStatus: string | null;
  toStatus: string | null;
  percent: number | null;
  note: string;
  userId: number | null;
  /** 系统 for automatic changes; the team's name for the field-work simulator's. */
  userName: string;
}

/** GET /security/emergency/{id} (spec section 7): the event with its tasks, its history and its alarms. */
export interface EmergencyEventDetail extends EmergencyEventRow {
  /** Oldest first. */
  tasks: EmergencyTaskRow[];
  /** Oldest first, event- and task-level lines. */
  history: EmergencyHistoryEntry[];
  /** The linked alarms (contracts/alarms.ts), source first. */
  alarms: AlarmRow[];
}

/** A line of the tenant's live feed (GET /security/emergency/feed and every push). */
export interface EmergencyFeedEntry extends EmergencyHistoryEntry {
  eventTitle: string;
  eventKind: EmergencyKind;
}

/** GET /security/emergency/teams: each team of the tenant and what it is doing now (调度面板). */
export interface EmergencyTeamLoad {
  teamId: number;
  name: string;
  duty: string;
  /** Has an open task (待接收 / 已接收 / 处理中). */
  busy: boolean;
  /** Its open tasks, oldest first. */
  tasks: EmergencyTaskRow[];
  /** Work orders assigned to it and not finished (已派发 / 处理中). */
  openWorkOrders: number;
}

/** GET /security/emergency/stats. */
export interface EmergencyStats {
  activeEvents: number;
  closedEvents: number;
  /** Active events by kind. */
  activeByKind: Record<EmergencyKind, number>;
  /** Tasks of active events by status. */
  tasksByStatus: Record<EmergencyTaskStatus, number>;
  /** Teams with an open task / all teams. */
  busyTeams: number;
  teams: number;
}
