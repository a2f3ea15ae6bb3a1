import type { EmergencyEventDetail, EmergencyEventRow, EmergencyFeedEntry, EmergencyTaskRow, EmergencyTeamLoad } from '@ops/sdk';

/** Sample rows for the stories: one fire in 滨江 with two tasks under way. */
const at = Date.UTC(2026, 10, 22, 8, 30, 0);
const counts = (pending = 0, accepted = 0, processing = 0, done = 0, cancelled = 0) => ({ PENDING: pending, ACCEPTED: accepted, PROCESSING: processing, DONE: done, CANCELLED: cancelled });

export const sampleEvent: EmergencyEventRow = {
  eventId: 7,
  kind: 'FIRE',
  kindName: '火情',
  title: '消防救援：滨盛路商铺烟感-003',
  description: '二楼商铺冒出浓烟，疑似电气起火',
  level: 'HIGH',
  levelName: '重大',
  status: 'ACTIVE',
  statusName: '处置中',
  longitude: 120.2025,
  latitude: 30.2072,
  radius: 300,
  alarmId: 41,
  alarmIds: [41],
  createdBy: null,
  createdByName: '系统',
  createTime: at,
  closedBy: null,
  closedByName: null,
  closedAt: null,
  result: '',
  updateTime: at,
  taskCounts: counts(1, 0, 1),
};

export const sampleEvents: EmergencyEventRow[] = [
  sampleEvent,
  { ...sampleEvent, eventId: 6, kind: 'FLOOD', kindName: '防汛', title: '江南大道下穿通道积水', level: 'MEDIUM', levelName: '较大', alarmId: null, alarmIds: [], createdByName: '值班员张敏', createTime: at - 3_600_000, taskCounts: counts(0, 1, 0, 1) },
  { ...sampleEvent, eventId: 5, kind: 'STAMPEDE', kindName: '人群踩踏', title: '奥体中心东广场人流拥挤', level: 'LOW', levelName: '一般', status: 'CLOSED', statusName: '已结束', createTime: at - 86_400_000, taskCounts: counts(0, 0, 0, 3) },
];

const task = (taskId: number, title: string, teamId: number, teamName: string, status: EmergencyTaskRow['status'], statusName: string, percent: number, lastNote = ''): EmergencyTaskRow => ({
  taskId,
  eventId: 7,
  eventTitle: sampleEvent.title,
  title,
  description: '',
  teamId,
  teamName,
  status,
  statusName,
  percent,
  lastNote,
  dueAt: at + 30 * 60_000,
  overdue: false,
  createdBy: 2,
  createdByName: '值班员张敏',
  createTime: at + 60_000,
  updateTime: at + 120_000,
  finishedAt: null,
});

export const sampleTasks: EmergencyTaskRow[] = [
  task(11, '灭火救援', 1, '消防一队', 'PROCESSING', '处理中', 60, '明火已基本控制，正在清理余火'),
  task(12, '人员疏散', 2, '巡查二组', 'PENDING', '待接收', 0),
  { ...task(13, '警戒封控', 2, '巡查二组', 'CANCELLED', '已取消', 0), lastNote: '' },
];

export const sampleDetail: EmergencyEventDetail = {
  ...sampleEvent,
  tasks: sampleTasks,
  alarms: [],
  history: [
    { id: 1, eventId: 7, taskId: null, taskTitle: null, teamName: null, time: at, action: 'open', actionName: '启动事件', fromStatus: null, toStatus: 'ACTIVE', percent: null, note: '告警 41 自动启动：火情，重大，影响半径 300 米', userId: null, userName: '系统' },
    { id: 2, eventId: 7, taskId: 11, taskTitle: '灭火救援', teamName: '消防一队', time: at + 60_000, action: 'dispatch', actionName: '派发任务', fromStatus: null, toStatus: 'PENDING', percent: 0, note: '派发给 消防一队', userId: 2, userName: '值班员张敏' },
    { id: 3, eventId: 7, taskId: 11, taskTitle: '灭火救援', teamName: '消防一队', time: at + 90_000, action: 'accept', actionName: '接收', fromStatus: 'PENDING', toStatus: 'ACCEPTED', percent: null, note: '消防一队已接收任务，正在集结出发', userId: null, userName: '消防一队' },
    { id: 4, eventId: 7, taskId: 11, taskTitle: '灭火救援', teamName: '消防一队', time: at + 120_000, action: 'progress', actionName: '上报进度', fromStatus: 'PROCESSING', toStatus: 'PROCESSING', percent: 60, note: '明火已基本控制，正在清理余火', userId: null, userName: '消防一队' },
  ],
};

export const sampleTeams: EmergencyTeamLoad[] = [
  { teamId: 1, name: '消防一队', duty: '火情处置与消防设施检查', busy: true, tasks: [sampleTasks[0]!], openWorkOrders: 1 },
  { teamId: 2, name: '巡查二组', duty: '街面巡查与市政设施巡检', busy: true, tasks: [sampleTasks[1]!], openWorkOrders: 0 },
  { teamId: 3, name: '运维班', duty: '路灯、摄像机与物联设备维修', busy: false, tasks: [], openWorkOrders: 2 },
  { teamId: 4, name: '市政抢修队', duty: '管网、道路与积水抢修', busy: false, tasks: [], openWorkOrders: 0 },
];

export const sampleFeed: EmergencyFeedEntry[] = [...sampleDetail.history].reverse().map((entry) => ({ ...entry, eventTitle: sampleEvent.title, eventKind: 'FIRE' }));
