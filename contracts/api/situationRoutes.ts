/** 态势回放 (every map page): the situation at a past time and the timeline's marks, from stored history only. */
import moduleTree from '../../registry/modules.json' with { type: 'json' };
import type { AlarmRow } from '../alarms';
import type { Situation, SituationEvents } from '../situation';
import { dataReply, defineRoute } from './defineRoute';
import { access } from './routeAccess';
import { fields, integerRange, patterned, plainId, text, time } from './schemas';

/** The menus of every page over the globe (a module or child marked `showsMap`): the replay is on each of them. */
export const MAP_PAGE_PERMS: readonly string[] = moduleTree.modules.flatMap((module) => [
  ...(module.showsMap ? [module.perms] : []),
  ...module.children.flatMap((child) => ('showsMap' in child && child.showsMap ? [child.perms] : [])),
]);

const mapPages = access.menu(...MAP_PAGE_PERMS);

export const situationRoutes = {
  /** The tenant's situation at `at` (within the past 24 hours): open alarms, offline devices, people and UAVs, and what sources add. */
  at: defineRoute({
    method: 'GET',
    path: '/situation/at',
    query: fields({ at: time('回放时间（at）') }, { at: '请指定回放时间（at）' }),
    reply: dataReply<Situation>(),
    access: mapPages,
  }),
  /** The timeline's marks from `from` to `to` (both within the past 24 hours), oldest first and capped per kind. */
  events: defineRoute({
    method: 'GET',
    path: '/situation/events',
    query: fields(
      { from: time('开始时间（from）'), to: time('结束时间（to）') },
      { from: '请指定开始时间（from）', to: '请指定结束时间（to）' },
    ),
    reply: dataReply<SituationEvents>(),
    access: mapPages,
  }),
};

/** Test and demo only (SMS_DEV_ENDPOINT=1): an alarm raised in the past, through the alarm service on a clock set back. */
export const situationDevRoutes = {
  pastAlarm: defineRoute({
    method: 'POST',
    path: '/dev/situation/pastAlarm',
    body: fields(
      {
        tenantId: plainId('租户编号无效'),
        alarmType: patterned('告警类型格式不正确', '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
        deviceId: plainId('设备编号必须是正整数'),
        minutesAgo: integerRange('告警时间（minutesAgo）', 1, 24 * 60, ' 分钟前'),
        content: text('告警内容（content）', 200),
      },
      { alarmType: '请指定告警类型', minutesAgo: '请指定告警时间（minutesAgo）' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<AlarmRow>(),
    access: access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示'),
  }),
};
