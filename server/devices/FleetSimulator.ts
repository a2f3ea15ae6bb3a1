import { JobRuns } from '../cluster/JobRuns';
import type { Db } from '../db/Database';
import type { DeviceCatalog, DeviceKind } from '../catalog/deviceCatalog';
import type { DeviceGateway, GatewayDevice, GatewayResult } from './DeviceGateway';
import { seededRandom } from '../simulation/seededRandom';
import { recordStatusChanges } from '../operations/StatusRecorder';
import { reportSimulatedPicture, simulatedPicture } from '../operations/simulatedPicture';
import type { PictureState } from '../../contracts/operations';
import { deviceStatusPushTopic } from '../../contracts/push';
import type { PushPublisher } from '../push/PushPublisher';

export interface SimulatorOptions {
  /** Telemetry and on/offline changes every this many ms; 0 = no background ticks. */
  tickMs: number;
  /** Share of devices that report on each tick. */
  reportShare?: number;
  /** Chance per tick that an online device goes offline (default 0.0002: at a 3 s tick, about once in 4 hours). */
  flipChance?: number;
  /**
   * Chance per tick that an offline device comes back (default 0.01: outages of about 5 minutes at a 3 s
   * tick, so some 98 % of the fleet is online and a few outages a tenant an hour outlast the fault
   * threshold of 设备运维). Defaults to `flipChance` when only that is given.
   */
  recoverChance?: number;
  /** A background tick that failed (logged by the server); ticks go on. */
  onError?: (error: unknown) => void;
  /** A command takes effect after a delay in this range (ms). */
  commandDelayMs: [number, number];
  /** Alarms raised per minute over the whole fleet. */
  alarmsPerMinute?: number;
  seed?: number;
}

/** Where on/offline changes go: the push channel, as the spec's online_event / offline_event. */
export type StatusSink = PushPublisher;

/** Where a device's alarm goes: the alarm service in the reference server, the same as MQTT ingest. */
export interface AlarmSink {
  raise(alarm: { tenantId: number; alarmType: string; deviceId: number; content: string; description?: string }): Promise<unknown>;
  /** The Chinese name of a loaded alarm type; undefined when no alarm plugin declares the code. */
  alarmTypeName(code: string): string | undefined;
}

/** A kind's simulated alarm, ready to raise. */
interface SimulatedAlarm {
  type: string;
  content: string;
}

type StateValue = string | number | boolean;

/**
 * One report's telemetry: every numeric field of the kind takes a random step of up to ±5 % of its
 * declared range, staying inside it (changes `telemetry` and returns it). The in-process simulator and
 * the simulated MQTT devices (server/mqtt/MqttDeviceFleet.ts) report the same way.
 */
export function walkTelemetry(
  kind: DeviceKind | undefined,
  telemetry: Record<string, StateValue>,
  random: () => number,
): Record<string, StateValue> {
  for (const field of kind?.telemetry ?? []) {
    if (field.type !== 'number') continue;
    const min = field.min ?? 0;
    const max = field.max ?? 100;
    const current = Number(telemetry[field.key] ?? min);
    const next = Math.min(max, Math.max(min, current + (random() - 0.5) * (max - min) * 0.1));
    telemetry[field.key] = Math.round(next * 10) / 10;
  }
  return telemetry;
}

/** The state a device takes when it applies a command: the command's declared `effect`, "$param" copying a parameter (changes `state` and returns it). */
export function applyCommandEffect(
  kind: DeviceKind | undefined,
  command: number,
  params: Record<string, unknown>,
  state: Record<string, StateValue>,
): Record<string, StateValue> {
  const effect = kind?.commands?.find((candidate) => candidate.command === command)?.effect ?? {};
  for (const [key, value] of Object.entries(effect)) {
    state[key] = typeof value === 'string' && value.startsWith('$') ? (params[value.slice(1)] as StateValue) : value;
  }
  return state;
}

/**
 * Plays the fleet behind the DeviceGateway interface: sensors report plausible telemetry (random walk
 * inside each field's declared range), devices go on- and offline, and commands change a device's
 * state after a realistic delay, or fail when it is offline.
 */
export class FleetSimulator implements DeviceGateway {
  private timer: NodeJS.Timeout | undefined;
  /** Its ticks, for /metrics (ops_job_runs_total). */
  readonly runs = new JobRuns();
  private readonly random: () => number;
  private alarmTable: Map<string, SimulatedAlarm[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly options: SimulatorOptions,
    private readonly now: () => number,
    private readonly alarms?: AlarmSink,
    private readonly status?: StatusSink,
  ) {
    this.random = seededRandom(options.seed ?? Date.now());
  }

  /**
   * What each kind of device reports when something is wrong: its manifest's `simulatedAlarms`, by
   * page name; an alarm type no loaded alarm plugin declares is left out, and its text defaults to the
   * alarm type's name.
   */
  simulatedAlarms(): Map<string, SimulatedAlarm[]> {
    if (this.alarmTable) return this.alarmTable;
    const table = new Map<string, SimulatedAlarm[]>();
    for (const kind of this.catalog.kinds) {
      const alarms = (kind.simulatedAlarms ?? []).flatMap((alarm): SimulatedAlarm[] => {
        const name = this.alarms?.alarmTypeName(alarm.code);
        return name === undefined ? [] : [{ type: alarm.code, content: alarm.content ?? name }];
      });
      if (alarms.length) table.set(kind.page, alarms);
    }
    return (this.alarmTable = table);
  }

