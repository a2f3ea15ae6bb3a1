import type { Db } from '../db/Database';

export interface DirectoryEntry {
  deviceId: number;
  tenantId: number;
  code: string;
  kind: string;
  name: string;
}

/** How soon after a reload an unknown device may trigger another (a flood of unknown codes costs one query per interval). */
const RELOAD_INTERVAL_MS = 2000;

/**
 * Devices by id and by (tenant, code), kept in memory: every MQTT message names its device by topic,
 * and every command needs the device's code. A miss reloads the table (at most once per interval), so
 * a device added since the last load is found.
 */
export class DeviceDirectory {
  private byIdMap = new Map<number, DirectoryEntry>();
  private byCodeMap = new Map<string, DirectoryEntry>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.byIdMap.size;
  }

  all(): DirectoryEntry[] {
    return [...this.byIdMap.values()];
  }

  async load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db.selectFrom('devices').select(['device_id', 'tenant_id', 'code', 'kind', 'name']).execute();
        const byId = new Map<number, DirectoryEntry>();
        const byCode = new Map<string, DirectoryEntry>();
        for (const row of rows) {
          const entry = { deviceId: row.device_id, tenantId: row.tenant_id, code: row.code, kind: row.kind, name: row.name };
          byId.set(entry.deviceId, entry);
          byCode.set(`${entry.tenantId}/${entry.code}`, entry);
        }
        this.byIdMap = byId;
        this.byCodeMap = byCode;
        this.loadedAt = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  async byId(deviceId: number): Promise<DirectoryEntry | undefined> {
    return this.byIdMap.get(deviceId) ?? ((await this.reloadOnMiss()) ? this.byIdMap.get(deviceId) : undefined);
  }

  async byCode(tenantId: number, code: string): Promise<DirectoryEntry | undefined> {
    const key = `${tenantId}/${code}`;
    return this.byCodeMap.get(key) ?? ((await this.reloadOnMiss()) ? this.byCodeMap.get(key) : undefined);
  }

  private async reloadOnMiss(): Promise<boolean> {
    if (this.loading) {
      await this.loading;
      return true;
    }
    if (Date.now() - this.loadedAt < RELOAD_INTERVAL_MS) return false;
    await this.load();
    return true;
  }
}
