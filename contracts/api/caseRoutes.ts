/** 综合执法's cases (lawEnforcement: lawComplaintSuggestions, lawOther, greenEnv, lawParkingManagement) and parking lots. */
import {
  CASE_GROUP_NAMES,
  CASE_KINDS,
  CASE_SOURCES,
  CASE_STATUSES,
  CASE_TEAMS,
  type CaseDetail,
  type CaseEvidence,
  type CasePlace,
  type CaseRow,
  type CaseStats,
  type ParkingLot,
} from '../cases';
import { dataReply, defineRoute, fileReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, flag, id, oneOf, paging, pathParams, PHONE_PATTERN, range, text, time } from './schemas';
import { String as StringType } from 'typebox/type';

const casesMenu = access.menu('platform:lawEnforcement');
const parkingMenu = access.menu('platform:cityManagement:parkingManagement', 'platform:lawEnforcement');
const caseId = id('案件编号（caseId）');
const group = oneOf('案件页面（group）', CASE_GROUP_NAMES);
const caseReply = dataReply<CaseRow>();

export const caseRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/cases',
    query: fields({
      ...paging(20, 100),
      group,
      status: oneOf('案件状态（status）', CASE_STATUSES),
      keyword: text('搜索关键字', 50),
      overdue: flag('是否超期'),
    }),
    reply: tableReply<CaseRow>(),
    access: casesMenu,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/cases/:caseId',
    params: pathParams({ caseId }),
    reply: dataReply<CaseDetail>(),
    access: casesMenu,
  }),
  /** The case a toast's alarm was raised for (`?alarmId=`). */
  byAlarm: defineRoute({
    method: 'GET',
    path: '/cases/byAlarm/:alarmId',
    params: pathParams({ alarmId: id('告警编号（alarmId）') }),
    reply: caseReply,
    access: casesMenu,
  }),
  /** The map's cases of a page: open ones and those ended in the last day. */
  map: defineRoute({ method: 'GET', path: '/cases/map', query: fields({ group }), reply: dataReply<CaseRow[]>(), access: casesMenu }),
  stats: defineRoute({
    method: 'GET',
    path: '/cases/stats',
    query: fields({ group, beginTime: time('开始时间（beginTime）'), endTime: time('结束时间（endTime）') }),
    reply: dataReply<CaseStats>(),
    access: casesMenu,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/cases',
    body: fields(
      {
        kind: oneOf('案件类型（kind）', CASE_KINDS),
        source: oneOf('案件来源（source）', CASE_SOURCES),
        title: text('案件标题', 100, true),
        description: text('案件描述', 1000),
        reporterName: text('报告人姓名', 32),
        reporterPhone: StringType({ pattern: `(${PHONE_PATTERN})|^$`, errorMessage: '报告人电话必须是 11 位手机号' }),
        longitude: range('经度（longitude）', -180, 180),
        latitude: range('纬度（latitude）', -90, 90),
      },
      {
        kind: '请选择案件类型（kind）',
        title: '请填写案件标题',
        longitude: '请选择案件位置（longitude）',
        latitude: '请选择案件位置（latitude）',
      },
    ),
    bodyEncoding: 'json',
    reply: caseReply,
    access: casesMenu,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/cases/:caseId/assign',
    params: pathParams({ caseId }),
    body: fields({ team: oneOf('班组（team）', CASE_TEAMS), note: text('派遣说明', 500) }, { team: '请选择派遣的班组（team）' }),
    bodyEncoding: 'json',
    reply: caseReply,
    access: casesMenu,
  }),
  handle: defineRoute({
    method: 'POST',
    path: '/cases/:caseId/handle',
    params: pathParams({ caseId }),
    body: fields({ note: text('处置情况', 500, true) }, { note: '请填写处置情况' }),
    bodyEncoding: 'json',
    reply: caseReply,
    access: casesMenu,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/cases/:caseId/close',
    params: pathParams({ caseId }),
    body: fields({ note: text('结案意见', 500, true) }, { note: '请填写结案意见' }),
    bodyEncoding: 'json',
    reply: caseReply,
    access: casesMenu,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/cases/:caseId/reject',
    params: pathParams({ caseId }),
    body: fields({ reason: text('不予受理的原因', 500, true) }, { reason: '请填写不予受理的原因' }),
    bodyEncoding: 'json',
    reply: caseReply,
    access: casesMenu,
  }),
  /** The image itself as the body (image/jpeg, png or webp, 5 MB at most): sent through ApiFiles. */
  uploadEvidence: defineRoute({
    method: 'POST',
    path: '/cases/evidence',
    query: fields({ caseId }, { caseId: '请指定案件（caseId）' }),
    reply: dataReply<CaseEvidence>(),
    access: casesMenu,
  }),
  evidenceFile: defineRoute({
    method: 'GET',
    path: '/cases/evidence/file',
    query: fields({ id: id('证据编号') }, { id: '请指定证据编号' }),
    reply: fileReply(),
    access: casesMenu,
  }),
  /** The tenant's named places (the 登记 form's list of areas). */
  places: defineRoute({ method: 'GET', path: '/cases/places', reply: dataReply<CasePlace[]>(), access: casesMenu }),
  /** Parking lots with their occupancy now, placed on the map (停车管理). */
  parkingLots: defineRoute({ method: 'GET', path: '/cases/parking/lots', reply: dataReply<ParkingLot[]>(), access: parkingMenu }),
};
