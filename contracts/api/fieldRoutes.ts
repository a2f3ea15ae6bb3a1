/** 班组 (team/aTeam, bTeam, cTeam): members, positions and tracks, today's work, on-duty changes and calls over a member's walkie-talkie. */
import {
  FIELD_SUBJECT_KINDS,
  FIELD_TEAMS,
  MEMBER_CALL_ACTIONS,
  type FieldMember,
  type FieldPosition,
  type FieldTeamCount,
  type MemberCall,
  type MemberWork,
} from '../field';
import type { StatGroupData } from '../panels';
import { dataReply, defineRoute, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { bool, fields, flag, id, oneOf, paging, pathParams, text, time } from './schemas';

const teams = access.menu('platform:team');
/** The maps that draw people and UAVs: the teams', 城市管理's, 综合执法's and 低空管理's. */
const maps = access.menu('platform:team', 'platform:cityManagement', 'platform:lawEnforcement', 'platform:lowAltitude');
const memberId = id('人员编号（memberId）');

export const fieldRoutes = {
  /** One team's members by id with their bound devices and last position; `onDuty` 1 or 0 narrows to those on or off duty. */
  members: defineRoute({
    method: 'GET',
    path: '/field/members',
    query: fields(
      { ...paging(20, 100), team: oneOf('班组（team）', FIELD_TEAMS), onDuty: flag('在岗（onDuty）') },
      { team: '请指定班组（team）' },
    ),
    reply: tableReply<FieldMember>(),
    access: teams,
  }),
  member: defineRoute({
    method: 'GET',
    path: '/field/members/:memberId',
    params: pathParams({ memberId }),
    reply: dataReply<FieldMember>(),
    access: teams,
  }),
  /** A member's day so far: the distance walked, their team's work orders (open, or closed today). */
  memberWork: defineRoute({
    method: 'GET',
    path: '/field/members/:memberId/work',
    params: pathParams({ memberId }),
    reply: dataReply<MemberWork>(),
    access: teams,
  }),
  /** Puts a member on or off duty (audited with who and why). */
  setOnDuty: defineRoute({
    method: 'PUT',
    path: '/field/members/:memberId/onDuty',
    params: pathParams({ memberId }),
    body: fields({ onDuty: bool('在岗（onDuty）'), note: text('备注（note）', 200) }, { onDuty: '请指定是否在岗（onDuty）' }),
    bodyEncoding: 'json',
    reply: dataReply<FieldMember>(),
    access: teams,
  }),
  /** 呼叫 (call) or 挂断 (hangup) the member's walkie-talkie, through the device control path (audited). */
  callMember: defineRoute({
    method: 'POST',
    path: '/field/members/:memberId/:action',
    params: pathParams({ memberId, action: oneOf('操作（action）', MEMBER_CALL_ACTIONS) }),
    reply: dataReply<MemberCall>(),
    access: teams,
  }),
  /** Each team's members, on duty, and seen in the last 10 minutes. */
  teamCounts: defineRoute({ method: 'GET', path: '/field/teams/counts', reply: dataReply<FieldTeamCount[]>(), access: teams }),
  /** 班组人员 / 在岗 / 在线 and each team's on-duty count: the team module's live figure. */
  onDuty: defineRoute({ method: 'GET', path: '/field/onDuty', reply: dataReply<StatGroupData>(), access: teams }),
  /** Everyone's newest position, people and UAVs: what the maps draw. */
  lastPositions: defineRoute({ method: 'GET', path: '/field/positions/last', reply: dataReply<FieldPosition[]>(), access: maps }),
  /** One person's or UAV's positions from `from` to `to` (at most 24 h), oldest first. */
  track: defineRoute({
    method: 'GET',
    path: '/field/track',
    query: fields(
      {
        subjectKind: oneOf('对象类型（subjectKind）', FIELD_SUBJECT_KINDS),
        subjectId: id('对象编号（subjectId）'),
        from: time('开始时间（from）'),
        to: time('结束时间（to）'),
      },
      {
        subjectKind: '请指定对象类型（subjectKind）',
        subjectId: '请指定对象编号（subjectId）',
        from: '请指定开始时间（from）',
        to: '请指定结束时间（to）',
      },
    ),
    reply: dataReply<FieldPosition[]>(),
    access: maps,
  }),
};
