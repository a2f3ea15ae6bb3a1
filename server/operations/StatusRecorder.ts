import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/Database';

type Executor = Db | Transaction<Database>;

/**
 * Where a change was written: the in-process simulator, an MQTT report, the first sight of a device,
 * or the past week a new demo fleet is seeded with (seedOperationsHistory).
 */
export type StatusSource = 'baseline' | 'simulator' | 'mqtt' | 'seed';

export interface RecordedStatusChange {
  tenantId: number;
  deviceId: number;
  kind: string;
  online: boolean;
}

export interface RecordedCommandResult {
  deviceId: number;
  success: boolean;
  message: string;
}

/** Rows per INSERT (well under SQLite's 32766 bound parameters at 6 per row). */
const CHUNK = 500;

/**
 * Records on/offline changes of devices, called by every path that writes devices.online in the same
 * transaction as that write (FleetSimulator, MqttIngest): availability is computed from these rows.
 */
export async function recordStatusChanges(
  executor: Executor,
  changes: readonly RecordedStatusChange[],
  at: number,
  source: StatusSource,
): Promise<void> {
  await recordStatusHistory(
    executor,
    changes.map((change) => ({ ...change, at })),
    source,
  );
}

/** Changes each at its own time (a replayed history); recordStatusChanges writes through it. */
export async function recordStatusHistory(
  executor: Executor,
  changes: readonly (RecordedStatusChange & { at: number })[],
  source: StatusSource,
): Promise<void> {
  for (let start = 0; start < changes.length; start += CHUNK) {
    await executor
      .insertInto('device_status_changes')
      .values(
        changes.slice(start, start + CHUNK).map((change) => ({
          id: undefined,
          tenant_id: change.tenantId,
          device_id: change.deviceId,
          kind: change.kind,
          online: change.online ? 1 : 0,
          at: change.at,
          source,
        })),
      )
      .execute();
  }
}

/**
 * A baseline row (the device's state as first seen) for every device with no recorded change yet:
 * devices that existed before migration 013 (a new database's fleet gets its seeded week instead,
 * seedStatusHistory). Availability counts from it.
 */
export async function recordBaselines(db: Db, at: number): Promise<number> {
  const result = await sql`
    insert into device_status_changes (tenant_id, device_id, kind, online, at, source)
    select d.tenant_id, d.device_id, d.kind, d.online, ${at}, 'baseline' from devices d
    where not exists (select 1 from device_status_changes c where c.device_id = d.device_id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Records each device's result of one command (DeviceService.control, in the transaction of its command_log row). */
export async function recordCommandResults(
  executor: Executor,
  tenantId: number,
  kind: string,
  at: number,
  results: readonly RecordedCommandResult[],
): Promise<void> {
  await recordCommandHistory(
    executor,
    results.map((result) => ({ ...result, tenantId, kind, at })),
    { faultsRaised: false },
  );
}

/**
 * Command results each of its own tenant, kind and time; recordCommandResults writes through it. A
 * replayed history passes `faultsRaised: true`: its failures are past, the fault job must not raise them now.
 */
export async function recordCommandHistory(
  executor: Executor,
  results: readonly (RecordedCommandResult & { tenantId: number; kind: string; at: number })[],
  options: { faultsRaised: boolean },
): Promise<void> {
  for (let start = 0; start < results.length; start += CHUNK) {
    await executor
      .insertInto('device_command_results')
      .values(
        results.slice(start, start + CHUNK).map((result) => ({
          id: undefined,
          tenant_id: result.tenantId,
          device_id: result.deviceId,
          kind: result.kind,
          at: result.at,
          success: result.success ? 1 : 0,
          message: result.message.slice(0, 500),
          // Only failures wait for the fault job.
          fault_checked: result.success || options.faultsRaised ? 1 : 0,
        })),
      )
      .execute();
  }
}

/** Status changes and command results are kept this long: longer than the longest availability window (30 days). */
export const STATUS_HISTORY_MS = 35 * 86_400_000;

/**
 * Deletes status changes and command results older than `cutoff`, keeping each device's last change
 * before it (the state the device was in when the kept history starts). The fault job runs it.
 */
export async function pruneStatusHistory(db: Db, cutoff: number): Promise<number> {
  const changes = await sql`
    delete from device_status_changes where at < ${cutoff} and exists (
      select 1 from device_status_changes later
      where later.device_id = device_status_changes.device_id and later.at < ${cutoff}
        and (later.at > device_status_changes.at or (later.at = device_status_changes.at and later.id > device_status_changes.id))
    )`.execute(db);
  const results = await db.deleteFrom('device_command_results').where('at', '<', cutoff).where('fault_checked', '=', 1).executeTakeFirst();
  return Number(changes.numAffectedRows ?? 0) + Number(results.numDeletedRows);
}
