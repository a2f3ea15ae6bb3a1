// A day of the replay's other inputs for bench/tracks.ts: a fleet, its on/offline changes and alarms with
// their closing history, written straight into the tables (a bench, not the app: no service would write a
// day in seconds), so `SituationService.at` and `.events` are measured over a day of data beside the tracks.
import { sql } from 'kysely';
import type { Db } from '../server/db/Database';

const DAY = 86_400_000;
const CHUNK = 1_000;

export interface SituationDaySize {
  devices: number;
  /** Each device's status changes in the day (alternating off- and online). */
  changesPerDevice: number;
  alarms: number;
}

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}

/** Writes the day before `dayEnd` for `tenantId`: devices, their changes, alarms (two in three closed after 20 minutes). */
export async function fillSituationDay(db: Db, tenantId: number, dayEnd: number, size: SituationDaySize): Promise<void> {
  const dayStart = dayEnd - DAY;
  const devices = Array.from({ length: size.devices }, (_, index) => ({
    device_id: 100_000 + index,
    tenant_id: tenantId,
    kind: index % 5 === 0 ? 'camera' : 'lamp',
    device_type: '0',
    name: `设备${index}`,
    code: `D${index}`,
    longitude: 120.1 + (index % 100) / 1000,
    latitude: 30.2 + Math.floor(index / 100) / 1000,
    height: 0,
    online: 1,
    telemetry: '{}',
    state: '{}',
    updated_at: dayStart,
  }));
  await inChunks(devices, (chunk) => db.insertInto('devices').values(chunk).execute());
  const changes = devices.flatMap((device, index) =>
    Array.from({ length: size.changesPerDevice + 1 }, (_, step) => ({
      id: undefined,
      tenant_id: tenantId,
      device_id: device.device_id,
      kind: device.kind,
      // The first is the state the day starts in (online), then alternately off and on.
      online: step % 2 === 0 ? 1 : 0,
      at: step === 0 ? dayStart - DAY : dayStart + Math.floor(((step + (index % 7) / 7) * DAY) / (size.changesPerDevice + 1)),
      source: 'seed',
    })),
  );
  await inChunks(changes, (chunk) => db.insertInto('device_status_changes').values(chunk).execute());
  const alarms = Array.from({ length: size.alarms }, (_, index) => {
    const at = dayStart + Math.floor((index * DAY) / size.alarms);
    const device = devices[(index * 31) % devices.length]!;
    const closed = index % 3 !== 0;
    return {
      alarm_id: undefined,
      tenant_id: tenantId,
      alarm_type: 'SMOKE',
      grade: 'ALARM_GRADE_HIGH',
      status: closed ? 'ALARM_STATUS_CONFIRMED' : 'ALARM_STATUS_UNTREATED',
      device_id: device.device_id,
      device_name: device.name,
      longitude: device.longitude,
      latitude: device.latitude,
      content: '基准告警',
      description: '',
      assignee_id: null,
      created_at: at,
      updated_at: closed ? at + 20 * 60_000 : at,
    };
  });
  await inChunks(alarms, (chunk) => db.insertInto('alarms').values(chunk).execute());
  const stored = await db.selectFrom('alarms').select(['alarm_id', 'status', 'created_at']).where('tenant_id', '=', tenantId).execute();
  const history = stored.flatMap((alarm) => [
    {
      id: undefined,
      alarm_id: Number(alarm.alarm_id),
      at: Number(alarm.created_at),
      user_id: null,
      action: 'raise',
      from_status: null,
      to_status: 'ALARM_STATUS_UNTREATED',
      comment: '',
    },
    ...(alarm.status === 'ALARM_STATUS_CONFIRMED'
      ? [
          {
            id: undefined,
            alarm_id: Number(alarm.alarm_id),
            at: Number(alarm.created_at) + 20 * 60_000,
            user_id: null,
            action: 'transition',
            from_status: 'ALARM_STATUS_COMPLET',
            to_status: 'ALARM_STATUS_CONFIRMED',
            comment: '',
          },
        ]
      : []),
  ]);
  await inChunks(history, (chunk) => db.insertInto('alarm_history').values(chunk).execute());
  // Statistics, as a server's tables have them (the history analyses what it grows): without them PostgreSQL guesses its plans.
  await sql`analyze`.execute(db);
}
