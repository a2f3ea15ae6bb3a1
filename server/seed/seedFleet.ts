import type { Db, Database } from '../db/Database';
import type { DeviceCatalog, DeviceKind } from '../catalog/deviceCatalog';
import { seededRandom } from '../simulation/seededRandom';
import { DEFAULT_FLEET_COUNT, FLEET_COUNTS, FLEET_RANDOM_SEED, FLEET_TENANTS, TENANT_AREAS, type SeedArea } from './seedData';

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

/** The place of `places` nearest to a position: squared degrees, ties by name (the rule the area figures apply, sqlFigures' areaOf). */
function nearestPlace(places: readonly SeedArea[], longitude: number, latitude: number): string {
  const distance = (place: SeedArea) => (place.longitude - longitude) ** 2 + (place.latitude - latitude) ** 2;
  return [...places].sort((a, b) => distance(a) - distance(b) || (a.name < b.name ? -1 : 1))[0]!.name;
}

/**
 * A device's position: drawn around its area's centre, then pulled halfway back to it until no other
 * place is nearer, so the place a device is named after is the area every figure and watchlist puts it
 * in (neighbouring places' spreads overlap). Pulling draws no random number: the rest of the fleet keeps its draws.
 */
function positionIn(area: SeedArea, places: readonly SeedArea[], random: () => number): { longitude: number; latitude: number } {
  const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
  let longitude = round(area.longitude + (random() - 0.5) * 2 * area.spread);
  let latitude = round(area.latitude + (random() - 0.5) * 2 * area.spread);
  while (nearestPlace(places, longitude, latitude) !== area.name) {
    longitude = round((longitude + area.longitude) / 2);
    latitude = round((latitude + area.latitude) / 2);
  }
  return { longitude, latitude };
}

/** Places each tenant's fleet over its real area, with three groups per kind. */
export async function seedFleet(db: Db, catalog: DeviceCatalog, options: FleetOptions): Promise<number> {
  const scale = options.scale ?? 1;
  const random = seededRandom(FLEET_RANDOM_SEED);
  let deviceId = ((await db.selectFrom('devices').select(db.fn.max('device_id').as('max')).executeTakeFirst())?.max as number | null) ?? 0;
  let groupId =
    ((await db.selectFrom('device_groups').select(db.fn.max('group_id').as('max')).executeTakeFirst())?.max as number | null) ?? 0;
  let created = 0;
  for (const tenantId of options.tenantIds ?? FLEET_TENANTS) {
    const areas = TENANT_AREAS[tenantId] ?? TENANT_AREAS[1]!;
    for (const kind of catalog.kinds) {
      const count = Math.max(1, Math.round((FLEET_COUNTS[kind.page] ?? DEFAULT_FLEET_COUNT) * scale));
      const groups = areas
        .slice(0, 3)
        .map((area) => ({ group_id: ++groupId, tenant_id: tenantId, kind: kind.page, name: `${area.name}${kind.displayName}组` }));
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
          ...positionIn(area, areas, random),
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
        for (let start = 0; start < devices.length; start += 500)
          await trx
            .insertInto('devices')
            .values(devices.slice(start, start + 500))
            .execute();
        for (let start = 0; start < members.length; start += 500)
          await trx
            .insertInto('device_group_members')
            .values(members.slice(start, start + 500))
            .execute();
      });
      created += devices.length;
    }
  }
  return created;
}
