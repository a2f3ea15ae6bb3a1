import { MINUTES_PER_DAY, PATROL_KINDS, PATROL_MAX_RADIUS_M, PATROL_TEAMS, type PatrolKind } from '../../contracts/patrols';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';

export interface CheckpointPlan {
  name: string;
  longitude: number;
  latitude: number;
  radiusM: number;
  dueFromMinute: number;
  dueToMinute: number;
}

export interface RoutePlan {
  name: string;
  kind: PatrolKind;
  memberId: number;
  checkpoints: CheckpointPlan[];
}

const MAX_CHECKPOINTS = 50;
const isCoordinate = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;
const isMinute = (value: number) => Number.isInteger(value) && value >= 0 && value <= MINUTES_PER_DAY;

/** What is wrong with a plan (in Chinese), or undefined. */
function planProblem(plan: RoutePlan): string | undefined {
  if (!plan.name.trim() || plan.name.trim().length > 40) return '巡查路线名称必须是 1 到 40 个字';
  if (!PATROL_KINDS.includes(plan.kind)) return `巡查类型不正确：${plan.kind}`;
  if (!plan.checkpoints.length || plan.checkpoints.length > MAX_CHECKPOINTS) return `巡查路线必须有 1 到 ${MAX_CHECKPOINTS} 个打卡点`;
  for (const [index, point] of plan.checkpoints.entries()) {
    const which = `第 ${index + 1} 个打卡点`;
    if (!point.name.trim() || point.name.trim().length > 40) return `${which}的名称必须是 1 到 40 个字`;
    if (!isCoordinate(point.longitude, 180) || !isCoordinate(point.latitude, 90)) return `${which}不是有效的经纬度`;
    if (!(point.radiusM > 0 && point.radiusM <= PATROL_MAX_RADIUS_M)) return `${which}的打卡范围必须在 1 到 ${PATROL_MAX_RADIUS_M} 米之间`;
    if (!isMinute(point.dueFromMinute) || !isMinute(point.dueToMinute) || point.dueFromMinute >= point.dueToMinute)
      return `${which}的打卡时段不正确（当天的分钟数，开始早于结束）`;
  }
  return undefined;
}

/** Planned routes: a route of ordered checkpoints assigned to one of the tenant's field members (the seed and tests plan them). */
export class PatrolPlans {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Stores the route and its checkpoints in one transaction; the member decides the team. Returns the route's id. */
  async create(tenantId: number, plan: RoutePlan): Promise<number> {
    const problem = planProblem(plan);
    if (problem) throw badRequest(problem);
    const member = await this.db
      .selectFrom('field_members')
      .select(['member_id', 'team'])
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', plan.memberId)
      .executeTakeFirst();
    if (!member) throw new AppError(404, `巡查人员不存在：${plan.memberId}`);
    const team = PATROL_TEAMS.find((candidate) => candidate === member.team);
    if (!team) throw badRequest(`巡查人员 ${plan.memberId} 不属于 A、B、C 班组`);
    return this.db.transaction().execute(async (trx) => {
      const route = await trx
        .insertInto('patrol_routes')
        .values({
          route_id: undefined,
          tenant_id: tenantId,
          name: plan.name.trim(),
          kind: plan.kind,
          team,
          member_id: plan.memberId,
          created_at: this.now(),
        })
        .returning('route_id')
        .executeTakeFirstOrThrow();
      const routeId = Number(route.route_id);
      await trx
        .insertInto('patrol_checkpoints')
        .values(
          plan.checkpoints.map((point, index) => ({
            checkpoint_id: undefined,
            tenant_id: tenantId,
            route_id: routeId,
            seq: index + 1,
            name: point.name.trim(),
            longitude: point.longitude,
            latitude: point.latitude,
            radius_m: point.radiusM,
            due_from_minute: point.dueFromMinute,
            due_to_minute: point.dueToMinute,
          })),
        )
        .execute();
      return routeId;
    });
  }
}
