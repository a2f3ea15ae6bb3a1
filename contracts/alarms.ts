/** An alarm as `/devi/aep/alarm/lists` and `/alarm/detail/{id}` return it. */
export interface AlarmRow {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  status: string;
  statusName: string;
  deviceId: number | null;
  deviceName: string;
  longitude: number | null;
  latitude: number | null;
  alarmContent: string;
  alarmDesc: string;
  assigneeId: number | null;
  createTime: number;
  updateTime: number;
  /** The page that handles this alarm type (its plugin's targetPage), if any. */
  targetPage: { module: string; child?: string } | null;
}

export interface AlarmHistoryEntry {
  id: number;
  time: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string;
  userName: string;
}

export interface AlarmDetailData extends AlarmRow {
  history: AlarmHistoryEntry[];
}

/** The filters of `GET /devi/aep/alarm/lists` (besides `id`, the device). */
export interface AlarmQuery {
  pageNum: number;
  pageSize: number;
  alarmType?: string;
  grade?: string;
  status?: string;
  beginTime?: number;
  endTime?: number;
}

export interface AlarmStats {
  byStatus: Record<string, number>;
  byGrade: Record<string, number>;
  total: number;
}

export const ALARM_STATUSES = [
  'ALARM_STATUS_UNTREATED',
  'ALARM_STATUS_PROCESSING',
  'ALARM_STATUS_COMPLET',
  'ALARM_STATUS_CONFIRMED',
] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];
export const ALARM_GRADES = ['ALARM_GRADE_HIGH', 'ALARM_GRADE_MEDIUM', 'ALARM_GRADE_LOW'] as const;
