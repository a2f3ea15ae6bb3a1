/** 巡查与打卡 (cityPatrol, greenCheckIn, sanitationCheckIn, lawCityPatrol, lawGreenCheckIn, lawSanitationCheckIn): routes, check-ins, misses. */
import {
  PATROL_API,
  PATROL_KINDS,
  PATROL_NOTE_MAX_LENGTH,
  PATROL_TEAMS,
  type CheckIn,
  type MissedCheckpoint,
  type PatrolRoute,
  type PatrolStatistics,
} from '../patrols';
import { dataReply, defineRoute, fileReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, id, oneOf, paging, pathParams, plainId, range, text, time } from './schemas';

/** The six pages' menus: any of them reaches every patrol route of the tenant. */
const patrols = access.menu(
  'platform:cityManagement:cityPatrol',
  'platform:cityManagement:greenCheckIn',
  'platform:cityManagement:sanitationCheckIn',
  'platform:lawEnforcement:lawCityPatrol',
  'platform:lawEnforcement:lawGreenCheckIn',
  'platform:lawEnforcement:lawSanitationCheckIn',
);
const routeId = id('巡查路线编号（routeId）');
const checkInId = id('打卡记录编号（checkInId）');
const kind = oneOf('巡查类型（kind）', PATROL_KINDS);
const team = oneOf('班组（team）', PATROL_TEAMS);
/** Any instant of the Asia/Shanghai day asked for (today when absent). */
const day = time('日期（day）');
const checkInReply = dataReply<CheckIn>();

export const patrolRoutes = {
  /** The tenant's planned routes with each checkpoint's state on the day (the list and the map). */
  routes: defineRoute({
    method: 'GET',
    path: '/patrols/routes',
    query: fields({ ...paging(20, 100), kind, team, day }),
    reply: tableReply<PatrolRoute>(),
    access: patrols,
  }),
  /** One route with each checkpoint's state on the day (done, missed, due). */
  route: defineRoute({
    method: 'GET',
    path: '/patrols/routes/:routeId',
    params: pathParams({ routeId }),
    query: fields({ day }),
    reply: dataReply<PatrolRoute>(),
    access: patrols,
  }),
  checkIns: defineRoute({
    method: 'GET',
    path: '/patrols/checkIns',
    query: fields({ ...paging(20, 100), kind, team, day, routeId, memberId: id('巡查人员编号（memberId）') }),
    reply: tableReply<CheckIn>(),
    access: patrols,
  }),
  checkIn: defineRoute({
    method: 'GET',
    path: '/patrols/checkIns/:checkInId',
    params: pathParams({ checkInId }),
    reply: checkInReply,
    access: patrols,
  }),
  /** A member's check-in at a checkpoint of the route assigned to them, within its radius, once a day. */
  createCheckIn: defineRoute({
    method: 'POST',
    path: '/patrols/checkIns',
    body: fields(
      {
        checkpointId: id('打卡点编号（checkpointId）'),
        memberId: id('巡查人员编号（memberId）'),
        longitude: range('经度（longitude）', -180, 180),
        latitude: range('纬度（latitude）', -90, 90),
        note: text('打卡备注（note）', PATROL_NOTE_MAX_LENGTH),
      },
      {
        checkpointId: '请指定打卡点（checkpointId）',
        memberId: '请指定巡查人员（memberId）',
        longitude: '请填写经度（longitude）',
        latitude: '请填写纬度（latitude）',
      },
    ),
    bodyEncoding: 'json',
    reply: checkInReply,
    access: patrols,
  }),
  /** The check-in's photo as the body itself (image/jpeg or image/png, ≤ 2 MB; its bytes decide its type), once. */
  uploadPhoto: defineRoute({
    method: 'POST',
    path: PATROL_API.photo,
    params: pathParams({ checkInId }),
    reply: checkInReply,
    access: patrols,
  }),
  photo: defineRoute({
    method: 'GET',
    path: PATROL_API.photo,
    params: pathParams({ checkInId }),
    reply: fileReply(),
    access: patrols,
  }),
  /** Checkpoints missed (their window ended without a check-in), latest first; `alarmId` finds an alarm's. */
  missed: defineRoute({
    method: 'GET',
    path: '/patrols/missed',
    query: fields({ ...paging(20, 100), kind, team, day, alarmId: id('告警编号（alarmId）') }),
    reply: tableReply<MissedCheckpoint>(),
    access: patrols,
  }),
  /** The day's checkpoints done, missed and due, and check-ins, in total, by kind and by team (one kind's with `kind`). */
  statistics: defineRoute({
    method: 'GET',
    path: '/patrols/statistics',
    query: fields({ kind, day }),
    reply: dataReply<PatrolStatistics>(),
    access: patrols,
  }),
};

/** Registered only with SMS_DEV_ENDPOINT=1: the missed-checkpoint job runs now (end-to-end tests, demos). */
export const patrolDevRoutes = {
  /** As of `at` (a past instant; now when absent), of one checkpoint when given. */
  findMissed: defineRoute({
    method: 'POST',
    path: '/dev/patrols/missed',
    body: fields({ tenantId: plainId('租户编号无效'), at: time('检查时间（at）'), checkpointId: id('打卡点编号（checkpointId）') }),
    bodyEncoding: 'json',
    reply: dataReply<{ raised: number }>(),
    access: access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示'),
  }),
};
