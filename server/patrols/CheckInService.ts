import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  patrolKindOf,
  PATROL_NOTE_MAX_LENGTH,
  PATROL_PHOTO_MAX_BYTES,
  type CheckIn,
  type PatrolKind,
  type PatrolWaypoint,
} from '../../contracts/patrols';
import { patrolCheckInPushTopic } from '../../contracts/push/patrolPushTopics';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import type { PushPublisher } from '../push/PushPublisher';
import { seededRandom } from '../simulation/seededRandom';
import { detectPhotoType } from '../workOrders/photos';
import { clockOf, distanceM, minuteOfDay, patrolDayOf } from './patrolDays';
import type { PatrolQueries } from './PatrolQueries';

const PHOTO_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
/** The share of the simulator's arrivals that are not checked in (so checkpoints are missed), decided per checkpoint and day. */
export const SKIPPED_ARRIVAL_SHARE = 0.08;
/** Notes the simulated members write (no photo). */
const SIMULATED_NOTES: Record<PatrolKind, readonly string[]> = {
  cityPatrol: ['巡查正常，无异常', '路面井盖完好', '路灯运行正常', '占道经营已劝离'],
  lawPatrol: ['执法巡查正常', '已劝导违规停放', '店外经营已整改', '现场秩序良好'],
  greening: ['绿化养护完成', '已修剪绿篱', '已浇灌草坪', '枯枝已清理'],
  sanitation: ['路面清扫完成', '垃圾桶已清运', '果皮箱已擦洗', '积水已清理'],
};

export interface NewCheckIn {
  checkpointId: number;
  memberId: number;
  longitude: number;
  latitude: number;
  note?: string;
  /** When it was made (the simulator's and the seed's arrivals); now when absent. */
  at?: number;
}

const isCoordinate = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;
/** A unique index refusing the row: the checkpoint was checked in on that day by a racing request. */
const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

/**
 * Check-ins at the checkpoints of planned routes. A check-in is refused, with nothing stored, when its
 * checkpoint is another tenant's (404), its member is not the one assigned to the route, it is farther
 * from the checkpoint than the checkpoint's radius, the checkpoint's window of the day has ended, or the
 * checkpoint was already checked in that day (409; held by a unique index on checkpoint + day, so two
 * racing check-ins store one). Each stored check-in publishes PATROL_CHECK_IN (silent) after its commit.
 */
export class CheckInService {
  private readonly root: string;

  constructor(
    private readonly db: Db,
    private readonly queries: PatrolQueries,
    private readonly push: PushPublisher,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.root = join(dataDir, 'patrols');
  }

  async checkIn(tenantId: number, input: NewCheckIn): Promise<CheckIn> {
    const at = input.at ?? this.now();
    if (!Number.isSafeInteger(at) || at <= 0 || at > this.now()) throw badRequest('打卡时间（at）不正确');
    if (!isCoordinate(input.longitude, 180) || !isCoordinate(input.latitude, 90)) throw badRequest('打卡位置不是有效的经纬度');
    const note = (input.note ?? '').trim();
    if (note.length > PATROL_NOTE_MAX_LENGTH) throw badRequest(`打卡备注不能超过 ${PATROL_NOTE_MAX_LENGTH} 个字`);
    const point = await this.db
      .selectFrom('patrol_checkpoints as c')
      .innerJoin('patrol_routes as r', (join) => join.onRef('r.route_id', '=', 'c.route_id').onRef('r.tenant_id', '=', 'c.tenant_id'))
      .select([
        'c.checkpoint_id',
        'c.route_id',
        'c.name',
        'c.longitude',
        'c.latitude',
        'c.radius_m',
        'c.due_to_minute',
        'r.kind',
        'r.member_id',
      ])
      .where('c.tenant_id', '=', tenantId)
      .where('c.checkpoint_id', '=', input.checkpointId)
      .executeTakeFirst();
    if (!point) throw new AppError(404, `打卡点不存在：${input.checkpointId}`);
    if (Number(point.member_id) !== input.memberId)
      throw new AppError(403, `该巡查人员不是打卡点「${point.name}」所在路线的指派人员，不能打卡`);
    const distance = distanceM(point.longitude, point.latitude, input.longitude, input.latitude);
    if (distance > point.radius_m)
      throw badRequest(`距打卡点「${point.name}」${Math.round(distance)} 米，超出打卡范围 ${Math.round(point.radius_m)} 米，不能打卡`);
    if (minuteOfDay(at) >= point.due_to_minute)
      throw new AppError(409, `打卡点「${point.name}」今天的打卡时段已于 ${clockOf(point.due_to_minute)} 结束，已记为漏打卡`);
    const day = patrolDayOf(at);
    const inserted = await this.db
      .insertInto('patrol_check_ins')
      .values({
        check_in_id: undefined,
        tenant_id: tenantId,
        route_id: Number(point.route_id),
        checkpoint_id: Number(point.checkpoint_id),
        member_id: input.memberId,
        kind: point.kind,
        day,
        at,
        longitude: input.longitude,
        latitude: input.latitude,
        distance_m: Math.round(distance * 10) / 10,
        note,
        photo_file: null,
        photo_mime: null,
      })
      .onConflict((conflict) => conflict.columns(['checkpoint_id', 'day']).doNothing())
      .returning('check_in_id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (!inserted) throw new AppError(409, `打卡点「${point.name}」今天已经打过卡，不能重复打卡`);
    const checkIn = await this.queries.checkIn(tenantId, Number(inserted.check_in_id));
    await this.publish(tenantId, checkIn);
    return checkIn;
  }

  /** The check-in's photo (JPEG or PNG by its bytes, ≤ 2 MB), once; refused with no file and no change otherwise. */
  async attachPhoto(tenantId: number, checkInId: number, bytes: Buffer): Promise<CheckIn> {
    const checkIn = await this.queries.checkIn(tenantId, checkInId);
    if (checkIn.hasPhoto) throw new AppError(409, '该打卡记录已有照片，不能重复上传');
    if (!bytes.length) throw badRequest('请上传打卡照片（photo）');
    if (bytes.length > PATROL_PHOTO_MAX_BYTES) throw new AppError(413, '打卡照片（photo）不能超过 2 MB');
    const mime = detectPhotoType(bytes);
    if (mime !== 'image/jpeg' && mime !== 'image/png') throw badRequest('打卡照片（photo）必须是 JPEG 或 PNG 图片');
    // A name of its own: a racing upload that loses removes only its file.
    const file = `${tenantId}/${checkInId}-${randomBytes(6).toString('hex')}.${PHOTO_EXTENSIONS[mime]}`;
    const path = join(this.root, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    const result = await this.db
      .updateTable('patrol_check_ins')
      .set({ photo_file: file, photo_mime: mime })
      .where('tenant_id', '=', tenantId)
      .where('check_in_id', '=', checkInId)
      .where('photo_file', 'is', null)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) {
      await rm(path, { force: true });
      throw new AppError(409, '该打卡记录已有照片，不能重复上传');
    }
    const updated = { ...checkIn, hasPhoto: true };
    await this.publish(tenantId, updated);
    return updated;
  }

  async photo(tenantId: number, checkInId: number): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.db
      .selectFrom('patrol_check_ins')
      .select(['photo_file', 'photo_mime'])
      .where('tenant_id', '=', tenantId)
      .where('check_in_id', '=', checkInId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `打卡记录不存在：${checkInId}`);
    if (!row.photo_file || !row.photo_mime) throw new AppError(404, '该打卡记录没有照片');
    try {
      return { bytes: await readFile(join(this.root, row.photo_file)), mime: row.photo_mime };
    } catch {
      throw new AppError(404, '打卡照片文件已不存在');
    }
  }

