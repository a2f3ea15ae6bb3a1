import { sql } from 'kysely';
import { PATROL_KIND_LABELS, PATROL_MISSED_ALARM_TYPES, patrolKindOf } from '../../contracts/patrols';
import { patrolMissedPushTopics } from '../../contracts/push/patrolPushTopics';
import type { AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import type { PushPublisher } from '../push/PushPublisher';
import { clockOf, minuteOfDay, patrolDayOf } from './patrolDays';

/**
 * The missed-checkpoint job (a leader job): finds every tenant's checkpoints whose window ended today with
 * no check-in, and for each records the miss (patrol_missed, key checkpoint + day, ON CONFLICT DO NOTHING)
 * before raising its kind's alarm through AlarmService.raise and publishing its city event. The row goes
 * first, so a second run, a run on another instance or two racing runs raise each miss exactly once.
 */
export class MissedCheckpoints {
  constructor(
    private readonly db: Db,
    private readonly alarms: AlarmService,
    private readonly push: PushPublisher,
    private readonly now: () => number,
  ) {}

  /**
   * One round (of one tenant, one checkpoint when given): the misses it raised. `at` (≤ now) looks as of
   * then: the dev endpoint asks for a day already over, whose every window has ended.
   */
  async run(tenantId?: number, { at, checkpointId }: { at?: number; checkpointId?: number } = {}): Promise<number> {
    const now = Math.min(at ?? this.now(), this.now());
    const day = patrolDayOf(now);
    let query = this.db
      .selectFrom('patrol_checkpoints as c')
      .innerJoin('patrol_routes as r', (join) => join.onRef('r.route_id', '=', 'c.route_id').onRef('r.tenant_id', '=', 'c.tenant_id'))
      .leftJoin('field_members as m', (join) => join.onRef('m.member_id', '=', 'r.member_id').onRef('m.tenant_id', '=', 'r.tenant_id'))
      .select([
        'c.tenant_id',
        'c.checkpoint_id',
        'c.name',
        'c.longitude',
        'c.latitude',
        'c.due_from_minute',
        'c.due_to_minute',
        'r.route_id',
        'r.name as route_name',
        'r.kind',
        'r.member_id',
        'm.name as member_name',
      ])
      .where('c.due_to_minute', '<=', minuteOfDay(now))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('patrol_check_ins as i')
              .select(sql`1`.as('one'))
              .whereRef('i.checkpoint_id', '=', 'c.checkpoint_id')
              .where('i.day', '=', day),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('patrol_missed as x')
              .select(sql`1`.as('one'))
              .whereRef('x.checkpoint_id', '=', 'c.checkpoint_id')
              .where('x.day', '=', day),
          ),
        ),
      );
    if (tenantId !== undefined) query = query.where('c.tenant_id', '=', tenantId);
    if (checkpointId !== undefined) query = query.where('c.checkpoint_id', '=', checkpointId);
    const candidates = await query.orderBy('c.checkpoint_id').execute();
    let raised = 0;
    for (const point of candidates) {
      const inserted = await this.db
        .insertInto('patrol_missed')
        .values({
          checkpoint_id: Number(point.checkpoint_id),
          day,
          tenant_id: point.tenant_id,
          route_id: Number(point.route_id),
          raised_at: now,
          alarm_id: null,
        })
        .onConflict((conflict) => conflict.columns(['checkpoint_id', 'day']).doNothing())
        .returning('checkpoint_id')
        .executeTakeFirst();
      if (!inserted) continue;
      const kind = patrolKindOf(point.kind);
      const memberName = point.member_name ?? `巡查员 ${point.member_id}`;
      const window = `${clockOf(point.due_from_minute)}–${clockOf(point.due_to_minute)}`;
      const alarm = await this.alarms.raise({
        tenantId: point.tenant_id,
        alarmType: PATROL_MISSED_ALARM_TYPES[kind],
        content: `${PATROL_KIND_LABELS[kind]}打卡点「${point.name}」漏打卡`,
        description: `${memberName}未在 ${window} 到「${point.route_name}」的打卡点「${point.name}」打卡`,
      });
      await this.db
        .updateTable('patrol_missed')
        .set({ alarm_id: alarm.alarmId })
        .where('checkpoint_id', '=', Number(point.checkpoint_id))
        .where('day', '=', day)
        .execute();
      await this.push.publish(point.tenant_id, patrolMissedPushTopics[kind], {
        alarmId: alarm.alarmId,
        alarmType: alarm.alarmType,
        alarmTypeName: alarm.alarmTypeName,
        grade: alarm.grade,
        alarmContent: alarm.alarmContent,
        createTime: alarm.createTime,
        routeId: Number(point.route_id),
        routeName: point.route_name,
        kind,
        checkpointId: Number(point.checkpoint_id),
        checkpointName: point.name,
        memberName,
        longitude: point.longitude,
        latitude: point.latitude,
      });
      raised++;
    }
    return raised;
  }
}
