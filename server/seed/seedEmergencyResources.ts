import type { Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import { TENANT_AREAS } from './seedData';
import { pathLength } from '../emergency/geo';

/**
 * Each demo tenant's emergency shelters (避难场所), one beside each of its seeded areas (where its devices
 * stand, server/seed/seedData.ts TENANT_AREAS), and an evacuation route (疏散路线) from the area's centre
 * to it: real parks and squares of Binjiang / Qianjiang New Town and West Lake.
 */
export const SEED_SHELTERS: Record<number, { name: string; capacity: number; address: string }[]> = {
  1: [
    { name: '江南大道中心绿地避难场所', capacity: 3000, address: '滨江区江南大道与长河路口' },
    { name: '滨江公园应急避难场所', capacity: 5000, address: '滨江区闻涛路滨江公园' },
    { name: '奥体中心应急避难场所', capacity: 12000, address: '滨江区飞虹路奥体中心南广场' },
    { name: '城市阳台应急避难场所', capacity: 6000, address: '上城区钱江新城城市阳台' },
  ],
  2: [
    { name: '北山街应急避难点', capacity: 1500, address: '西湖区北山街断桥东侧' },
    { name: '花港观鱼公园避难场所', capacity: 4000, address: '西湖区杨公堤花港观鱼' },
    { name: '太子湾公园应急避难场所', capacity: 5000, address: '西湖区南山路太子湾公园' },
    { name: '湖滨公园应急避难场所', capacity: 3500, address: '上城区湖滨路湖滨公园' },
  ],
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Gives every demo tenant without shelters its seeded ones and their routes (a new database and one made before migration 012); how many tenants got them. */
export async function seedEmergencyResources(db: Db): Promise<number> {
  return lockedTransaction(db, 'seed-emergency-resources', async (trx) => {
    const tenants = new Set((await trx.selectFrom('tenants').select('tenant_id').execute()).map((row) => row.tenant_id));
    const seededAlready = new Set(
      (await trx.selectFrom('emergency_shelters').select('tenant_id').distinct().execute()).map((row) => row.tenant_id),
    );
    let seeded = 0;
    for (const [key, shelters] of Object.entries(SEED_SHELTERS)) {
      const tenantId = Number(key);
      const areas = TENANT_AREAS[tenantId] ?? [];
      if (!tenants.has(tenantId) || seededAlready.has(tenantId) || !areas.length) continue;
      for (const [index, shelter] of shelters.entries()) {
        const area = areas[index % areas.length]!;
        // The shelter stands just outside the area's busiest part; the route bends once on the way.
        const shelterLon = round6(area.longitude + area.spread * 0.7);
        const shelterLat = round6(area.latitude + area.spread * 0.45);
        const { shelter_id } = await trx
          .insertInto('emergency_shelters')
          .values({
            shelter_id: undefined,
            tenant_id: tenantId,
            name: shelter.name,
            capacity: shelter.capacity,
            address: shelter.address,
            longitude: shelterLon,
            latitude: shelterLat,
          })
          .returning('shelter_id')
          .executeTakeFirstOrThrow();
        const path: [number, number][] = [
          [round6(area.longitude - area.spread * 0.2), round6(area.latitude - area.spread * 0.1)],
          [round6(area.longitude + area.spread * 0.15), round6(area.latitude - area.spread * 0.05)],
          [round6(area.longitude + area.spread * 0.45), round6(area.latitude + area.spread * 0.1)],
          [round6(area.longitude + area.spread * 0.6), round6(area.latitude + area.spread * 0.35)],
          [shelterLon, shelterLat],
        ];
        await trx
          .insertInto('emergency_routes')
          .values({
            route_id: undefined,
            tenant_id: tenantId,
            name: `${area.name}疏散路线`,
            from_name: `${area.name}集合点`,
            to_name: shelter.name,
            shelter_id: Number(shelter_id),
            path: JSON.stringify(path),
            length: Math.round(pathLength(path)),
          })
          .execute();
      }
      seeded++;
    }
    return seeded;
  });
}
