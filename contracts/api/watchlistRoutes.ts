/** 人脸布防 and 车辆布防 (monitoringCenter/faceDefense, carDefense): deployments, their hits and people's photos. */
import { Array as ArrayOf, Integer, Object as ObjectOf, String as StringType } from 'typebox/type';
import { ALARM_GRADES } from '../alarms';
import type { RecognitionCamera } from '../recognition';
import {
  PLATE_PATTERN_MAX_LENGTH,
  WATCHLIST_ACTIONS,
  WATCHLIST_API,
  WATCHLIST_EVENT_TYPES,
  WATCHLIST_KINDS,
  WATCHLIST_MAX_AREAS,
  WATCHLIST_MAX_CAMERAS,
  WATCHLIST_MAX_INTERVAL_MINUTES,
  WATCHLIST_MAX_TARGETS,
  WATCHLIST_STATUSES,
  type WatchlistCoverage,
  type WatchlistDeployment,
  type WatchlistHit,
} from '../watchlists';
import { dataReply, defineRoute, fileReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, id, integerRange, MAX_ID, oneOf, paging, pathParams, text, time } from './schemas';

const defense = access.menu('platform:monitoringCenter:carDefense', 'platform:monitoringCenter:faceDefense');
const deploymentId = id('布防编号（deploymentId）');
const deploymentReply = dataReply<WatchlistDeployment>();

// One message each (like idList): a bad item and a bad list are told alike, naming the field and its shape.
const plates = ArrayOf(StringType({ minLength: 1, maxLength: PLATE_PATTERN_MAX_LENGTH + 4 }), {
  maxItems: WATCHLIST_MAX_TARGETS,
  errorMessage: `车牌（plates）必须是最多 ${WATCHLIST_MAX_TARGETS} 个车牌或车牌规则的列表，每项 1 到 ${PLATE_PATTERN_MAX_LENGTH} 个字符`,
});
const people = ArrayOf(
  ObjectOf(
    { name: StringType({ minLength: 1, maxLength: 32 }), photoId: id('人员照片（people.photoId）') },
    { required: ['name', 'photoId'] },
  ),
  {
    maxItems: WATCHLIST_MAX_TARGETS,
    errorMessage: `人员（people）必须是最多 ${WATCHLIST_MAX_TARGETS} 人的列表，每人有姓名（name，1 到 32 个字符）和照片（photoId）`,
  },
);
// Not required by the schema (a form body cannot send an empty list): the service asks for cameras or areas.
const deviceIds = ArrayOf(Integer({ minimum: 1, maximum: MAX_ID }), {
  maxItems: WATCHLIST_MAX_CAMERAS,
  errorMessage: `摄像机（deviceIds）必须是最多 ${WATCHLIST_MAX_CAMERAS} 个设备编号的列表`,
});
// Names of the tenant's areas (GET /watchlist/areas); the service refuses a name that is not one of them.
const areas = ArrayOf(StringType({ minLength: 1, maxLength: 40 }), {
  maxItems: WATCHLIST_MAX_AREAS,
  errorMessage: `区域（areas）必须是最多 ${WATCHLIST_MAX_AREAS} 个区域名称的列表`,
});

export const watchlistRoutes = {
  list: defineRoute({
    method: 'GET',
    path: WATCHLIST_API.list,
    query: fields({
      ...paging(20, 100),
      kind: oneOf('布防类别（kind）', WATCHLIST_KINDS),
      status: oneOf('布防状态（status）', WATCHLIST_STATUSES),
    }),
    reply: tableReply<WatchlistDeployment>(),
    access: defense,
  }),
  detail: defineRoute({
    method: 'GET',
    path: WATCHLIST_API.detail,
    params: pathParams({ deploymentId }),
    reply: deploymentReply,
    access: defense,
  }),
  /**
   * A deployment: plates and patterns for a vehicle one, people (name + an uploaded photo) for a face one;
   * on cameras, areas or both (at least one of them).
   */
  create: defineRoute({
    method: 'POST',
    path: WATCHLIST_API.create,
    body: fields(
      {
        kind: oneOf('布防类别（kind）', WATCHLIST_KINDS),
        name: text('布防名称（name）', 40, true),
        eventType: oneOf('布防类型（eventType）', WATCHLIST_EVENT_TYPES),
        grade: oneOf('告警等级（grade）', ALARM_GRADES),
        deviceIds,
        areas,
        validFrom: time('生效时间（validFrom）'),
        validUntil: time('失效时间（validUntil）'),
        intervalMinutes: integerRange('告警间隔（intervalMinutes）', 1, WATCHLIST_MAX_INTERVAL_MINUTES, ' 分钟'),
        plates,
        people,
      },
      {
        kind: '请指定布防类别（kind）',
        name: '请填写布防名称（name）',
        eventType: '请指定布防类型（eventType）',
        validFrom: '请指定生效时间（validFrom）',
        validUntil: '请指定失效时间（validUntil）',
      },
    ),
    bodyEncoding: 'json',
    reply: deploymentReply,
    access: defense,
  }),
  /** 暂停, 恢复, 撤防: an illegal move is refused (409) and changes nothing. */
  act: defineRoute({
    method: 'POST',
    path: WATCHLIST_API.action,
    params: pathParams({ deploymentId, action: oneOf('操作（action）', WATCHLIST_ACTIONS) }),
    reply: deploymentReply,
    access: defense,
  }),
  hits: defineRoute({
    method: 'GET',
    path: WATCHLIST_API.hits,
    query: fields({
      ...paging(20, 100),
      kind: oneOf('布防类别（kind）', WATCHLIST_KINDS),
      deploymentId,
      alarmId: id('告警编号（alarmId）'),
    }),
    reply: tableReply<WatchlistHit>(),
    access: defense,
  }),
  /** The tenant's recognition cameras a deployment may name. */
  cameras: defineRoute({ method: 'GET', path: WATCHLIST_API.cameras, reply: dataReply<RecognitionCamera[]>(), access: defense }),
  /** The tenant's areas (named places) with how many recognition cameras each covers now, and each camera's area: what the form offers. */
  areas: defineRoute({ method: 'GET', path: WATCHLIST_API.areas, reply: dataReply<WatchlistCoverage>(), access: defense }),
  /** A person's photo as the body itself (image/jpeg or image/png, ≤ 2 MB; its bytes decide its type), sent through ApiFiles. */
  uploadPhoto: defineRoute({
    method: 'POST',
    path: WATCHLIST_API.photo,
    reply: dataReply<{ photoId: number }>(),
    access: defense,
  }),
  photoFile: defineRoute({
    method: 'GET',
    path: WATCHLIST_API.photoFile,
    params: pathParams({ photoId: id('照片编号（photoId）') }),
    reply: fileReply(),
    access: defense,
  }),
  /** The snapshot of a record that is one of the tenant's hits (PNG), while it is kept. */
  snapshot: defineRoute({
    method: 'GET',
    path: WATCHLIST_API.snapshot,
    params: pathParams({ recordId: id('记录编号（recordId）') }),
    reply: fileReply(),
    access: defense,
  }),
};

/** Registered only with SMS_DEV_ENDPOINT=1: the simulator passes a deployment's target on one of its cameras now (end-to-end tests, demos). */
export const watchlistDevRoutes = {
  pass: defineRoute({
    method: 'POST',
    path: WATCHLIST_API.dev,
    body: fields(
      { tenantId: id('租户编号（tenantId）'), deploymentId, targetId: id('布防目标（targetId）') },
      { deploymentId: '请指定布防编号（deploymentId）' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<{ deviceId: number; at: number; plate: string | null }>(),
    access: access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示'),
  }),
};
