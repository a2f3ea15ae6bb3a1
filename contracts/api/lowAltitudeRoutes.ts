/** 低空管理 (lowAltitude/lowUav, lowUav2): UAV flights and their lifecycle, geofences (no-fly areas). */
import { Array as ArrayOf, Number as NumberType } from 'typebox/type';
import {
  FLIGHT_ACTIONS,
  FLIGHT_MAX_WAYPOINTS,
  FLIGHT_STATUSES,
  FLIGHT_TASK_KINDS,
  GEOFENCE_ACTIONS,
  GEOFENCE_MAX_CORNERS,
  type FenceCrossings,
  type FenceStay,
  type Flight,
  type FlightReplay,
  type Geofence,
  type RoutePreset,
  type UavDevice,
  type UavLiveFlight,
} from '../lowAltitude';
import type { StatGroupData } from '../panels';
import { dataReply, defineRoute, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, id, oneOf, paging, pathParams, range, text, time } from './schemas';

const lowAltitude = access.menu('platform:lowAltitude:lowUav', 'platform:lowAltitude:lowUav2');
const flightId = id('飞行任务编号（flightId）');
const fenceId = id('电子围栏编号（fenceId）');
const flightReply = dataReply<Flight>();
const fenceReply = dataReply<Geofence>();

// One message for each list (like watchlists' plates): its shape is told whole. The service checks what a schema cannot.
const route = ArrayOf(ArrayOf(NumberType(), { minItems: 3, maxItems: 3 }), {
  minItems: 2,
  maxItems: FLIGHT_MAX_WAYPOINTS,
  errorMessage: `航线（route）必须是 2 到 ${FLIGHT_MAX_WAYPOINTS} 个航点的列表，每个航点为 [经度, 纬度, 高度]`,
});
const polygon = ArrayOf(ArrayOf(NumberType(), { minItems: 2, maxItems: 2 }), {
  minItems: 3,
  maxItems: GEOFENCE_MAX_CORNERS,
  errorMessage: `电子围栏（polygon）必须是 3 到 ${GEOFENCE_MAX_CORNERS} 个顶点的列表，每个顶点为 [经度, 纬度]`,
});

