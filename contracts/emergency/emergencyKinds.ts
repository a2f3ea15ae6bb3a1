/** Emergency kinds, levels, statuses, the task state machine and each kind's plan (预案). */

export const EMERGENCY_KINDS = ['FIRE', 'FLOOD', 'STAMPEDE', 'HYDRANT', 'OTHER'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];
export const EMERGENCY_KIND_LABELS: Record<EmergencyKind, string> = {
  FIRE: '火情',
  FLOOD: '防汛',
  STAMPEDE: '人群踩踏',
  HYDRANT: '消防栓水压',
  OTHER: '其他',
};

/** The affected radius (metres) an event gets when none is given. */
export const EMERGENCY_DEFAULT_RADIUS: Record<EmergencyKind, number> = { FIRE: 300, FLOOD: 500, STAMPEDE: 200, HYDRANT: 150, OTHER: 200 };
/** Limits of the affected radius (metres). */
export const EMERGENCY_RADIUS_MIN = 10;
export const EMERGENCY_RADIUS_MAX = 10_000;

/** An event's level; from its alarm's grade (ALARM_GRADE_HIGH → HIGH …), MEDIUM by hand unless given. */
export const EMERGENCY_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type EmergencyLevel = (typeof EMERGENCY_LEVELS)[number];
export const EMERGENCY_LEVEL_LABELS: Record<EmergencyLevel, string> = { HIGH: '重大', MEDIUM: '较大', LOW: '一般' };
export const EMERGENCY_LEVEL_OF_GRADE: Readonly<Record<string, EmergencyLevel>> = {
  ALARM_GRADE_HIGH: 'HIGH',
  ALARM_GRADE_MEDIUM: 'MEDIUM',
  ALARM_GRADE_LOW: 'LOW',
};

export const EMERGENCY_EVENT_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type EmergencyEventStatus = (typeof EMERGENCY_EVENT_STATUSES)[number];
export const EMERGENCY_EVENT_STATUS_LABELS: Record<EmergencyEventStatus, string> = { ACTIVE: '处置中', CLOSED: '已结束' };

export const EMERGENCY_TASK_STATUSES = ['PENDING', 'ACCEPTED', 'PROCESSING', 'DONE', 'CANCELLED'] as const;
export type EmergencyTaskStatus = (typeof EMERGENCY_TASK_STATUSES)[number];
export const EMERGENCY_TASK_STATUS_LABELS: Record<EmergencyTaskStatus, string> = {
  PENDING: '待接收',
  ACCEPTED: '已接收',
  PROCESSING: '处理中',
  DONE: '已完成',
  CANCELLED: '已取消',
};
/** Tasks still to be done: a team with one of these is busy; an event with one cannot be closed. */
export const OPEN_EMERGENCY_TASK_STATUSES: readonly EmergencyTaskStatus[] = ['PENDING', 'ACCEPTED', 'PROCESSING'];

export const EMERGENCY_TASK_ACTIONS = ['accept', 'progress', 'finish', 'cancel', 'reassign'] as const;
export type EmergencyTaskAction = (typeof EMERGENCY_TASK_ACTIONS)[number];
/** From which statuses each task action may be taken and the status it leads to. */
export const EMERGENCY_TASK_TRANSITIONS: Record<EmergencyTaskAction, { from: readonly EmergencyTaskStatus[]; to: EmergencyTaskStatus }> = {
  accept: { from: ['PENDING'], to: 'ACCEPTED' },
  // The first progress report of an accepted task starts it (处理中).
  progress: { from: ['ACCEPTED', 'PROCESSING'], to: 'PROCESSING' },
  finish: { from: ['PROCESSING'], to: 'DONE' },
  cancel: { from: ['PENDING', 'ACCEPTED'], to: 'CANCELLED' },
  // Another team must accept it again.
  reassign: { from: ['PENDING', 'ACCEPTED'], to: 'PENDING' },
};

/** Every action recorded in an event's history (event-level and task-level). */
export const EMERGENCY_ACTIONS = ['open', 'join', 'close', 'dispatch', ...EMERGENCY_TASK_ACTIONS] as const;
export type EmergencyAction = (typeof EMERGENCY_ACTIONS)[number];
export const EMERGENCY_ACTION_LABELS: Record<EmergencyAction, string> = {
  open: '启动事件',
  join: '关联告警',
  close: '结束事件',
  dispatch: '派发任务',
  accept: '接收',
  progress: '上报进度',
  finish: '完成',
  cancel: '取消',
  reassign: '改派',
};

// ---- plans (预案) --------------------------------------------------------------------------------

export interface EmergencyPlanTask {
  title: string;
  description: string;
  /** A word of the team's name or duty this task suits (the UI preselects the first matching team). */
  teamHint: string;
  /** Minutes from dispatch to its due time. */
  dueMinutes: number;
}

/** The plan of each kind: the tasks an event is offered one click each (按预案派发). */
export const EMERGENCY_PLANS: Record<EmergencyKind, readonly EmergencyPlanTask[]> = {
  FIRE: [
    { title: '灭火救援', description: '出动消防力量，利用就近消火栓扑灭火情，防止蔓延', teamHint: '消防', dueMinutes: 30 },
    { title: '人员疏散', description: '按疏散路线将周边人员转移至避难场所，清点人数', teamHint: '巡', dueMinutes: 20 },
    { title: '警戒封控', description: '在影响范围外设置警戒线，禁止无关人员和车辆进入', teamHint: '巡', dueMinutes: 15 },
    { title: '医疗救护', description: '在安全区域设置救护点，处置伤员并联系医院转运', teamHint: '救', dueMinutes: 30 },
  ],
  FLOOD: [
    { title: '排涝抢险', description: '调集抽水设备排除积水，疏通排水管网与井口', teamHint: '抢修', dueMinutes: 60 },
    { title: '转移群众', description: '将低洼地带群众转移至避难场所，做好安置', teamHint: '救', dueMinutes: 45 },
    { title: '道路封闭', description: '对积水路段设置围挡和警示，引导车辆绕行', teamHint: '巡', dueMinutes: 20 },
  ],
  STAMPEDE: [
    { title: '疏导分流', description: '在拥挤区域设置单向通道，分批放行，疏导人流', teamHint: '巡', dueMinutes: 15 },
    { title: '医疗救护', description: '就近设置救护点，处置摔倒受伤人员', teamHint: '救', dueMinutes: 20 },
    { title: '广播引导', description: '通过广播和信息屏发布疏导信息，安抚游客情绪', teamHint: '运维', dueMinutes: 10 },
  ],
  HYDRANT: [
    { title: '检修消防栓', description: '现场检查消火栓水压与阀门，排除故障并复测', teamHint: '消防', dueMinutes: 120 },
    { title: '管网排查', description: '排查供水管网是否泄漏或阀门关闭，联系供水单位', teamHint: '抢修', dueMinutes: 180 },
  ],
  OTHER: [
    { title: '现场核实', description: '赶赴现场核实情况并回报指挥中心', teamHint: '巡', dueMinutes: 30 },
    { title: '现场处置', description: '按指挥中心要求开展现场处置', teamHint: '救', dueMinutes: 60 },
  ],
};
