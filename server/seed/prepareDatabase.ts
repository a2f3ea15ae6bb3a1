import { sql } from 'kysely';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { Db, DialectName } from '../db/Database';
import { migrate } from '../db/migrate';
import type { EmergencyResourceKinds } from '../emergency/emergencyResourceKinds';
import { seedEmergencyResources } from './seedEmergencyResources';
import { recordBaselines } from '../operations/StatusRecorder';
import { syncMenus } from '../platform/menus';
import { SEEDED_READINGS_HOURS, seedSensorHistory } from '../sensors/seedSensorHistory';
import { seedHistory } from './history/seedHistory';
import { seedIfEmpty, seedMissingDictionaries } from './seed';
import { seedBulkRecognition } from './bulkRecognition';
import { seedBusiness } from './seedBusiness';
import { seedFleet } from './seedFleet';
import { seedTeams } from './seedTeams';
import { seedFieldMembers } from './seedFieldMembers';

/**
 * Brings the database to this program's version and gives it what it lacks: a new database its demo
 * data (the fleet, and a past of SEED_HISTORY_DAYS in every domain), an older one the rows later migrations introduced, and menus for
 * plugins added since. Returns whether the database was new. Progress goes to `info`.
 */
export async function prepareDatabase(
  db: Db,
  dialect: DialectName,
  options: {
    catalog: DeviceCatalog;
    resourceKinds: EmergencyResourceKinds;
    /** The loaded plugins (the history raises the alarm plugins' types). */
    plugins: readonly LoadedManifest[];
    fleetScale: number;
    /** Days of history a tenant without one is given (0: none, as test servers start). */
    historyDays: number;
    /** SEED_RECOGNITION_RECORDS: recognition records each tenant is brought to, in bulk (0: none). */
    recognitionRecords?: number;
    now: number;
    info(message: string): void;
  },
): Promise<boolean> {
  const { catalog, now, info, historyDays } = options;
  await migrate(db);
  const freshDatabase = await seedIfEmpty(db, catalog, now);
  if (freshDatabase) {
    const devices = await seedFleet(db, catalog, { scale: options.fleetScale, now });
    info(`数据库已初始化并写入演示数据（${devices} 台设备）`);
    // Statistics for the devices just written: until autovacuum gathers them (a minute or more later)
    // PostgreSQL plans blind, counting a device page's total over all the tenant's devices instead of
    // through the kind's index. The other seeded tables are small and looked up by key.
    if (dialect === 'postgres') await sql`analyze devices`.execute(db);
  } else {
    const added = await syncMenus(db, catalog);
    if (added) info(`已为新插件补充 ${added} 个菜单`);
    const dictionaries = await seedMissingDictionaries(db);
    if (dictionaries) info(`已补充 ${dictionaries} 个数据字典`);
  }
  // Gates, car parks, merchants and weather: for a new database and for one made before migration 008.
  const business = await seedBusiness(db, now);
  if (business.tenants) info(`已为 ${business.tenants} 个租户写入景区业务基础数据（闸机、停车场、商户）`);
  // Teams work orders are dispatched to: for a new database and for one made before migration 011.
  const teams = await seedTeams(db);
  if (teams) info(`已为 ${teams} 个租户写入处置班组`);
  // The A/B/C teams' members (server/field/; migration 025); the history gives them their past day of positions.
  const fieldMembers = await seedFieldMembers(db, catalog, now);
  if (fieldMembers) info(`已为 ${fieldMembers} 个租户写入一队、二队、三队人员`);
  // Shelters and evacuation routes: for a new database and for one made before migration 012.
  const shelters = await seedEmergencyResources(db);
  if (shelters) info(`已为 ${shelters} 个租户写入避难场所与疏散路线`);
  // A day of seeded water levels and pressures for tenants without readings (a new database, one from before migration 015).
  const readings = async () => {
    const written = historyDays > 0 ? await seedSensorHistory(db, options.resourceKinds, now) : 0;
    if (written) info(`已写入水位与消火栓水压近 ${SEEDED_READINGS_HOURS} 小时的演示读数 ${written} 条`);
  };
  // Every tenant without one gets a past (server/seed/history/): alarms and their handling, work orders,
  // emergency events, cases, diagnosis rounds, business, tracks, the UAVs' day; a new fleet also its status
  // changes, commands and inspections.
  const history = () =>
    seedHistory({
      db,
      catalog,
      resourceKinds: options.resourceKinds,
      plugins: options.plugins,
      days: historyDays,
      now,
      freshDatabase,
      info,
    });
  if (dialect === 'postgres') {
    // Beside the history on a connection of their own (their table is theirs alone); SQLite's one writer takes one after the other.
    const outcomes = await Promise.allSettled([readings(), history()]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  } else {
    await readings();
    await history();
  }
  // A scale test's recognition records (SEED_RECOGNITION_RECORDS), once: a tenant that has them is left alone.
  if (options.recognitionRecords) {
    const cameraKinds = catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
    await seedBulkRecognition(db, cameraKinds, { records: options.recognitionRecords, now, info });
  }
  // Availability counts from each device's first recorded state: a new fleet's (or one from before migration 013) is recorded now.
  const baselines = await recordBaselines(db, now);
  if (baselines) info(`已记录 ${baselines} 台设备的初始在线状态（设备可用率自此开始统计）`);
  return freshDatabase;
}
