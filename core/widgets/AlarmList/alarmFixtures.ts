import type { AlarmRow } from '../../../contracts/alarms';
import { STORY_NOW } from '../storyFrame';

const samples: [string, string, string, string, string][] = [
  ['smoke', '烟感报警', 'ALARM_GRADE_HIGH', '烟雾浓度超标', '江南大道烟感探测器-003'],
  ['crowd-gathering', '人群聚集', 'ALARM_GRADE_MEDIUM', '断桥区域人员密度超过阈值', '断桥摄像机-12'],
  ['manhole', '井盖异常', 'ALARM_GRADE_HIGH', '井盖被打开', '滨江路智能井盖-118'],
  ['trash-overflow', '垃圾满溢', 'ALARM_GRADE_LOW', '垃圾桶满溢率 96%', '苏堤智能垃圾桶-07'],
  ['water-level', '水位告警', 'ALARM_GRADE_MEDIUM', '水位超过警戒线 0.3 米', '西湖水位站-2'],
  ['device-offline', '设备离线', 'ALARM_GRADE_LOW', '设备超过 10 分钟无心跳', '之江路智慧路灯-221'],
];
const statuses: [string, string][] = [
  ['ALARM_STATUS_UNTREATED', '待处理'],
  ['ALARM_STATUS_PROCESSING', '处理中'],
  ['ALARM_STATUS_COMPLET', '待确认'],
  ['ALARM_STATUS_CONFIRMED', '已处理'],
];

/** Plausible alarm rows for stories and tests, newest first. */
export function fakeAlarms(count: number): AlarmRow[] {
  return Array.from({ length: count }, (_, index) => {
    const [alarmType, alarmTypeName, grade, alarmContent, deviceName] = samples[index % samples.length]!;
    const [status, statusName] = statuses[index % statuses.length]!;
    const createTime = STORY_NOW - index * 137_000;
    return {
      alarmId: 9_000 - index,
      alarmType,
      alarmTypeName,
      grade,
      status,
      statusName,
      deviceId: 100 + index,
      deviceName,
      longitude: 120.15,
      latitude: 30.25,
      alarmContent,
      alarmDesc: '',
      assigneeId: null,
      createTime,
      updateTime: createTime,
      targetPage: null,
    };
  });
}
