import type { Db } from '../db/Database';
import type { DeviceCatalog } from './deviceCatalog';
import type { DeviceGateway, GatewayDevice, GatewayResult } from './DeviceGateway';
import { seededRandom } from './seedFleet';

export interface SimulatorOptions {
  /** Telemetry and on/offline changes every this many ms; 0 = no background ticks. */
  tickMs: number;
  /** Share of devices that report on each tick. */
  reportShare?: number;
  /** Chance per tick that a device goes on- or offline. */
  flipChance?: number;
  /** A command takes effect after a delay in this range (ms). */
  commandDelayMs: [number, number];
  seed?: number;
}

type StateValue = string | number | boolean;

/**
 * Plays the fleet behind the DeviceGateway interface: sensors report plausible telemetry (random walk
 * inside each field's declared range), devices go on- and offline, and commands change a device's
 * state after a realistic delay, or fail when it is offline.
 */
export class FleetSimulator implements DeviceGateway {
  private timer: NodeJS.Timeout | undefined;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly options: SimulatorOptions,
    private readonly now: () => number,
  ) {
    this.random = seededRandom(options.seed ?? Date.now());
  }

  start(): void {
    if (this.options.tickMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.tick().catch(() => undefined), this.options.tickMs);
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
    const row = await this.db.selectFrom('devices').select(['online', 'state', 'kind']).where('device_id', '=', device.deviceId).executeTakeFirst();
    if (!row) return { success: false, message: '设备不存在' };
    if (!row.online) return { success: false, message: '设备离线，命令未执行' };
    const kind = this.catalog.byPage(row.kind);
    const effect = kind?.commands?.find((candidate) => candidate.command === command)?.effect ?? {};
    const state = JSON.parse(row.state) as Record<string, StateValue>;
    for (const [key, value] of Object.entries(effect)) {
      state[key] = typeof value === 'string' && value.startsWith('$') ? (params[value.slice(1)] as StateValue) : value;
    }
    await this.db.updateTable('devices').set({ state: JSON.stringify(state), updated_at: this.now() }).where('device_id', '=', device.deviceId).execute();
    return { success: true, message: '执行成功', state };
  }

  /** One round of reports: a share of devices move their telemetry, a few go on- or offline. */
  async tick(): Promise<number> {
    const rows = await this.db.selectFrom('devices').select(['device_id', 'kind', 'online', 'telemetry']).execute();
    const share = this.options.reportShare ?? 0.05;
    const flip = this.options.flipChance ?? 0.003;
    const at = this.now();
    let changed = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const flips = this.random() < flip;
        if (!flips && this.random() >= share) continue;
        const kind = this.catalog.byPage(row.kind);
        const telemetry = JSON.parse(row.telemetry) as Record<string, StateValue>;
        for (const field of kind?.telemetry ?? []) {
          if (field.type !== 'number') continue;
          const min = field.min ?? 0;
          const max = field.max ?? 100;
          const current = Number(telemetry[field.key] ?? min);
          const next = Math.min(max, Math.max(min, current + (this.random() - 0.5) * (max - min) * 0.1));
          telemetry[field.key] = Math.round(next * 10) / 10;
        }
        await trx
          .updateTable('devices')
          .set({ telemetry: JSON.stringify(telemetry), online: flips ? (row.online ? 0 : 1) : row.online, updated_at: at })
          .where('device_id', '=', row.device_id)
          .execute();
        changed++;
      }
    });
    return changed;
  }
}
