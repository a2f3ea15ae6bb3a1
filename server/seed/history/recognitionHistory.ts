import { dialectOf, type Db } from '../../db/Database';
import { produceRecords, type RecognitionRow } from '../../recognition/recognitionModel';
import { RecognitionService } from '../../recognition/RecognitionService';
import { DAY_MS } from '../../stats/periods';
import { historyRandom } from './historyTenant';

/**
 * The AI cameras' recognition records of the history's days for every tenant that has none: the live
 * simulator's model (recognitionModel.ts) over the whole span, written by the one writer of records and
 * their rollups (RecognitionService.insert: a record has no state to go through) and marked origin 'seed'. Their
 * snapshots are drawn when first asked for (SnapshotStore.read), so the month costs no image files at
 * start. Deterministic per tenant (its own random stream). `cameraKinds`: the kinds with live video. Returns the records written.
 */
export async function seedRecognitionHistory(db: Db, cameraKinds: readonly string[], now: number, days: number): Promise<number> {
  if (!cameraKinds.length || days <= 0) return 0;
  const cameras = await db
    .selectFrom('devices')
    .select(['tenant_id', 'device_id', 'longitude', 'latitude'])
    .where('kind', 'in', cameraKinds)
    .orderBy('tenant_id')
    .orderBy('device_id')
    .execute();
  const tenants = [...new Set(cameras.map((camera) => camera.tenant_id))];
  let written = 0;
  for (const tenantId of tenants) {
    const has = await db
      .selectFrom('recognition_records')
      .select('record_id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    if (has) continue;
    const sites = cameras
      .filter((camera) => camera.tenant_id === tenantId)
      .map((camera) => ({ deviceId: camera.device_id, longitude: camera.longitude, latitude: camera.latitude }));
    const random = historyRandom(tenantId, 'recognition');
    // Drawn a day at a time (the simulator's model over the span). On PostgreSQL written a day at a time
    // too: a day's rollups and COPY text are made in ~10 ms, where a month's held the process (and the other
    // parts' round trips beside it) for ~0.3 s. SQLite, one part after the other, takes the month in one call.
    const perDay = dialectOf(db) === 'postgres';
    let rows: RecognitionRow[] = [];
    for (let from = now - days * DAY_MS; from < now; from += DAY_MS) {
      for (const row of produceRecords(tenantId, sites, from, Math.min(now, from + DAY_MS), random)) {
        row.origin = 'seed';
        rows.push(row);
      }
      if (!perDay && from + DAY_MS < now) continue;
      await RecognitionService.insert(db, rows);
      written += rows.length;
      rows = [];
    }
  }
  return written;
}
