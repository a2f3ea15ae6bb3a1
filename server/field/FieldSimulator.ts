import { packPositions, type FieldPosition } from '../../contracts/field';
import { fieldPositionsPushTopic } from '../../contracts/push/fieldPushTopics';
import { IntervalJob } from '../cluster/IntervalJob';
import type { JobRuns } from '../cluster/JobRuns';
import type { Db } from '../db/Database';
import type { PushPublisher } from '../push/PushPublisher';
import type { FieldMembers } from './FieldMembers';
import { localMidnight, onShiftAt, streetLoop, walkAt, walkDistance, walkerOf, type WalkPoint } from './fieldWalk';
import type { Position, TrackService } from './TrackService';

/** A patrol checkpoint on a member's route of the day (the patrols' seam). */
export interface RouteWaypoint {
  lng: number;
  lat: number;
  checkpointId: number;
}

export interface FieldSimulatorOptions {
  /** The tick (ms); 0 leaves the job off (tests call step()). */
  everyMs: number;
  /** The device kinds that stand on streets (manifest `fieldWork: street`: lamp posts). */
  streetKinds: readonly string[];
  /** A member's patrol route of the day (local midnight, epoch ms): walked instead of the street loop; null: none. */
  waypointsOf?: (tenantId: number, memberId: number, day: number) => Promise<RouteWaypoint[] | null>;
  /** Called once a day per checkpoint, when the member comes within ARRIVAL_METRES of it. */
  arrived?: (tenantId: number, memberId: number, checkpointId: number, at: number, lng: number, lat: number) => Promise<void>;
  onError: (error: unknown) => void;
}

/** A member is at a checkpoint within this distance. */
export const ARRIVAL_METRES = 15;
/** A member's route of the day is asked for again this often (a route assigned during the day is walked within a minute). */
const ROUTE_REFRESH_MS = 60_000;
/** The push carries at most one message a second per tenant. */
const PUSH_EVERY_MS = 1000;

/** A tenant's members as the simulator walks them. */
interface Walker {
  memberId: number;
  team: string;
  shift: string;
  onDuty: boolean;
}

/**
 * Plays the A/B/C teams in the field (a leader job, 1 Hz by default): every tick each on-duty member walks
 * at walking speed round a loop of their area's lamp posts (there is no street graph: lamp posts stand on
 * streets; a team's area is the i-th lamp group of the tenant) or along their patrol route of the day, with
 * a few metres of GPS noise, heading and speed filled; one `TrackService.ingest` per tenant per tick, and the
 * tick's positions pushed on FIELD_POSITIONS (at most once a second per tenant). At a shift's start and end
 * the members of that shift go on and off duty (audited, by the system); an operator's change stands
 * until the next boundary. The walk is a function of time (fieldWalk.ts), so the history draws the same.
 */
export class FieldSimulator {
  private readonly job: IntervalJob;
  private lastStepAt: number | undefined;
  private readonly lastPushAt = new Map<number, number>();
  private readonly loops = new Map<string, WalkPoint[]>();
  /** Each member's route of the day as last asked (`tenant:member` → day, when, route), asked again after ROUTE_REFRESH_MS. */
  private readonly routes = new Map<string, { day: number; at: number; route: RouteWaypoint[] | null }>();
  /** `tenant:member:day:checkpoint` of the arrivals already told, per day. */
  private readonly arrivals = new Set<string>();
  private arrivalsDay = 0;

  constructor(
    private readonly db: Db,
    private readonly tracks: TrackService,
    private readonly members: FieldMembers,
    private readonly push: PushPublisher,
    private readonly now: () => number,
    private readonly options: FieldSimulatorOptions,
  ) {
    this.job = new IntervalJob('人员轨迹模拟', options.everyMs, () => this.step(), options.onError);
  }

  start(): void {
    this.job.start();
  }