export const lowAltitudeRoutes = {
  flights: defineRoute({
    method: 'GET',
    path: '/lowAltitude/flights',
    query: fields({
      ...paging(20, 100),
      status: oneOf('飞行状态（status）', FLIGHT_STATUSES),
      deviceId: id('无人机编号（deviceId）'),
    }),
    reply: tableReply<Flight>(),
    access: lowAltitude,
  }),
  flight: defineRoute({
    method: 'GET',
    path: '/lowAltitude/flights/:flightId',
    params: pathParams({ flightId }),
    reply: flightReply,
    access: lowAltitude,
  }),
  /** A planned flight of one of the tenant's UAVs: its task and route. */
  planFlight: defineRoute({
    method: 'POST',
    path: '/lowAltitude/flights',
    body: fields(
      { deviceId: id('无人机编号（deviceId）'), taskKind: oneOf('任务类型（taskKind）', FLIGHT_TASK_KINDS), route },
      // The route is not required by the schema (a form body cannot send a list): the service asks for it.
      { deviceId: '请指定无人机（deviceId）', taskKind: '请指定任务类型（taskKind）' },
    ),
    bodyEncoding: 'json',
    reply: flightReply,
    access: lowAltitude,
  }),
  /** 起飞 (planned → flying) and 降落 (flying → landed, with the task's result): an illegal move is refused (409). */
  actOnFlight: defineRoute({
    method: 'POST',
    path: '/lowAltitude/flights/:flightId/:action',
    params: pathParams({ flightId, action: oneOf('操作（action）', FLIGHT_ACTIONS) }),
    body: fields({ result: text('任务结果（result）', 500) }),
    bodyEncoding: 'json',
    reply: flightReply,
    access: lowAltitude,
  }),
  /** One position of a flying UAV (its gateway at 1 Hz): stored as its track; the fences it entered and left. */
  reportPosition: defineRoute({
    method: 'POST',
    path: '/lowAltitude/flights/:flightId/position',
    params: pathParams({ flightId }),
    body: fields(
      {
        at: time('位置时间（at）'),
        longitude: range('经度（longitude）', -180, 180),
        latitude: range('纬度（latitude）', -90, 90),
        altitude: range('高度（altitude）', -100, 10_000, ' 米'),
      },
      { longitude: '请填写经度（longitude）', latitude: '请填写纬度（latitude）', altitude: '请填写高度（altitude）' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<FenceCrossings>(),
    access: lowAltitude,
  }),
  /** The tenant's flights' stays inside fences, latest entry first (one flight's with flightId; the one of a UAV alarm with alarmId). */
  fenceStays: defineRoute({
    method: 'GET',
    path: '/lowAltitude/fenceStays',
    query: fields({ ...paging(20, 100), flightId, alarmId: id('告警编号（alarmId）') }),
    reply: tableReply<FenceStay>(),
    access: lowAltitude,
  }),
  geofences: defineRoute({ method: 'GET', path: '/lowAltitude/geofences', reply: dataReply<Geofence[]>(), access: lowAltitude }),
  createGeofence: defineRoute({
    method: 'POST',
    path: '/lowAltitude/geofences',
    body: fields(
      {
        name: text('电子围栏名称（name）', 40, true),
        polygon,
        floorM: range('最低高度（floorM）', 0, 1000, ' 米'),
        ceilingM: range('最高高度（ceilingM）', 0, 1000, ' 米'),
      },
      {
        // The polygon is not required by the schema (a form body cannot send a list): the service asks for it.
        name: '请填写电子围栏名称（name）',
        floorM: '请填写最低高度（floorM）',
        ceilingM: '请填写最高高度（ceilingM）',
      },
    ),
    bodyEncoding: 'json',
    reply: fenceReply,
    access: lowAltitude,
  }),
  /** 启用 or 停用 a fence (a flight inside a fence switched off leaves it on its next position). */
  actOnGeofence: defineRoute({
    method: 'POST',
    path: '/lowAltitude/geofences/:fenceId/:action',
    params: pathParams({ fenceId, action: oneOf('操作（action）', GEOFENCE_ACTIONS) }),
    reply: fenceReply,
    access: lowAltitude,
  }),
  /** The flying UAVs now: position, heading, altitude, speed, battery, the planned route and the trail of the last minutes. */
  live: defineRoute({ method: 'GET', path: '/lowAltitude/live', reply: dataReply<UavLiveFlight[]>(), access: lowAltitude }),
  /** The tenant's UAVs and the flight each flies now: whom a flight can be planned for. */
  uavs: defineRoute({ method: 'GET', path: '/lowAltitude/uavs', reply: dataReply<UavDevice[]>(), access: lowAltitude }),
  /** 飞行中, 今日飞行 (with yesterday's) and 今日闯入禁飞区 (with yesterday's): the module root's live figures. */
  summary: defineRoute({ method: 'GET', path: '/lowAltitude/summary', reply: dataReply<StatGroupData>(), access: lowAltitude }),
  /** The tenant's named routes a flight can be planned on. */
  routePresets: defineRoute({ method: 'GET', path: '/lowAltitude/routePresets', reply: dataReply<RoutePreset[]>(), access: lowAltitude }),
  /** A flight's stored track from take-off to landing, its stays inside fences and its planned route (the replay). */
  replay: defineRoute({
    method: 'GET',
    path: '/lowAltitude/flights/:flightId/replay',
    params: pathParams({ flightId }),
    reply: dataReply<FlightReplay>(),
    access: lowAltitude,
  }),
};

/** Test and demo endpoints (registered only with SMS_DEV_ENDPOINT=1). */
export const lowAltitudeDevRoutes = {
  /** A UAV of the tenant (tenant 1 unless given) takes off on a course through a no-fly area now: its first position is inside it. */
  crossing: defineRoute({
    method: 'POST',
    path: '/dev/lowAltitude/crossing',
    body: fields({ tenantId: id('租户编号（tenantId）') }),
    bodyEncoding: 'json',
    reply: dataReply<{ flightId: number; deviceId: number; fenceId: number; crossings: FenceCrossings }>(),
    access: access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示'),
  }),
};
