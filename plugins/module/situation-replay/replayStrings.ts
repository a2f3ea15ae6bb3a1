const pad = (value: number) => String(value).padStart(2, '0');
/** Shanghai wall-clock time of an instant (the tenants' time zone), whatever the browser's zone. */
const shanghai = (at: number) => new Date(at + 8 * 3_600_000);
export const clockOf = (at: number) => {
  const time = shanghai(at);
  return `${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}`;
};
export const dayTimeOf = (at: number) => {
  const time = shanghai(at);
  return `${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())} ${clockOf(at)}`;
};
export const hourOf = (at: number) => `${pad(shanghai(at).getUTCHours())}:00`;

/** Every user-facing text of 态势回放 and the camera cones. */
export const replayStrings = {
  open: '态势回放',
  bar: '态势回放时间轴',
  close: '返回实时',
  play: '播放',
  pause: '暂停',
  previousAlarm: '上一告警',
  nextAlarm: '跳到告警',
  noAlarmAfter: '之后没有告警',
  noAlarmBefore: '之前没有告警',
  speed: '回放倍速',
  speedLabel: (speed: number) => `${speed}×`,
  cursor: '回放时刻',
  replaying: (at: number) => `回放中 ${dayTimeOf(at)}`,
  livePaused: '实时图层已暂停',
  loadingEvents: '正在读取时间轴…',
  eventsFailed: (message: string) => `时间轴读取失败：${message}`,
  situationFailed: (message: string) => `态势读取失败：${message}`,
  retry: '重试',
  loading: '读取中…',
  noSituation: '服务器没有返回态势',
  eventsCapped: '刻度过多，仅显示每类最早的部分',
  summary: (alarms: number, offline: number, subjects: number, marks: number) =>
    `告警 ${alarms} · 离线设备 ${offline} · 人员与无人机 ${subjects}${marks ? ` · 案件 ${marks}` : ''}`,
  ticks: '事件刻度',
  tick: (kind: string, at: number, label: string) => `${clockOf(at)} ${eventKindName(kind)}：${label}`,
  legendAlarm: '告警',
  legendDevice: '设备上下线',
  effectFailed: (id: string, message: string) => `回放效果 ${id} 未能绘制：${message}`,
  coneFailed: (message: string) => `摄像机视锥未能绘制：${message}`,
};

export function eventKindName(kind: string): string {
  switch (kind) {
    case 'alarmRaised':
      return '告警产生';
    case 'alarmClosed':
      return '告警处理完成';
    case 'deviceOffline':
      return '设备离线';
    case 'deviceOnline':
      return '设备上线';
    default:
      return '事件';
  }
}
