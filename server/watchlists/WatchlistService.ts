import type { BodyOf } from '../../contracts/api/defineRoute';
import type { watchlistRoutes } from '../../contracts/api/watchlistRoutes';
import {
  parsePlateTarget,
  WATCHLIST_ACTION_LABELS,
  WATCHLIST_EVENTS,
  WATCHLIST_MOVES,
  WATCHLIST_STATUS_LABELS,
  type WatchlistAction,
  type WatchlistDeployment,
  type WatchlistEventType,
  type WatchlistHit,
  type WatchlistKind,
  type WatchlistStatus,
  type WatchlistTarget,
  type WatchlistTargetKind,
  watchlistSnapshotPath,
} from '../../contracts/watchlists';
import type { AlarmType } from '../alarms/alarmTypes';
import type { Database, Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import type { PushPublisher } from '../push/PushPublisher';
import type { RecognitionService } from '../recognition/RecognitionService';
import { watchlistChangedPushTopic } from '../../contracts/push/watchlistPushTopics';
import type { CameraAreas } from './CameraAreas';

export type CreateDeployment = BodyOf<typeof watchlistRoutes.create>;
type DeploymentRow = Database['watchlist_deployments'];
type TargetRow = Database['watchlist_targets'];

/** The longest time window a deployment may have. */
const MAX_WINDOW_MS = 366 * 86_400_000;

// Cameras and areas are stored as ",1,2,3," and ",江南大道,滨盛路," ('' for none); area names hold no comma.
const listText = (items: readonly (number | string)[]) => (items.length ? `,${items.join(',')},` : '');
const itemsOf = (text: string) => text.split(',').filter(Boolean);

export interface HitFilter {
  kind?: WatchlistKind;
  deploymentId?: number;
  alarmId?: number;
  pageNum: number;
  pageSize: number;
}

/**
 * Deployments (布防) of a tenant: created checked (cameras of the tenant's recognition cameras and/or
 * areas of its named places, targets in
 * the pattern language, people with the tenant's uploaded photos, a window that ends in the future),
 * moved through active ⇄ paused → ended (an illegal move is a 409 naming both statuses and changes
 * nothing: the UPDATE names the statuses it moves from), listed with their hit counts, and their hits.
 */
export class WatchlistService {
  constructor(
    private readonly db: Db,
    private readonly recognition: RecognitionService,
    private readonly alarmTypes: ReadonlyMap<string, AlarmType>,
    private readonly now: () => number,
    private readonly defaultIntervalMinutes: number,
    private readonly push: PushPublisher,
    private readonly cameraAreas: CameraAreas,
  ) {}

  async list(
    tenantId: number,
    filter: { kind?: WatchlistKind; status?: WatchlistStatus; pageNum: number; pageSize: number },
  ): Promise<{ rows: WatchlistDeployment[]; total: number }> {
    let scope = this.db.selectFrom('watchlist_deployments').where('tenant_id', '=', tenantId);
    if (filter.kind) scope = scope.where('kind', '=', filter.kind);
    if (filter.status) scope = scope.where('status', '=', filter.status);
    const [count, rows] = await Promise.all([
      scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      scope
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('deployment_id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute(),
    ]);
    return { rows: await this.withTargets(tenantId, rows), total: Number(count.n) };
  }

  async detail(tenantId: number, deploymentId: number): Promise<WatchlistDeployment> {
    const row = await this.db
      .selectFrom('watchlist_deployments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('deployment_id', '=', deploymentId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `布防不存在：${deploymentId}`);
    return (await this.withTargets(tenantId, [row]))[0]!;
  }

  /** The tenant's active deployments with their targets: what a record is matched against and the simulator passes. */
  async active(tenantId: number): Promise<WatchlistDeployment[]> {
    const rows = await this.db
      .selectFrom('watchlist_deployments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .execute();
    return this.withTargets(tenantId, rows, false);
  }

  async create(tenantId: number, userId: number | null, body: CreateDeployment): Promise<WatchlistDeployment> {
    const checked = await this.check(tenantId, body);
    const at = this.now();
    const deploymentId = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('watchlist_deployments')
        .values({
          deployment_id: undefined,
          tenant_id: tenantId,
          kind: body.kind,
          name: body.name.trim(),
          event_type: body.eventType,
          alarm_type: checked.alarmType,
          grade: checked.grade,
          device_ids: listText(checked.deviceIds),
          areas: listText(checked.areas),
          valid_from: body.validFrom,
          valid_until: body.validUntil,
          interval_minutes: body.intervalMinutes ?? this.defaultIntervalMinutes,
          status: 'active',
          created_by: userId,
          created_at: at,
          updated_at: at,
        })
        .returning('deployment_id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.deployment_id);
      await trx
        .insertInto('watchlist_targets')
        .values(checked.targets.map((target) => ({ target_id: undefined, tenant_id: tenantId, deployment_id: id, ...target })))
        .execute();
      return id;
    });
    await this.push.publish(tenantId, watchlistChangedPushTopic, { deploymentId, status: 'active', time: at });
    return this.detail(tenantId, deploymentId);
  }

  /** 暂停, 恢复, 撤防. */
  async act(tenantId: number, deploymentId: number, action: WatchlistAction): Promise<WatchlistDeployment> {
    const move = WATCHLIST_MOVES[action];
    const result = await this.db
      .updateTable('watchlist_deployments')
      .set({ status: move.to, updated_at: this.now() })
      .where('tenant_id', '=', tenantId)
      .where('deployment_id', '=', deploymentId)
      .where('status', 'in', [...move.from])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const current = await this.detail(tenantId, deploymentId);
      throw new AppError(409, `布防「${current.name}」${WATCHLIST_STATUS_LABELS[current.status]}，不能${WATCHLIST_ACTION_LABELS[action]}`);
    }
    await this.push.publish(tenantId, watchlistChangedPushTopic, { deploymentId, status: move.to, time: this.now() });
    return this.detail(tenantId, deploymentId);
  }

  /** The tenant's hits, newest first, with their deployment's and camera's names. */
  async hits(tenantId: number, filter: HitFilter): Promise<{ rows: WatchlistHit[]; total: number }> {
    let scope = this.db
      .selectFrom('watchlist_hits as h')
      .innerJoin('watchlist_deployments as w', (join) =>
        join.onRef('w.deployment_id', '=', 'h.deployment_id').onRef('w.tenant_id', '=', 'h.tenant_id'),
      )
      .where('h.tenant_id', '=', tenantId);
    if (filter.kind) scope = scope.where('w.kind', '=', filter.kind);
    if (filter.deploymentId) scope = scope.where('h.deployment_id', '=', filter.deploymentId);
    if (filter.alarmId) scope = scope.where('h.alarm_id', '=', filter.alarmId);
    const [count, rows] = await Promise.all([
      scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      scope
        .leftJoin('devices as d', (join) => join.onRef('d.device_id', '=', 'h.device_id').onRef('d.tenant_id', '=', 'h.tenant_id'))
        .selectAll('h')
        .select(['w.name as deployment_name', 'd.name as device_name'])
        .orderBy('h.at', 'desc')
        .orderBy('h.hit_id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      rows: rows.map((row) => ({
        hitId: Number(row.hit_id),
        deploymentId: Number(row.deployment_id),
        deploymentName: row.deployment_name,
        targetId: Number(row.target_id),
        label: row.label,
        recordId: Number(row.record_id),
        deviceId: row.device_id,
        deviceName: row.device_name ?? `设备 ${row.device_id}`,
        at: Number(row.at),
        alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
        snapshotUrl: watchlistSnapshotPath(Number(row.record_id)),
      })),
    };
  }

  /** Whether a record is one of the tenant's hits (its snapshot is then shown on the watchlist pages). */
  async isHitRecord(tenantId: number, recordId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('watchlist_hits')
      .select('hit_id')
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Checks a new deployment beyond its schema; a clear Chinese 400 naming the field, before anything is written. */
  private async check(tenantId: number, body: CreateDeployment) {
    const event = WATCHLIST_EVENTS[body.eventType];
    if (event.kind !== body.kind)
      throw badRequest(`布防类型（eventType）${body.eventType} 不能用于${body.kind === 'face' ? '人脸' : '车辆'}布防`);
    const alarmType = this.alarmTypes.get(event.alarmType);
    if (!alarmType) throw badRequest(`布防类型（eventType）${body.eventType} 的告警类型 ${event.alarmType} 未启用`);
    if (!body.name.trim()) throw badRequest('请填写布防名称（name）');
    if (body.validUntil <= body.validFrom) throw badRequest('失效时间（validUntil）必须晚于生效时间（validFrom）');
    if (body.validUntil - body.validFrom > MAX_WINDOW_MS) throw badRequest('布防时间（validFrom 至 validUntil）不能超过 366 天');
    if (body.validUntil <= this.now()) throw badRequest('失效时间（validUntil）必须晚于现在');
    const deviceIds = [...new Set(body.deviceIds ?? [])];
    const areas = [...new Set(body.areas ?? [])];
    if (!deviceIds.length && !areas.length) throw badRequest('请选择摄像机（deviceIds）或区域（areas）');
    if (deviceIds.length) {
      const cameras = new Set((await this.recognition.cameras(tenantId)).map((camera) => camera.deviceId));
      const unknown = deviceIds.filter((deviceId) => !cameras.has(deviceId));
      if (unknown.length) throw badRequest(`摄像机（deviceIds）中 ${unknown.join('、')} 不是本租户的识别摄像机`);
    }
    const known = new Set(this.cameraAreas.names(tenantId));
    const unknownAreas = areas.filter((area) => !known.has(area));
    if (unknownAreas.length) throw badRequest(`区域（areas）中「${unknownAreas.join('」「')}」不是本租户的区域`);
    return {
      alarmType: alarmType.code,
      grade: body.grade ?? alarmType.defaultGrade,
      deviceIds,
      areas,
      targets: await this.targets(tenantId, body),
    };
  }

  private async targets(tenantId: number, body: CreateDeployment): Promise<Omit<TargetRow, 'target_id' | 'tenant_id' | 'deployment_id'>[]> {
    if (body.kind === 'vehicle') {
      if (body.people?.length) throw badRequest('车辆布防不能布控人员（people）');
      if (!body.plates?.length) throw badRequest('请填写要布控的车牌（plates）');
      const targets = new Map<string, { kind: WatchlistTargetKind; value: string; photo_id: null }>();
      body.plates.forEach((text, index) => {
        const parsed = parsePlateTarget(text);
        if ('problem' in parsed) throw badRequest(`车牌（plates）第 ${index + 1} 项${parsed.problem}`);
        targets.set(parsed.value, { ...parsed, photo_id: null });
      });
      return [...targets.values()];
    }
    if (body.plates?.length) throw badRequest('人脸布防不能布控车牌（plates）');
    if (!body.people?.length) throw badRequest('请添加要布控的人员（people）');
    const photoIds = [...new Set(body.people.map((person) => person.photoId))];
    const found = await this.db
      .selectFrom('watchlist_photos')
      .select('photo_id')
      .where('tenant_id', '=', tenantId)
      .where('photo_id', 'in', photoIds)
      .execute();
    const known = new Set(found.map((row) => Number(row.photo_id)));
    return body.people.map((person, index) => {
      const name = person.name.trim();
      if (!name) throw badRequest(`人员（people）第 ${index + 1} 项请填写姓名`);
      if (!known.has(person.photoId)) throw badRequest(`人员（people）第 ${index + 1} 项的照片 ${person.photoId} 不存在，请重新上传`);
      return { kind: 'person', value: name, photo_id: person.photoId };
    });
  }

  private async withTargets(tenantId: number, rows: readonly DeploymentRow[], counted = true): Promise<WatchlistDeployment[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => Number(row.deployment_id));
    const [targets, counts] = await Promise.all([
      this.db
        .selectFrom('watchlist_targets')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('deployment_id', 'in', ids)
        .orderBy('target_id')
        .execute(),
      counted
        ? this.db
            .selectFrom('watchlist_hits')
            .select(['deployment_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('at').as('last')])
            .where('tenant_id', '=', tenantId)
            .where('deployment_id', 'in', ids)
            .groupBy('deployment_id')
            .execute()
        : [],
    ]);
    const hitsOf = new Map(counts.map((row) => [Number(row.deployment_id), { n: Number(row.n), last: Number(row.last) }]));
    return rows.map((row) => {
      const id = Number(row.deployment_id);
      const hits = hitsOf.get(id);
      return {
        deploymentId: id,
        kind: row.kind as WatchlistKind,
        name: row.name,
        eventType: row.event_type as WatchlistEventType,
        alarmType: row.alarm_type,
        grade: row.grade,
        deviceIds: itemsOf(row.device_ids).map(Number),
        areas: itemsOf(row.areas),
        validFrom: Number(row.valid_from),
        validUntil: Number(row.valid_until),
        intervalMinutes: row.interval_minutes,
        status: row.status as WatchlistStatus,
        targets: targets
          .filter((target) => Number(target.deployment_id) === id)
          .map((target): WatchlistTarget => ({
            targetId: Number(target.target_id),
            kind: target.kind as WatchlistTargetKind,
            value: target.value,
            photoId: target.photo_id === null ? null : Number(target.photo_id),
          })),
        hitCount: hits?.n ?? 0,
        lastHitAt: hits ? hits.last : null,
        createdAt: Number(row.created_at),
      };
    });
  }
}
