import type { Db, Database } from '../db/Database';
import type { DeviceCatalog, DeviceKind } from './deviceCatalog';

/** Small deterministic PRNG so every fresh start places the same fleet. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Area {
  name: string;
  longitude: number;
  latitude: number;
  /** Spread in degrees around the centre. */
  spread: number;
}

/** Real places in each demo tenant's area, so devices land on streets and sights, not in the river. */
export const TENANT_AREAS: Record<number, Area[]> = {
  1: [
    { name: '江南大道', longitude: 120.2105, latitude: 30.2085, spread: 0.012 },
    { name: '滨盛路', longitude: 120.2025, latitude: 30.2072, spread: 0.01 },
    { name: '奥体中心', longitude: 120.2305, latitude: 30.2328, spread: 0.008 },
    { name: '钱江新城', longitude: 120.2131, latitude: 30.2443, spread: 0.01 },
  ],
  2: [
    { name: '断桥', longitude: 120.1508, latitude: 30.2594, spread: 0.004 },
    { name: '苏堤', longitude: 120.1392, latitude: 30.2435, spread: 0.006 },
    { name: '雷峰塔', longitude: 120.1488, latitude: 30.2311, spread: 0.004 },
    { name: '湖滨', longitude: 120.1618, latitude: 30.2561, spread: 0.005 },
  ],
};

/** Devices per kind per tenant at scale 1 (a few hundred per tenant). */
const BASE_COUNT: Record<string, number> = { lamp: 60, light: 40, camera: 40, broad: 20, screen: 12, smartParking: 16, smartTrash: 24, envir: 10, smoke: 16 };
const DEFAULT_COUNT = 8;

export function initialTelemetry(kind: DeviceKind, random: () => number): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const field of kind.telemetry ?? []) {
    if (field.type === 'number') {
      const min = field.min ?? 0;
      const max = field.max ?? 100;
      values[field.key] = Math.round((min + (max - min) * random()) * 10) / 10;
    } else if (field.type === 'enum') values[field.key] = field.options?.[0] ?? '';
    else if (field.type === 'boolean') values[field.key] = false;
    else values[field.key] = '';
  }
  return values;
}

export interface FleetOptions {
  /** Multiplies every kind's count; 1 gives a few hundred devices per tenant. */
  scale?: number;
  tenantIds?: number[];
  now: number;
}

/** Places each tenant's fleet over its real area, with three groups per kind. */
export async function seedFleet(db: Db, catalog: DeviceCatalog, options: FleetOptions): Promise<number> {
  const scale = options.scale ?? 1;
  const random = seededRandom(20261122);
  let deviceId = ((await db.selectFrom('devices').select(db.fn.max('device_id').as('max')).executeTakeFirst())?.max as number | null) ?? 0;
  let groupId = ((await db.selectFrom('device_groups').select(db.fn.max('group_id').as('max')).executeTakeFirst())?.max as number | null) ?? 0;
  let created = 0;
  for (const tenantId of options.tenantIds ?? [1, 2]) {
    const areas = TENANT_AREAS[tenantId] ?? TENANT_AREAS[1]!;
    for (const kind of catalog.kinds) {
      const count = Math.max(1, Math.round((BASE_COUNT[kind.page] ?? DEFAULT_COUNT) * scale));
      const groups = areas.slice(0, 3).map((area) => ({ group_id: ++groupId, tenant_id: tenantId, kind: kind.page, name: `${area.name}${kind.displayName}组` }));
      const devices: Database['devices'][] = [];
      const members: Database['device_group_members'][] = [];
      for (let index = 0; index < count; index++) {
        const area = areas[index % areas.length]!;
        const id = ++deviceId;
        devices.push({
          device_id: id,
          tenant_id: tenantId,
          kind: kind.page,
          device_type: kind.brandCode ?? kind.page,
          name: `${area.name}${kind.displayName}-${String(index + 1).padStart(3, '0')}`,
          code: `${kind.page.toUpperCase().slice(0, 6)}-${tenantId}-${String(id).padStart(6, '0')}`,
          longitude: Math.round((area.longitude + (random() - 0.5) * 2 * area.spread) * 1e6) / 1e6,
          latitude: Math.round((area.latitude + (random() - 0.5) * 2 * area.spread) * 1e6) / 1e6,
          height: 10,
          online: random() < 0.92 ? 1 : 0,
          telemetry: JSON.stringify(initialTelemetry(kind, random)),
          state: JSON.stringify(kind.state ?? {}),
          updated_at: options.now,
        });
        const group = groups[index % areas.length];
        if (group) members.push({ group_id: group.group_id, device_id: id });
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('device_groups').values(groups).execute();
        for (let start = 0; start < devices.length; start += 500) await trx.insertInto('devices').values(devices.slice(start, start + 500)).execute();
        for (let start = 0; start < members.length; start += 500) await trx.insertInto('device_group_members').values(members.slice(start, start + 500)).execute();
      });
      created += devices.length;
    }
  }
  return created;
}
