import type { EmergencyEventDetail, EmergencyEventRow, EmergencyResources, EmergencyTaskRow, EmergencyTeamLoad } from '@ops/sdk';

/** Sample rows for the stories, shaped as the emergency routes answer them. */
const at = Date.UTC(2026, 10, 24, 6, 30, 0);

export const sampleEvent: EmergencyEventRow = {
  eventId: 12,
  kind: 'FIRE',
  kindName: '火情',
  title: '消防救援：江南大道烟感报警-003',
  description: '江南大道商铺起火，请求消防救援',
  level: 'HIGH',
  levelName: '重大',
  status: 'ACTIVE',
  statusName: '处置中',
  longitude: 120.2112,
  latitude: 30.2084,
  radius: 300,
  alarmId: 88,
  alarmIds: [88],
  createdBy: null,
  createdByName: '系统',
  createTime: at,
  closedBy: null,
  closedByName: null,
  closedAt: null,
  result: '',
  updateTime: at + 120_000,
  taskCounts: { PENDING: 0, ACCEPTED: 0, PROCESSING: 1, DONE: 1, CANCELLED: 0 },
};

const task = (taskId: number, title: string, teamName: string, status: EmergencyTaskRow['status'], statusName: string, percent: number, lastNote: string): EmergencyTaskRow => ({
  taskId,
  eventId: 12,
  eventTitle: sampleEvent.title,
  title,
  description: '',
  teamId: taskId,
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
  updateTime: at + 300_000,
  finishedAt: status === 'DONE' ? at + 600_000 : null,
});

export const sampleTasks: EmergencyTaskRow[] = [task(1, '灭火救援', '消防一队', 'PROCESSING', '处理中', 60, '两支水枪压制火势，火势已得到控制'), task(2, '警戒封控', '巡查二组', 'DONE', '已完成', 100, '')];

export const sampleDetail: EmergencyEventDetail = {
  ...sampleEvent,
  tasks: sampleTasks,
  alarms: [],
  history: [
    { id: 1, eventId: 12, taskId: null, taskTitle: null, teamName: null, time: at, action: 'open', actionName: '启动事件', fromStatus: null, toStatus: 'ACTIVE', percent: null, note: '告警 88 自动启动', userId: null, userName: '系统' },
    { id: 2, eventId: 12, taskId: 1, taskTitle: '灭火救援', teamName: '消防一队', time: at + 60_000, action: 'dispatch', actionName: '派发任务', fromStatus: null, toStatus: 'PENDING', percent: null, note: '', userId: 2, userName: '值班员张敏' },
    { id: 3, eventId: 12, taskId: 1, taskTitle: '灭火救援', teamName: '消防一队', time: at + 120_000, action: 'accept', actionName: '接收', fromStatus: 'PENDING', toStatus: 'ACCEPTED', percent: null, note: '', userId: null, userName: '消防一队' },
    { id: 4, eventId: 12, taskId: 1, taskTitle: '灭火救援', teamName: '消防一队', time: at + 300_000, action: 'progress', actionName: '上报进度', fromStatus: 'ACCEPTED', toStatus: 'PROCESSING', percent: 60, note: '两支水枪压制火势，火势已得到控制', userId: null, userName: '消防一队' },
  ],
};

export const closedDetail: EmergencyEventDetail = {
  ...sampleDetail,
  status: 'CLOSED',
  statusName: '已结束',
  closedBy: 2,
  closedByName: '值班员张敏',
  closedAt: at + 900_000,
  result: '明火已扑灭，无人员伤亡',
  tasks: sampleTasks.map((row) => ({ ...row, status: 'DONE', statusName: '已完成', percent: 100 })),
};

export const sampleTeams: EmergencyTeamLoad[] = [
  { teamId: 1, name: '消防一队', duty: '火情处置与消防设施检查', busy: true, tasks: [sampleTasks[0]!], openWorkOrders: 0 },
  { teamId: 2, name: '巡查二组', duty: '街面巡查与市政设施巡检', busy: false, tasks: [], openWorkOrders: 1 },
];

export const sampleResources: EmergencyResources = {
  center: { longitude: 120.2112, latitude: 30.2084, radius: 300 },
  hydrants: [
    { deviceId: 31, name: '江南大道智能消火栓-001', longitude: 120.2121, latitude: 30.2089, online: true, pressure: 0.52, low: false, valve: '关闭', distance: 104 },
    { deviceId: 32, name: '滨盛路智能消火栓-002', longitude: 120.2135, latitude: 30.2071, online: true, pressure: 0.12, low: true, valve: '关闭', distance: 262 },
  ],
  waterLevels: [{ deviceId: 41, name: '江南大道智能井盖-001', kind: 'smartManhole', longitude: 120.2101, latitude: 30.2095, online: true, waterLevel: 96.5, high: true, distance: 158 }],
  cameras: [
    { deviceId: 51, name: '江南大道高点消防摄像-001', kind: 'fireCamera', fire: true, longitude: 120.2118, latitude: 30.2092, online: true, distance: 106 },
    { deviceId: 52, name: '滨盛路摄像机-004', kind: 'camera', fire: false, longitude: 120.2102, latitude: 30.2079, online: true, distance: 112 },
    { deviceId: 53, name: '江南大道摄像机-002', kind: 'camera', fire: false, longitude: 120.2094, latitude: 30.2088, online: false, distance: 178 },
  ],
  shelters: [{ shelterId: 1, name: '滨江公园应急避难场所', capacity: 5000, address: '江南大道 1 号', longitude: 120.214, latitude: 30.21, distance: 490 }],
  routes: [{ routeId: 1, name: '江南大道疏散路线', fromName: '江南大道集合点', toName: '滨江公园应急避难场所', shelterId: 1, path: [[120.2112, 30.2084], [120.214, 30.21]], length: 1134, distance: 20 }],
};
