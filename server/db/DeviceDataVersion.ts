/**
 * A number that changes whenever device rows or group memberships may have changed, as far as this
 * instance can tell: what lets a cache of device list pages (DeviceService.listPage) be trusted.
 *
 * - Statements of this process are seen where they run (StatementCache, PreparingClient): any statement
 *   that is not a plain `select` and names a device table. SQLite counts it when it runs (one connection:
 *   nothing reads between it and its commit); PostgreSQL once it is committed.
 * - SQLite: another connection's commits move `pragma data_version` (read with each `current()`).
 * - PostgreSQL: a committed change is announced by NOTIFY (see PreparingClient); every instance's
 *   listener hands it to `bump`. While the listener is down nothing is trusted (`trusted`), and its
 *   reconnection bumps. A NOTIFY still in flight is the one gap, bounded by the cache's age limit.
 *
 * Coarse on purpose: any device write invalidates every tenant's pages on this instance. A finer key
 * (per tenant) would need each write path to name its tenants; a missed one would be a stale list.
 */
export class DeviceDataVersion {
  private local = 0;
  private lastExternal: number | undefined;
  /** Read before each use on SQLite (another connection's commits); undefined on PostgreSQL. */
  external: (() => number) | undefined;
  /** Whether writes of other instances are being heard (PostgreSQL's listener); always on SQLite. */
  trusted: () => boolean = () => true;

  /** The current version, or undefined when nothing may be cached now. */
  current(): number | undefined {
    if (!this.trusted()) return undefined;
    if (this.external) {
      const external = this.external();
      if (external !== this.lastExternal) {
        this.lastExternal = external;
        this.local++;
      }
    }
    return this.local;
  }

  bump(): void {
    this.local++;
  }
}

/** The NOTIFY payload announcing committed device changes (PushHub and ProductSockets ignore it). */
export const DEVICES_CHANGED = 'devices-changed';

const PLAIN_READ = /^\s*select\b/i;
const DEVICE_TABLE = /\bdevice(s|_groups|_group_members)\b/i;

/** Whether a statement may change device rows or memberships (a `select` reads; anything else naming them may write). */
export function changesDevices(sql: string): boolean {
  return !PLAIN_READ.test(sql) && DEVICE_TABLE.test(sql);
}