  /** Raises the alarms due this tick: on average alarmsPerMinute per minute. */
  async raiseAlarms(count: number): Promise<number> {
    if (!this.alarms || count <= 0) return 0;
    const table = this.simulatedAlarms();
    if (!table.size) return 0;
    // In id order, so the seeded random picks the same devices on both databases (PostgreSQL has no implicit order).
    const candidates = await this.db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id', 'kind', 'name'])
      .where('online', '=', 1)
      .where('kind', 'in', [...table.keys()])
      .orderBy('device_id')
      .execute();
    let raised = 0;
    for (let index = 0; index < count && candidates.length; index++) {
      const device = candidates[Math.floor(this.random() * candidates.length)]!;
      const options = table.get(device.kind)!;
      const alarm = options[Math.floor(this.random() * options.length)]!;
      await this.alarms.raise({
        tenantId: device.tenant_id,
        alarmType: alarm.type,
        deviceId: device.device_id,
        content: `${device.name}：${alarm.content}`,
      });
      raised++;
    }
    return raised;
  }

  /** Whether the background ticks run (on one instance of a cluster: the leader's). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.options.tickMs > 0 && !this.timer) {
      let alarmDebt = 0;
      this.timer = setInterval(() => {
        // Carry fractions over so low rates still produce alarms.
        alarmDebt += ((this.options.alarmsPerMinute ?? 0) * this.options.tickMs) / 60_000;
        const due = Math.floor(alarmDebt);
        alarmDebt -= due;
        void this.runs.count(Promise.all([this.tick(), this.raiseAlarms(due)])).catch(this.options.onError ?? (() => undefined));
      }, this.options.tickMs);
      this.timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async execute(device: GatewayDevice, command: number, params: Record<string, unknown>): Promise<GatewayResult> {
    const [min, max] = this.options.commandDelayMs;
    if (max > 0) await new Promise((resolve) => setTimeout(resolve, min + (max - min) * this.random()));
    const row = await this.db
      .selectFrom('devices')
      .select(['online', 'state', 'kind'])
      .where('device_id', '=', device.deviceId)
      .executeTakeFirst();
    if (!row) return { success: false, message: '设备不存在' };
    if (!row.online) return { success: false, message: '设备离线，命令未执行' };
    const state = applyCommandEffect(this.catalog.byPage(row.kind), command, params, JSON.parse(row.state) as Record<string, StateValue>);
    await this.db
      .updateTable('devices')
      .set({ state: JSON.stringify(state), updated_at: this.now() })
      .where('device_id', '=', device.deviceId)
      .execute();
    return { success: true, message: '执行成功', state };
  }

  /** What the simulated camera's picture analysis says now: most are fine, a few frozen, black or blurred for hours at a time. */
  diagnosePicture(deviceId: number): PictureState {
    return simulatedPicture(deviceId, this.now());
  }

  /** A device reports it went on- or offline (the dev endpoint's way in); the tenant hears of it. */
  async setOnline(deviceId: number, online: boolean): Promise<boolean> {
    const row = await this.db
      .selectFrom('devices')
      .select(['tenant_id', 'name', 'kind', 'online'])
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    if (!row) return false;
    if (Boolean(row.online) === online) return true;
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('devices')
        .set({ online: online ? 1 : 0, updated_at: at })
        .where('device_id', '=', deviceId)
        .execute();
      await recordStatusChanges(trx, [{ tenantId: row.tenant_id, deviceId, kind: row.kind, online }], at, 'simulator');
    });
    await this.status?.publish(row.tenant_id, deviceStatusPushTopic(online), {
      deviceId,
      deviceName: row.name,
      kind: row.kind,
      online,
    });
    return true;
  }

  /** One round of reports: a share of devices move their telemetry, a few go on- or offline. */
  async tick(): Promise<number> {
    // In id order: the seeded random is drawn device by device, and two instances' ticks lock rows in the same order.
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id', 'name', 'kind', 'online', 'telemetry'])
      .orderBy('device_id')
      .execute();
    const flipped: { tenantId: number; deviceId: number; deviceName: string; kind: string; online: boolean }[] = [];
    const share = this.options.reportShare ?? 0.05;
    const goOffline = this.options.flipChance ?? 0.0002;
    const comeBack = this.options.recoverChance ?? (this.options.flipChance === undefined ? 0.01 : this.options.flipChance);
    const at = this.now();
    let changed = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const flips = this.random() < (row.online ? goOffline : comeBack);
        if (!flips && this.random() >= share) continue;
        const telemetry = walkTelemetry(
          this.catalog.byPage(row.kind),
          JSON.parse(row.telemetry) as Record<string, StateValue>,
          this.random,
        );
        reportSimulatedPicture(this.catalog.byPage(row.kind), row.device_id, at, telemetry);
        await trx
          .updateTable('devices')
          .set({ telemetry: JSON.stringify(telemetry), online: flips ? (row.online ? 0 : 1) : row.online, updated_at: at })
          .where('device_id', '=', row.device_id)
          .execute();
        if (flips)
          flipped.push({ tenantId: row.tenant_id, deviceId: row.device_id, deviceName: row.name, kind: row.kind, online: !row.online });
        changed++;
      }
      await recordStatusChanges(trx, flipped, at, 'simulator');
    });
    // Told after the commit, so a browser that hears of a change can read it back at once.
    for (const { tenantId, ...device } of flipped) await this.status?.publish(tenantId, deviceStatusPushTopic(device.online), device);
    return changed;
  }
}