  /**
   * The people simulator's seam: the member's route of the day (`day`: any instant of it), its checkpoints
   * in order; null when no route is assigned to them. A member with several routes walks the first.
   */
  async waypointsOf(tenantId: number, memberId: number, day: number): Promise<PatrolWaypoint[] | null> {
    if (!Number.isSafeInteger(day) || day < 0) throw badRequest('日期（day）不正确');
    const route = await this.db
      .selectFrom('patrol_routes')
      .select('route_id')
      .where('tenant_id', '=', tenantId)
      .where('member_id', '=', memberId)
      .orderBy('route_id')
      .executeTakeFirst();
    if (!route) return null;
    const points = await this.db
      .selectFrom('patrol_checkpoints')
      .select(['checkpoint_id', 'longitude', 'latitude'])
      .where('tenant_id', '=', tenantId)
      .where('route_id', '=', Number(route.route_id))
      .orderBy('seq')
      .execute();
    return points.map((point) => ({ lng: point.longitude, lat: point.latitude, checkpointId: Number(point.checkpoint_id) }));
  }

  /**
   * The people simulator's seam: the member reached the checkpoint at `at` there. Checked in with a drawn
   * note and no photo, except a seeded share (per checkpoint and day) left undone so checkpoints get missed;
   * an arrival the rules refuse (already done, window ended, not theirs) records nothing.
   */
  async arrived(tenantId: number, memberId: number, checkpointId: number, at: number, lng: number, lat: number): Promise<void> {
    const random = seededRandom(checkpointId * 7919 + Math.floor(patrolDayOf(at) / 86_400_000));
    if (random() < SKIPPED_ARRIVAL_SHARE) return;
    const kind = await this.db
      .selectFrom('patrol_checkpoints as c')
      .innerJoin('patrol_routes as r', 'r.route_id', 'c.route_id')
      .select('r.kind')
      .where('c.tenant_id', '=', tenantId)
      .where('c.checkpoint_id', '=', checkpointId)
      .executeTakeFirst();
    const notes = SIMULATED_NOTES[patrolKindOf(kind?.kind)];
    try {
      await this.checkIn(tenantId, {
        checkpointId,
        memberId,
        longitude: lng,
        latitude: lat,
        at,
        note: notes[Math.floor(random() * notes.length)],
      });
    } catch (error) {
      if (error instanceof AppError && error.code >= 400 && error.code < 500) return;
      throw error;
    }
  }

  private async publish(tenantId: number, checkIn: CheckIn): Promise<void> {
    await this.push.publish(tenantId, patrolCheckInPushTopic, {
      checkInId: checkIn.checkInId,
      routeId: checkIn.routeId,
      checkpointId: checkIn.checkpointId,
      kind: checkIn.kind,
      at: checkIn.at,
    });
  }
}
