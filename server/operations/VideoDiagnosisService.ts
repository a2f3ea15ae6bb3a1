import { sql } from 'kysely';
import { videoDiagnosisPushTopic } from '../../contracts/push';
import {
  DIAGNOSIS_REASON_LABELS,
  DIAGNOSIS_REASONS,
  DIAGNOSIS_TREND_HOURS,
  type CameraHealth,
  type CameraDiagnosisHistory,
  type CameraHealthFilter,
  type DiagnosisCheck,
  type DiagnosisReason,
  type DiagnosisRun,
  type DiagnosisSummary,
  type DiagnosisTrend,
  type DiagnosisTrendRange,
  type PictureState,
} from '../../contracts/operations';
import type { Database, Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { AppError, badRequest } from '../envelope';
import { bucketOf, HOUR_MS, hourStart } from '../stats/periods';
import type { PushPublisher } from '../push/PushPublisher';
import { PICTURE_FIELD, pictureFromTelemetry } from './simulatedPicture';

export interface VideoDiagnosisOptions {
  /** How often the leader diagnoses every camera (ms; 0: only on demand). */
  intervalMs: number;
  /** Checks older than this are deleted after each run (ms). */
  retentionMs: number;
}

/** Where the checks' inputs come from. */
export interface DiagnosisSources {
  /** Whether the stream endpoint can serve a known camera now (StreamService.available: ffmpeg found). */
  streamAvailable(): boolean;
  /** The simulator's picture analysis of a camera, when devices are simulated in-process; undefined over MQTT. */
  simulatedPicture?: (deviceId: number) => PictureState;
  /** Whether a camera is online at the run's time; absent: as the devices table says (a replayed history says what it was then). */
  online?: (deviceId: number, stored: boolean) => boolean;
}

const CHUNK = 400;
type CheckRow = Database['video_diagnosis_checks'];

/**
 * Video diagnosis (视频诊断): every camera (device kinds whose manifest has liveVideo) of a tenant is
 * checked — online (from the database), the stream endpoint able to serve it, and its picture (frozen,
 * black, blurred: the in-process simulator's analysis, or over MQTT the camera's `picture` telemetry) —
 * and each check kept in video_diagnosis_checks (deleted after the retention). One run writes every
 * camera of the tenant with the same time, so the latest run is the current health.
 */
export class VideoDiagnosisService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly sources: DiagnosisSources,
    private readonly push: PushPublisher | undefined,
    readonly options: VideoDiagnosisOptions,
    private readonly now: () => number,
  ) {}

  private get cameraKinds(): string[] {
    return this.catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
  }

  private kindName(kind: string): string {
    return this.catalog.byPage(kind)?.displayName ?? kind;
  }

  /** One check's verdict from what was observed. */
  static judge(online: boolean, streamOk: boolean, picture: PictureState | null): DiagnosisReason[] {
    // An offline camera has no picture to analyse: offline is the whole story.
    if (!online) return ['offline'];
    const reasons: DiagnosisReason[] = [];
    if (!streamOk) reasons.push('noStream');
    if (picture && picture !== 'ok') reasons.push(picture);
    return reasons;
  }

  /** The in-process simulator's analysis; over MQTT, what the camera last reported in its `picture` telemetry (null when it never did). */
  private pictureOf(deviceId: number, telemetry: string): PictureState | null {
    if (this.sources.simulatedPicture) return this.sources.simulatedPicture(deviceId);
    try {
      return pictureFromTelemetry((JSON.parse(telemetry) as Record<string, unknown>)[PICTURE_FIELD]);
    } catch {
      // A malformed telemetry row reports nothing.
      return null;
    }
  }

  /** Checks every camera of one tenant (run now) or of all tenants (the leader's schedule); then prunes old checks. */
  async run(tenantId?: number): Promise<Map<number, DiagnosisRun>> {
    const kinds = this.cameraKinds;
    const at = this.now();
    const runs = new Map<number, DiagnosisRun>();
    if (kinds.length) {
      let query = this.db
        .selectFrom('devices')
        .select(['device_id', 'tenant_id', 'online', 'telemetry'])
        .where('kind', 'in', kinds)
        .orderBy('device_id');
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      const cameras = await query.execute();
      const streamOk = this.sources.streamAvailable();
      const rows = cameras.map((camera) => {
        const online = this.sources.online ? this.sources.online(camera.device_id, camera.online === 1) : camera.online === 1;
        const picture = online ? this.pictureOf(camera.device_id, camera.telemetry) : null;
        const reasons = VideoDiagnosisService.judge(online, streamOk, picture);
        const run = runs.get(camera.tenant_id) ?? { at, cameras: 0, healthy: 0, faulty: 0 };
        run.cameras++;
        if (reasons.length) run.faulty++;
        else run.healthy++;
        runs.set(camera.tenant_id, run);
        return {
          id: undefined,
          tenant_id: camera.tenant_id,
          device_id: camera.device_id,
          at,
          online: online ? 1 : 0,
          stream_ok: streamOk ? 1 : 0,
          picture,
          healthy: reasons.length ? 0 : 1,
          reasons: reasons.join(','),
        };
      });
      await this.db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += CHUNK)
          await trx
            .insertInto('video_diagnosis_checks')
            .values(rows.slice(start, start + CHUNK))
            .execute();
      });
    }
    if (tenantId !== undefined && !runs.has(tenantId)) runs.set(tenantId, { at, cameras: 0, healthy: 0, faulty: 0 });
    await this.prune();
    for (const [tenant, run] of runs) await this.push?.publish(tenant, videoDiagnosisPushTopic, run).catch(() => undefined);
    return runs;
  }

  /** Deletes checks older than the retention. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('video_diagnosis_checks')
      .where('at', '<', this.now() - this.options.retentionMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async lastRunAt(tenantId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('video_diagnosis_checks')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  private toCheck(row: CheckRow): DiagnosisCheck {
    const reasons = row.reasons
      ? (row.reasons.split(',').filter((reason) => (DIAGNOSIS_REASONS as readonly string[]).includes(reason)) as DiagnosisReason[])
      : [];
    return {
      checkId: Number(row.id),
      deviceId: row.device_id,
      at: row.at,
      online: row.online === 1,
      streamOk: row.stream_ok === 1,
      picture: (row.picture as PictureState | null) ?? null,
      healthy: row.healthy === 1,
      reasons,
      reasonNames: reasons.map((reason) => DIAGNOSIS_REASON_LABELS[reason]),
    };
  }

  /** The latest run's check of every camera, faulty first. */
  async grid(tenantId: number, status?: CameraHealthFilter): Promise<CameraHealth[]> {
    const at = await this.lastRunAt(tenantId);
    if (at === null) return [];
    let query = this.db
      .selectFrom('video_diagnosis_checks as c')
      .innerJoin('devices as d', 'd.device_id', 'c.device_id')
      .selectAll('c')
      .select(['d.name as device_name', 'd.kind as kind'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.at', '=', at);
    if (status === 'healthy') query = query.where('c.healthy', '=', 1);
    if (status === 'faulty') query = query.where('c.healthy', '=', 0);
    const rows = await query.orderBy('c.healthy').orderBy('c.device_id').execute();
    return rows.map((row) => ({ ...this.toCheck(row), deviceName: row.device_name, kind: row.kind, kindName: this.kindName(row.kind) }));
  }

  async summary(tenantId: number): Promise<DiagnosisSummary> {
    const grid = await this.grid(tenantId);
    const byReason = DIAGNOSIS_REASONS.map((reason) => ({
      reason,
      reasonName: DIAGNOSIS_REASON_LABELS[reason],
      count: grid.filter((camera) => camera.reasons.includes(reason)).length,
    })).filter((entry) => entry.count > 0);
    const healthy = grid.filter((camera) => camera.healthy).length;
    return {
      lastRunAt: grid[0]?.at ?? null,
      cameras: grid.length,
      healthy,
      faulty: grid.length - healthy,
      byReason,
      streamAvailable: this.sources.streamAvailable(),
      intervalMs: this.options.intervalMs,
    };
  }

  /** Failed checks, newest first (all cameras, within the retention). */
  async failures(tenantId: number, pageNum: number, pageSize: number, deviceId?: number): Promise<{ rows: CameraHealth[]; total: number }> {
    let base = this.db.selectFrom('video_diagnosis_checks as c').where('c.tenant_id', '=', tenantId).where('c.healthy', '=', 0);
    if (deviceId !== undefined) base = base.where('c.device_id', '=', deviceId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const rows = await base
      .innerJoin('devices as d', 'd.device_id', 'c.device_id')
      .selectAll('c')
      .select(['d.name as device_name', 'd.kind as kind'])
      .orderBy('c.at', 'desc')
      .orderBy('c.device_id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return {
      rows: rows.map((row) => ({ ...this.toCheck(row), deviceName: row.device_name, kind: row.kind, kindName: this.kindName(row.kind) })),
      total,
    };
  }

  /** The share of healthy checks per hour, the current hour last. */
  async trend(tenantId: number, range: DiagnosisTrendRange): Promise<DiagnosisTrend> {
    // Hours back from the current hour.
    const hours = DIAGNOSIS_TREND_HOURS[range];
    const first = hourStart(this.now()) - (hours - 1) * HOUR_MS;
    const rows = await this.db
      .selectFrom('video_diagnosis_checks')
      .select([
        bucketOf('at', 'hour').as('hour'),
        (eb) => eb.fn.countAll<number>().as('count'),
        sql<number>`coalesce(sum(healthy), 0)`.as('healthy'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('at', '>=', first)
      .groupBy(sql`1`)
      .execute();
    const byHour = new Map(rows.map((row) => [Number(row.hour), row]));
    const buckets = Array.from({ length: hours }, (_, index) => first + index * HOUR_MS);
    return {
      buckets,
      healthyShare: buckets.map((hour) => {
        const row = byHour.get(hour);
        return row && Number(row.count) > 0 ? Math.round((Number(row.healthy) / Number(row.count)) * 1e6) / 1e6 : null;
      }),
      checks: buckets.map((hour) => Number(byHour.get(hour)?.count ?? 0)),
    };
  }

  /** A camera of the tenant's checks, newest first (404 for another tenant's device, 400 for one without video). */
  async history(tenantId: number, deviceId: number, limit: number): Promise<CameraDiagnosisHistory> {
    const device = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name', 'kind', 'online'])
      .where('device_id', '=', deviceId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!device) throw new AppError(404, `设备不存在：${deviceId}`);
    if (!this.cameraKinds.includes(device.kind)) throw badRequest(`${device.name} 不是摄像机，没有视频诊断记录`);
    const rows = await this.db
      .selectFrom('video_diagnosis_checks')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return {
      camera: { deviceId, deviceName: device.name, kind: device.kind, kindName: this.kindName(device.kind), online: device.online === 1 },
      checks: rows.map((row) => this.toCheck(row)),
    };
  }
}