  /** Its rounds, for /metrics (ops_job_runs_total). */
  get runs(): JobRuns {
    return this.job.runs;
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One tick at `now`: shift boundaries crossed since the last tick, then every on-duty member's fix. Returns the positions stored. */
  async step(now = this.now()): Promise<number> {
    const rows = await this.db
      .selectFrom('field_members')
      .select(['tenant_id', 'member_id', 'team', 'shift', 'on_duty'])
      .orderBy('tenant_id')
      .orderBy('member_id')
      .execute();
    const previous = this.lastStepAt;
    this.lastStepAt = now;
    const day = localMidnight(now);
    if (day !== this.arrivalsDay) {
      this.arrivals.clear();
      this.arrivalsDay = day;
    }
    const byTenant = new Map<number, Walker[]>();
    for (const row of rows) {
      let onDuty = Number(row.on_duty) === 1;
      const memberId = Number(row.member_id);
      if (previous !== undefined && onShiftAt(row.shift, previous) !== onShiftAt(row.shift, now)) {
        onDuty = onShiftAt(row.shift, now);
        await this.members.setOnDuty(row.tenant_id, memberId, onDuty, null, onDuty ? '班次开始' : '班次结束');
      }
      const walkers = byTenant.get(row.tenant_id) ?? [];
      walkers.push({ memberId, team: row.team, shift: row.shift, onDuty });
      byTenant.set(row.tenant_id, walkers);
    }
    let stored = 0;
    for (const [tenantId, walkers] of byTenant) {
      const positions: Position[] = [];
      for (const walker of walkers) {
        if (!walker.onDuty) continue;
        const position = await this.fixOf(tenantId, walker, now, day);
        if (position) positions.push(position);
      }
      if (!positions.length) continue;
      stored += await this.tracks.ingest(tenantId, positions);
      if (now - (this.lastPushAt.get(tenantId) ?? -Infinity) >= PUSH_EVERY_MS) {
        this.lastPushAt.set(tenantId, now);
        const pushed: FieldPosition[] = positions.map((position) => ({
          ...position,
          altitude: position.altitude ?? null,
          speed: position.speed ?? null,
          heading: position.heading ?? null,
        }));
        await this.push.publish(tenantId, fieldPositionsPushTopic, { at: now, positions: packPositions(pushed) });
      }
    }
    return stored;
  }

  /** A member's fix at `now`: along their patrol route of the day when they have one (telling arrivals), else round their street loop. */
  private async fixOf(tenantId: number, walker: Walker, now: number, day: number): Promise<Position | undefined> {
    const route = await this.routeOf(tenantId, walker.memberId, day, now);
    const loop = route?.length ? route : await this.streetLoopOf(tenantId, walker);
    const { speed, phaseMetres } = walkerOf(walker.memberId);
    const fix = walkAt(loop, walker.memberId, speed, phaseMetres, now);
    if (!fix) return undefined;
    if (route?.length && this.options.arrived) {
      for (const point of route) {
        const key = `${tenantId}:${walker.memberId}:${day}:${point.checkpointId}`;
        if (this.arrivals.has(key) || walkDistance(point, { lng: fix.longitude, lat: fix.latitude }) > ARRIVAL_METRES) continue;
        this.arrivals.add(key);
        await this.options.arrived(tenantId, walker.memberId, point.checkpointId, now, fix.longitude, fix.latitude);
      }
    }
    return {
      subjectKind: 'person',
      subjectId: walker.memberId,
      at: now,
      longitude: fix.longitude,
      latitude: fix.latitude,
      speed: fix.speed,
      heading: fix.heading,
    };
  }

  private async routeOf(tenantId: number, memberId: number, day: number, now: number): Promise<RouteWaypoint[] | null> {
    if (!this.options.waypointsOf) return null;
    const key = `${tenantId}:${memberId}`;
    const known = this.routes.get(key);
    if (known && known.day === day && now - known.at < ROUTE_REFRESH_MS && now >= known.at) return known.route;
    const route = await this.options.waypointsOf(tenantId, memberId, day);
    this.routes.set(key, { day, at: now, route });
    return route;
  }

  private async streetLoopOf(tenantId: number, walker: Walker): Promise<WalkPoint[]> {
    const key = `${tenantId}:${walker.memberId}`;
    const known = this.loops.get(key);
    if (known) return known;
    const loop = streetLoop(await streetPointsOf(this.db, this.options.streetKinds, tenantId, walker.team), walker.memberId);
    this.loops.set(key, loop);
    return loop;
  }
}

/**
 * The street points of a team's area: the devices of the tenant's street kinds in its group of the team's
 * index (the fleet seeds one group per area and kind: lamp posts of 江南大道, …), or all of them when it has
 * fewer groups; none without a street kind.
 */
export async function streetPointsOf(db: Db, streetKinds: readonly string[], tenantId: number, team: string): Promise<WalkPoint[]> {
  if (!streetKinds.length) return [];
  const groups = await db
    .selectFrom('device_groups')
    .select('group_id')
    .where('tenant_id', '=', tenantId)
    .where('kind', 'in', [...streetKinds])
    .orderBy('group_id')
    .execute();
  const group = groups['ABC'.indexOf(team)];
  let query = db
    .selectFrom('devices')
    .select(['devices.longitude', 'devices.latitude'])
    .where('devices.tenant_id', '=', tenantId)
    .where('devices.kind', 'in', [...streetKinds]);
  if (group)
    query = query
      .innerJoin('device_group_members as g', 'g.device_id', 'devices.device_id')
      .where('g.group_id', '=', Number(group.group_id));
  const rows = await query.orderBy('devices.device_id').execute();
  return rows.map((row) => ({ lng: row.longitude, lat: row.latitude }));
}
