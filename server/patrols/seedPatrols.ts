import { PATROL_KIND_LABELS, PATROL_KINDS, type PatrolKind } from '../../contracts/patrols';
import type { Db } from '../db/Database';
import { TENANT_AREAS } from '../seed/seedData';
import { seededRandom } from '../simulation/seededRandom';
import type { CheckInService } from './CheckInService';
import { minuteOfDay, patrolDayOf } from './patrolDays';
import type { CheckpointPlan, PatrolPlans } from './PatrolPlans';

const ROUTES_PER_KIND = 2;
const CHECKPOINTS_PER_ROUTE = 8;
/** A checkpoint every 3 hours of the day, due within 90 minutes; each route starts a little later than the one before. */
const SPACING_MINUTES = 180;
const WINDOW_MINUTES = 90;
const RADIUS_M = 50;
const POINT_NAMES: Record<PatrolKind, readonly string[]> = {
  cityPatrol: ['路口', '井盖', '人行道', '公交站', '地下通道', '路灯杆', '护栏', '停车泊位'],
  lawPatrol: ['沿街商铺', '夜市', '广告牌', '施工围挡', '农贸市场', '学校门口', '地铁口', '广场'],
  greening: ['绿化带', '行道树', '花坛', '草坪', '街心公园', '绿篱', '树池', '苗圃'],
  sanitation: ['垃圾桶', '果皮箱', '公厕', '转运站', '垃圾房', '清扫段', '洒水点', '分类亭'],
};

/**
 * A demo tenant's patrol routes (two per kind, each assigned to one of its field members, eight checkpoints
 * around one of its areas) and, when `withCheckIns`, today's check-ins of the checkpoints whose window has
 * begun, written through CheckInService as the people simulator's arrivals are (a seeded share skipped, so
 * some are missed). Only for a tenant that has members and no routes yet; returns the routes written.
 */
export async function seedPatrols(
  db: Db,
  { plans, checkIns, now, withCheckIns }: { plans: PatrolPlans; checkIns: CheckInService; now: number; withCheckIns: boolean },
): Promise<number> {
  let written = 0;
  for (const [tenantKey, areas] of Object.entries(TENANT_AREAS)) {
    const tenantId = Number(tenantKey);
    const existing = await db.selectFrom('patrol_routes').select('route_id').where('tenant_id', '=', tenantId).executeTakeFirst();
    if (existing) continue;
    const members = await db
      .selectFrom('field_members')
      .select('member_id')
      .where('tenant_id', '=', tenantId)
      .orderBy('member_id')
      .execute();
    if (!members.length) continue;
    const random = seededRandom(20261127 + tenantId);
    let index = 0;
    for (const kind of PATROL_KINDS) {
      for (let copy = 0; copy < ROUTES_PER_KIND; copy++, index++) {
        const area = areas[index % areas.length]!;
        const memberId = Number(members[index % members.length]!.member_id);
        const offset = (index * 15) % WINDOW_MINUTES;
        const heading = random() * Math.PI * 2;
        const checkpoints: CheckpointPlan[] = Array.from({ length: CHECKPOINTS_PER_ROUTE }, (_, seq) => {
          const along = (seq - CHECKPOINTS_PER_ROUTE / 2) * area.spread * 0.25;
          return {
            name: `${area.name}${POINT_NAMES[kind][seq]}`,
            longitude: area.longitude + Math.cos(heading) * along + (random() - 0.5) * area.spread * 0.1,
            latitude: area.latitude + Math.sin(heading) * along + (random() - 0.5) * area.spread * 0.1,
            radiusM: RADIUS_M,
            dueFromMinute: seq * SPACING_MINUTES + offset,
            dueToMinute: seq * SPACING_MINUTES + offset + WINDOW_MINUTES,
          };
        });
        const name = `${area.name}${PATROL_KIND_LABELS[kind]}${copy + 1}号线`;
        const routeId = await plans.create(tenantId, { name, kind, memberId, checkpoints });
        written++;
        if (withCheckIns) await seedCheckIns(db, checkIns, { tenantId, routeId, memberId, now, random });
      }
    }
  }
  return written;
}

async function seedCheckIns(
  db: Db,
  checkIns: CheckInService,
  { tenantId, routeId, memberId, now, random }: { tenantId: number; routeId: number; memberId: number; now: number; random: () => number },
): Promise<void> {
  const day = patrolDayOf(now);
  const minuteNow = minuteOfDay(now);
  const points = await db
    .selectFrom('patrol_checkpoints')
    .select(['checkpoint_id', 'longitude', 'latitude', 'due_from_minute', 'due_to_minute'])
    .where('tenant_id', '=', tenantId)
    .where('route_id', '=', routeId)
    .orderBy('seq')
    .execute();
  for (const point of points) {
    if (point.due_from_minute >= minuteNow) break;
    const last = Math.min(point.due_to_minute, minuteNow) - 1;
    const minute = point.due_from_minute + Math.floor(random() * Math.max(1, last - point.due_from_minute));
    const at = Math.min(now, day + minute * 60_000 + Math.floor(random() * 60_000));
    // arrived() leaves the simulator's seeded share undone (missed), as a walk would.
    const metres = random() * RADIUS_M * 0.4;
    await checkIns.arrived(
      tenantId,
      memberId,
      Number(point.checkpoint_id),
      at,
      point.longitude + metres / 96_000,
      point.latitude + metres / 111_000,
    );
  }
}
