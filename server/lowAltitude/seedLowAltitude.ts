import type { Geofence } from '../../contracts/lowAltitude';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { AlarmService } from '../alarms/AlarmService';
import { loadAlarmTypes } from '../alarms/alarmTypes';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { Db } from '../db/Database';
import { TrackService, type Position } from '../field/TrackService';
import { silentPublisher } from '../seed/history/historyServices';
import { loadHistoryTenant } from '../seed/history/historyTenant';
import { inOneTransaction } from '../seed/history/oneTransaction';
import { FlightService } from './FlightService';
import { fenceSide } from './fenceGeometry';
import { batteryAt, flightDurationMs, landingResult, pointAlong, simulatedFindings } from './flightPath';
import { GeofenceService } from './GeofenceService';
import { routePresetsOf, SEEDED_GEOFENCES } from './uavRoutePresets';

const HOUR_MS = 3_600_000;
/** The past the history covers, and a flight every this often in it (one UAV after another). */
const HISTORY_MS = 24 * HOUR_MS;
const FLIGHT_EVERY_MS = 80 * 60_000;
/** UAVs the history flies (the first of the tenant's). */
const HISTORY_UAVS = 3;

/** How a past UAV alarm was handled, and what the duty officer wrote at each step. */
const HANDLED = ['ALARM_STATUS_PROCESSING', 'ALARM_STATUS_COMPLET', 'ALARM_STATUS_CONFIRMED'] as const;
const HANDLING_NOTES = ['已联系飞手核实航线', '已提醒飞手绕飞禁飞区并复核航线', '确认处置完毕'] as const;

/**
 * Whether GeofenceService.update would change anything at `position`: a fence it is inside without an
 * open stay (an entry), or one it is outside of with one (an exit). Elsewhere (farther out, in a fence
 * already entered, or in a fence's edge band) update only reads, so the history skips the call.
 */
const crossesAt = (fences: readonly Geofence[], open: ReadonlySet<number>, position: Position) =>
  fences.some((fence) => {
    const side = fenceSide(fence, position.longitude, position.latitude, position.altitude ?? 0);
    return side === 'inside' ? !open.has(fence.fenceId) : side === 'outside' && open.has(fence.fenceId);
  });

/**
 * The demo tenants' geofences and their UAVs' past day (for a tenant with presets and no fence yet),
 * written through the services the simulator uses on a clock of the history's own and told to nobody:
 * each flight planned, started, its 1 Hz positions stored through TrackService.ingest (one batch) and
 * checked by GeofenceService.update where they enter or leave a fence (elsewhere it would only read), and
 * landed with its findings. One transaction. Returns the tenants given a history.
 */
export async function seedLowAltitude(
  db: Db,
  sources: { plugins: readonly LoadedManifest[]; catalog: DeviceCatalog },
  now: number,
): Promise<number> {
  const tenantIds = Object.keys(SEEDED_GEOFENCES).map(Number);
  const existing = await db.selectFrom('tenants').select('tenant_id').where('tenant_id', 'in', tenantIds).execute();
  const fenced = await db.selectFrom('low_altitude_geofences').select('tenant_id').distinct().where('tenant_id', 'in', tenantIds).execute();
  const due = existing.map((row) => row.tenant_id).filter((tenantId) => !fenced.some((row) => row.tenant_id === tenantId));
  if (!due.length) return 0;
  return inOneTransaction(db, 'seed-low-altitude', async (inside) => {
    const clock = { at: now - HISTORY_MS };
    const at = () => clock.at;
    const alarms = new AlarmService(inside, loadAlarmTypes(sources.plugins), silentPublisher, at, sources.catalog.responderKinds);
    const geofences = new GeofenceService(inside, alarms, silentPublisher, at);
    const flights = new FlightService(inside, geofences, at);
    const tracks = new TrackService(inside, () => now);
    for (const tenantId of due) {
      clock.at = now - HISTORY_MS;
      const fences: Geofence[] = [];
      for (const fence of SEEDED_GEOFENCES[tenantId] ?? []) fences.push(await geofences.create(tenantId, fence));
      const active = fences.filter((fence) => fence.active);
      const presets = routePresetsOf(tenantId);
      const uavs = await inside
        .selectFrom('devices')
        .select('device_id')
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', 'uav')
        .orderBy('device_id')
        .limit(HISTORY_UAVS)
        .execute();
      if (!uavs.length || !presets.length) continue;
      const handler = (await loadHistoryTenant(inside, tenantId)).handlers[0] ?? 1;
      for (let index = 0, start = now - HISTORY_MS + 10 * 60_000; start < now - HOUR_MS; index++, start += FLIGHT_EVERY_MS) {
        const deviceId = uavs[index % uavs.length]!.device_id;
        const preset = presets[index % presets.length]!;
        clock.at = start - 5 * 60_000;
        const { flightId } = await flights.plan(tenantId, null, { deviceId, taskKind: preset.taskKind, route: preset.route });
        clock.at = start;
        await flights.act(tenantId, flightId, 'start');
        const duration = flightDurationMs(preset.route, flightId);
        const positions: Position[] = [];
        for (let elapsed = 0; elapsed <= duration; elapsed += 1000)
          positions.push({ subjectKind: 'uav', subjectId: deviceId, at: start + elapsed, ...pointAlong(preset.route, flightId, elapsed) });
        await tracks.ingest(tenantId, positions);
        // The flight's open stays, as update leaves them: it is called only where it enters or leaves one.
        const open = new Set<number>();
        for (const position of positions) {
          if (!crossesAt(active, open, position)) continue;
          clock.at = position.at;
          const { longitude, latitude } = position;
          const { entered, exited } = await geofences.update(tenantId, {
            flightId,
            at: position.at,
            longitude,
            latitude,
            altitude: position.altitude ?? 0,
          });
          for (const stay of entered) open.add(stay.fenceId);
          for (const stay of exited) open.delete(stay.fenceId);
        }
        clock.at = start + duration;
        const { rows: stays, total } = await geofences.stays(tenantId, { pageNum: 1, pageSize: 10, flightId });
        // The duty officer handled each entry's alarm after the landing (processing → done → confirmed).
        for (const [step, status] of HANDLED.entries())
          for (const { alarmId } of stays) {
            clock.at = start + duration + (step + 1) * 4 * 60_000;
            if (alarmId) await alarms.transition(tenantId, handler, alarmId, status, HANDLING_NOTES[step]!);
          }
        clock.at = start + duration;
        const findings = simulatedFindings(flightId, preset.taskKind).text;
        await flights.act(tenantId, flightId, 'land', landingResult(findings, total, batteryAt(start, clock.at)));
      }
    }
    // The history's alarms are marked as such (migration 018), like the rest of a fresh start's past.
    const raised = inside
      .selectFrom('low_altitude_fence_events')
      .select('alarm_id')
      .where('tenant_id', 'in', due)
      .where('alarm_id', 'is not', null);
    await inside.updateTable('alarms').set({ origin: 'seed' }).where('alarm_id', 'in', raised).execute();
    return due.length;
  });
}
