import { sql } from 'kysely';
import { deviceStatusPushTopic } from '../../contracts/push';
import type { AlarmService } from '../alarms/AlarmService';
import { dialectOf, type Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { StatusSink } from '../devices/FleetSimulator';
import type { DeviceDirectory, DirectoryEntry } from './DeviceDirectory';
import {
  ackedCommand,
  checkState,
  checkTelemetry,
  kindRules,
  MAX_PAYLOAD_BYTES,
  parsePayload,
  type DeviceAck,
  type KindRules,
} from './payloads';
import { parseDeviceTopic } from './topics';
import { recordStatusChanges } from '../operations/StatusRecorder';

/** Where the MQTT side logs (the server's pino logger fits; the device script passes a console one). */
export interface MqttLog {
  info(message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface IngestOptions {
  /** Telemetry waits at most this long (ms) before it is written … */
  batchMs: number;
  /** … or until this many messages are waiting, whichever comes first. */
  batchRows: number;
  maxPayloadBytes?: number;
}

export interface IngestDependencies {
  db: Db;
  catalog: DeviceCatalog;
  directory: DeviceDirectory;
  alarms: Pick<AlarmService, 'raise' | 'alarmTypeName'>;
  /** Told, after the commit, of devices that went on- or offline (online_event / offline_event). */
  status?: StatusSink;
  now: () => number;
  log: MqttLog;
  /**
   * An ack that passed its checks, and the instance key of the reply topic it came on (none: the plain
   * ack topic); returns why it was dropped, if it was (no command waits for it).
   */
  onAck(device: DirectoryEntry, ack: DeviceAck, replyTo: string | undefined): Promise<string | undefined>;
}

type Scalar = string | number | boolean;

/** What of a message's MQTT 5 properties the ingest reads. */
export interface MessageProperties {
  correlationData?: Uint8Array;
}

/** One accepted report waiting for the next batch. */
interface Report {
  deviceId: number;
  values?: Record<string, Scalar>;
  online?: boolean;
}

export interface IngestStats {
  received: number;
  dropped: number;
  /** Telemetry and status messages accepted, and how many of them have been written. */
  reports: number;
  reportsWritten: number;
  /** Transactions that wrote reports, and the device rows they updated. */
  batches: number;
  rowsWritten: number;
  alarms: number;
  acks: number;
  /** Drops by why (bounded labels for /metrics; the log line has the full reason). */
  droppedBy: Record<DropKind, number>;
}

/** Why a message was dropped, in a word (a metrics label). */
export const DROP_KINDS = ['topic', 'payload', 'unknown_device', 'fields', 'alarm_type', 'ack', 'error'] as const;
export type DropKind = (typeof DROP_KINDS)[number];

/** Logged drops per window; past it they are only counted, then summed up in one line. */
const DROP_LOG_LIMIT = 50;
const DROP_LOG_WINDOW_MS = 10_000;
/** Devices per SELECT of a batch (SQLite). */
const CHUNK = 500;
/** Devices per SELECT … FOR UPDATE and per multi-row UPDATE of a batch (PostgreSQL; the UPDATE takes them as three array parameters). */
const PG_CHUNK = 1000;
/** First wait before a write the database refused is tried again, doubled up to the most. */
const RETRY_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * Everything devices publish, checked before anything is written: the topic names a device of the
 * tenant, the payload is JSON of its channel's schema (payloads.ts), telemetry holds only fields the
 * device's kind declares. A message that fails is dropped whole and logged with the reason; nothing
 * of it is written. Telemetry and status reports are buffered and written together, in one
 * transaction per batch; alarms go through AlarmService.raise (stored, then pushed); acks to the gateway.
 * `handle` resolves when the message is stored, so the gateway acknowledges it to the broker only then:
 * a database that is away is waited for, and an instance that dies leaves its unstored messages with
 * the broker.
 */
export class MqttIngest {
  readonly stats: IngestStats = {
    received: 0,
    dropped: 0,
    reports: 0,
    reportsWritten: 0,
    batches: 0,
    rowsWritten: 0,
    alarms: 0,
    acks: 0,
    droppedBy: { topic: 0, payload: 0, unknown_device: 0, fields: 0, alarm_type: 0, ack: 0, error: 0 },
  };
  private readonly rules: Map<string, KindRules>;
  private readonly postgres: boolean;
  private batch: Batch = newBatch();
  private stopping = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropWindow = { startedAt: 0, logged: 0, suppressed: 0 };

  constructor(
    private readonly deps: IngestDependencies,
    private readonly options: IngestOptions,
  ) {
    this.rules = kindRules(deps.catalog);
    this.postgres = dialectOf(deps.db) === 'postgres';
  }

  /**
   * One message as it arrived; never throws. Resolves once the message may be acknowledged to the
   * broker: true when it is stored (or was dropped as bad: it would never be stored), false when it
   * could not be stored before the ingest stopped (then the broker must keep it and send it again).
   */
  async handle(topic: string, payload: Uint8Array, properties?: MessageProperties): Promise<boolean> {
    this.stats.received++;
    try {
      return await this.route(topic, payload, properties);
    } catch (error) {
      this.stats.dropped++;
      this.stats.droppedBy.error++;
      this.deps.log.error({ err: error, topic: topic.slice(0, 200) }, 'MQTT 消息处理失败');
      return true;
    }
  }

  /** Writes what is buffered now; resolves once every batch handed over so far is written (or given up at stop). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch;
    this.batch = newBatch();
    if (batch.reports.length) this.writing = this.writing.then(() => this.store(batch));
    return this.writing;
  }

  /** Stops retrying writes the database refuses; what is not stored by then is reported as not stored. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.flush();
  }

  /** Reports waiting for the next batch (tests, stats). */
  get buffered(): number {
    return this.batch.reports.length;
  }

  /** Logs a dropped message with its reason (rate-limited) and counts it. */
  drop(topic: string, reason: string, kind: DropKind): true {
    this.stats.dropped++;
    this.stats.droppedBy[kind]++;
    const at = Date.now();
    const window = this.dropWindow;
    if (at - window.startedAt > DROP_LOG_WINDOW_MS) {
      if (window.suppressed)
        this.deps.log.warn({ suppressed: window.suppressed }, `另有 ${window.suppressed} 条 MQTT 消息被丢弃（日志已限流）`);
      this.dropWindow = { startedAt: at, logged: 0, suppressed: 0 };
    }
    if (this.dropWindow.logged < DROP_LOG_LIMIT) {
      this.dropWindow.logged++;
      this.deps.log.warn({ topic: topic.slice(0, 200), reason }, `MQTT 消息已丢弃：${reason}`);
    } else this.dropWindow.suppressed++;
    return true;
  }

  private async route(topic: string, payload: Uint8Array, properties: MessageProperties | undefined): Promise<boolean> {
    const address = parseDeviceTopic(topic);
    if ('reason' in address) return this.drop(topic, address.reason, 'topic');
    const max = this.options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
    const unknownDevice = `未知设备：租户 ${address.tenantId} 下没有编码为 ${address.code} 的设备`;
    switch (address.channel) {
      case 'telemetry': {
        const message = parsePayload('telemetry', payload, max);
        if (!message.ok) return this.drop(topic, message.reason, 'payload');
        const device = await this.deps.directory.byCode(address.tenantId, address.code);
        if (!device) return this.drop(topic, unknownDevice, 'unknown_device');
        const values = checkTelemetry(this.rules.get(device.kind), message.value.values);
        if (!values.ok) return this.drop(topic, values.reason, 'fields');
        return this.enqueue({ deviceId: device.deviceId, values: values.value });
      }
      case 'status': {
        const message = parsePayload('status', payload, max);
        if (!message.ok) return this.drop(topic, message.reason, 'payload');
        const device = await this.deps.directory.byCode(address.tenantId, address.code);
        if (!device) return this.drop(topic, unknownDevice, 'unknown_device');
        return this.enqueue({ deviceId: device.deviceId, online: message.value.online });
      }
      case 'alarm': {
        const message = parsePayload('alarm', payload, max);
        if (!message.ok) return this.drop(topic, message.reason, 'payload');
        const device = await this.deps.directory.byCode(address.tenantId, address.code);
        if (!device) return this.drop(topic, unknownDevice, 'unknown_device');
        const { alarmType, content, description, grade } = message.value;
        const typeName = this.deps.alarms.alarmTypeName(alarmType);
        if (typeName === undefined) return this.drop(topic, `未知的告警类型：${alarmType}`, 'alarm_type');
        const raised = await this.untilStored('告警写入失败', () =>
          this.deps.alarms.raise({
            tenantId: device.tenantId,
            alarmType,
            deviceId: device.deviceId,
            content: `${device.name}：${content ?? typeName}`,
            ...(description !== undefined ? { description } : {}),
            ...(grade !== undefined ? { grade } : {}),
          }),
        );
        if (raised) this.stats.alarms++;
        return raised;
      }
      case 'ack': {
        const message = parsePayload('ack', payload, max);
        if (!message.ok) return this.drop(topic, message.reason, 'payload');
        const ack = ackedCommand(message.value, properties?.correlationData);
        if (!ack.ok) return this.drop(topic, ack.reason, 'ack');
        const device = await this.deps.directory.byCode(address.tenantId, address.code);
        if (!device) return this.drop(topic, unknownDevice, 'unknown_device');
        if (ack.value.state) {
          const state = checkState(this.rules.get(device.kind), ack.value.state);
          if (!state.ok) return this.drop(topic, state.reason, 'fields');
        }
        const refused = await this.deps.onAck(device, ack.value, address.replyTo);
        if (refused) return this.drop(topic, refused, 'ack');
        this.stats.acks++;
        return true;
      }
    }
  }

  private enqueue(report: Report): Promise<boolean> {
    this.stats.reports++;
    const batch = this.batch;
    batch.reports.push(report);
    if (batch.reports.length >= this.options.batchRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.batchMs);
      this.timer.unref();
    }
    return batch.stored;
  }

  /**
   * Runs `work` until the database takes it: a database that is away (restart, failover) is waited for,
   * every RETRY_MS up to RETRY_MAX_MS apart, so what devices sent is stored late rather than lost.
   * Gives up only when the ingest stops (false: the broker keeps the messages, unacknowledged).
   */
  private async untilStored(what: string, work: () => Promise<unknown>): Promise<boolean> {
    for (let attempt = 1, waitMs = RETRY_MS; ; attempt++, waitMs = Math.min(RETRY_MAX_MS, waitMs * 2)) {
      try {
        await work();
        if (attempt > 1) this.deps.log.info(`${what}后已重试成功（第 ${attempt} 次）`);
        return true;
      } catch (error) {
        if (attempt === 1 || attempt % 10 === 0)
          this.deps.log.error({ err: error, attempt }, `${what}，${waitMs} 毫秒后重试（消息暂不确认，不会丢失）`);
        if (this.stopping) return false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
        if (this.stopping) return false;
      }
    }
  }

  /** One batch, written until the database takes it; tells its messages whether they are stored. */
  private async store(batch: Batch): Promise<void> {
    const reports = batch.reports;
    let changes: StatusChange[] = [];
    let rows = 0;
    const stored = await this.untilStored(`遥测批量写入失败（${reports.length} 条消息）`, async () => {
      ({ changes, rows } = await this.write(reports));
    });
    if (!stored) {
      batch.settle(false);
      return;
    }
    this.stats.batches++;
    this.stats.rowsWritten += rows;
    this.stats.reportsWritten += reports.length;
    batch.settle(true);
    // Told after the commit, so a browser that hears of a change can read it back at once.
    for (const { tenantId, ...device } of changes) {
      await this.deps.status
        ?.publish(tenantId, deviceStatusPushTopic(device.online), device)
        .catch((error: unknown) => this.deps.log.error({ err: error }, '设备上下线推送失败'));
    }
  }

  /** The reports in one transaction: each device's reports merged in arrival order, its row updated once. */
  private async write(batch: Report[]): Promise<{ changes: StatusChange[]; rows: number }> {
    const merged = new Map<number, MergedReport>();
    for (const report of batch) {
      const entry = merged.get(report.deviceId) ?? { values: {}, online: undefined };
      // A device that reports is online; an explicit status (or its last will) says otherwise.
      if (report.values) {
        Object.assign(entry.values, report.values);
        entry.online = true;
      }
      if (report.online !== undefined) entry.online = report.online;
      merged.set(report.deviceId, entry);
    }
    const at = this.deps.now();
    if (this.postgres) return withRetry(() => this.writePostgres(merged, at));
    const ids = [...merged.keys()];
    return withRetry(() =>
      this.deps.db.transaction().execute(async (trx) => {
        const changes: StatusChange[] = [];
        let rows = 0;
        for (let start = 0; start < ids.length; start += CHUNK) {
          const current = await trx
            .selectFrom('devices')
            .select(['device_id', 'tenant_id', 'name', 'kind', 'online', 'telemetry'])
            .where('device_id', 'in', ids.slice(start, start + CHUNK))
            .orderBy('device_id')
            .execute();
          for (const row of current) {
            const { telemetry, online } = mergedRow(row, merged.get(row.device_id)!);
            // SQLite: a local call per row is cheap, and there is one writer anyway.
            await trx.updateTable('devices').set({ telemetry, online, updated_at: at }).where('device_id', '=', row.device_id).execute();
            rows++;
            if (online !== row.online)
              changes.push({
                tenantId: row.tenant_id,
                deviceId: row.device_id,
                deviceName: row.name,
                kind: row.kind,
                online: online === 1,
              });
          }
        }
        await recordStatusChanges(trx, changes, at, 'mqtt');
        return { changes, rows };
      }),
    );
  }

  /**
   * PostgreSQL: two statements per chunk of devices, whatever its size — the rows read and locked
   * (`FOR UPDATE`, so another instance's batch merges after ours, not over it), then all of them
   * written by one `UPDATE … FROM unnest(…)` — instead of one round trip per device. The devices are
   * locked in ascending id order across chunks, so two instances' batches never deadlock.
   */
  private async writePostgres(merged: Map<number, MergedReport>, at: number): Promise<{ changes: StatusChange[]; rows: number }> {
    const ids = [...merged.keys()].sort((a, b) => a - b);
    return this.deps.db.transaction().execute(async (trx) => {
      const changes: StatusChange[] = [];
      let rows = 0;
      for (let start = 0; start < ids.length; start += PG_CHUNK) {
        const current = await trx
          .selectFrom('devices')
          .select(['device_id', 'tenant_id', 'name', 'kind', 'online', 'telemetry'])
          .where('device_id', 'in', ids.slice(start, start + PG_CHUNK))
          .orderBy('device_id')
          .forUpdate()
          .execute();
        if (!current.length) continue;
        const written = { ids: [] as number[], telemetry: [] as string[], online: [] as number[] };
        for (const row of current) {
          const { telemetry, online } = mergedRow(row, merged.get(row.device_id)!);
          written.ids.push(row.device_id);
          written.telemetry.push(telemetry);
          written.online.push(online);
          if (online !== row.online)
            changes.push({ tenantId: row.tenant_id, deviceId: row.device_id, deviceName: row.name, kind: row.kind, online: online === 1 });
        }
        // Three array parameters, however many rows: one id appears once (the reports were merged above).
        const result = await sql`
          update devices set telemetry = v.telemetry, online = v.online, updated_at = ${at}
          from unnest(${written.ids}::integer[], ${written.telemetry}::text[], ${written.online}::integer[]) as v(id, telemetry, online)
          where devices.device_id = v.id`.execute(trx);
        rows += Number(result.numAffectedRows ?? 0);
      }
      await recordStatusChanges(trx, changes, at, 'mqtt');
      return { changes, rows };
    });
  }
}

/** A device's reports of one batch, merged in arrival order. */
interface MergedReport {
  values: Record<string, Scalar>;
  online: boolean | undefined;
}

/** The row a device's merged reports leave: telemetry fields replaced or added (the others kept), online as reported or unchanged. */
function mergedRow(row: { telemetry: string; online: number }, update: MergedReport): { telemetry: string; online: number } {
  const telemetry = Object.keys(update.values).length
    ? JSON.stringify({ ...(JSON.parse(row.telemetry) as Record<string, unknown>), ...update.values })
    : row.telemetry;
  const online = update.online === undefined ? row.online : update.online ? 1 : 0;
  return { telemetry, online };
}

interface StatusChange {
  tenantId: number;
  deviceId: number;
  deviceName: string;
  kind: string;
  online: boolean;
}

/** Reports written together, and the promise their messages' acknowledgements wait on. */
interface Batch {
  reports: Report[];
  stored: Promise<boolean>;
  settle(stored: boolean): void;
}

function newBatch(): Batch {
  let settle: (stored: boolean) => void = () => undefined;
  const stored = new Promise<boolean>((resolve) => (settle = resolve));
  return { reports: [], stored, settle };
}

/** PostgreSQL's serialization_failure and deadlock_detected: nothing was done, and the transaction may simply be run again. */
function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '40001' || code === '40P01';
}

/** Runs a transaction again (up to three times in all) when the database aborted it only to stay consistent. */
export async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}
