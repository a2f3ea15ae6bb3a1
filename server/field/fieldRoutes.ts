import type { FastifyInstance } from 'fastify';
import { fieldRoutes as declared } from '../../contracts/api/fieldRoutes';
import type { FieldPosition } from '../../contracts/field';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { FieldCalls } from './FieldCalls';
import type { FieldMembers } from './FieldMembers';
import type { Position, TrackService } from './TrackService';

const TEAM_LABELS = { A: '一队', B: '二队', C: '三队' } as const;

const fieldPosition = (position: Position): FieldPosition => ({
  ...position,
  altitude: position.altitude ?? null,
  speed: position.speed ?? null,
  heading: position.heading ?? null,
});

/** 班组: contracts/api/fieldRoutes.ts. */
export async function fieldRoutes(
  api: FastifyInstance,
  { members, calls, tracks }: { members: FieldMembers; calls: FieldCalls; tracks: TrackService },
): Promise<void> {
  route(api, declared.members, async (request) => {
    const { onDuty, ...query } = request.query;
    const { rows, total } = await members.list(sessionOf(request).tenantId, {
      ...query,
      ...(onDuty === undefined ? {} : { onDuty: onDuty === '1' }),
    });
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.member, async (request) => ok(await members.detail(sessionOf(request).tenantId, request.params.memberId)));

  route(api, declared.memberWork, async (request) => ok(await members.work(sessionOf(request).tenantId, request.params.memberId)));

  route(api, declared.setOnDuty, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { onDuty, note = '' } = request.body;
    return ok(await members.setOnDuty(tenantId, request.params.memberId, onDuty, userId, note), {}, onDuty ? '已设为在岗' : '已设为离岗');
  });

  route(api, declared.callMember, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { memberId, action } = request.params;
    const call = await calls.act(tenantId, userId, memberId, action);
    return ok(call, {}, call.message);
  });

  route(api, declared.teamCounts, async (request) => ok(await members.counts(sessionOf(request).tenantId)));

  route(api, declared.onDuty, async (request) => {
    const counts = await members.counts(sessionOf(request).tenantId);
    const sum = (pick: (count: (typeof counts)[number]) => number) => counts.reduce((total, count) => total + pick(count), 0);
    return ok({
      items: [
        { name: '班组人员', value: sum((count) => count.members), unit: '人' },
        { name: '在岗', value: sum((count) => count.onDuty), unit: '人' },
        { name: '定位在线', value: sum((count) => count.live), unit: '人' },
        ...counts.map((count) => ({ name: `${TEAM_LABELS[count.team]}在岗`, value: count.onDuty, unit: '人' })),
      ],
    });
  });

  route(api, declared.lastPositions, async (request) => ok((await tracks.lastPositions(sessionOf(request).tenantId)).map(fieldPosition)));

  route(api, declared.track, async (request) => {
    const { subjectKind, subjectId, from, to } = request.query;
    return ok((await tracks.track(sessionOf(request).tenantId, subjectKind, subjectId, from, to)).map(fieldPosition));
  });
}
