import {
  EMERGENCY_CAMERA_LIMIT,
  EMERGENCY_CAMERA_RANGE_M,
  EMERGENCY_HYDRANT_LOW_MPA,
  EMERGENCY_RESOURCE_LIMIT,
  EMERGENCY_RESOURCE_RANGE_M,
  EMERGENCY_WATER_LEVEL_HIGH_CM,
  type EmergencyCamera,
  type EmergencyResources,
} from '../../contracts/emergency';
import type { Db } from '../db/Database';
import { eventRecord } from './emergencyRecords';
import type { EmergencyResourceKinds } from './emergencyResourceKinds';
import { boxAround, distanceMetres, distanceToPath } from './geo';

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What an event can draw on: hydrants and water levels around it (or all of the tenant's), the cameras
 * that can show it, shelters and evacuation routes, nearest first.
 */
export class EmergencyResourceFinder {
  constructor(
    private readonly db: Db,
    private readonly kinds: EmergencyResourceKinds,
  ) {}

  async resources(tenantId: number, eventId?: number): Promise<EmergencyResources> {
    const event = eventId === undefined ? undefined : await eventRecord(this.db, tenantId, eventId);
    const center = event ? { longitude: Number(event.longitude), latitude: Number(event.latitude), radius: event.radius } : null;
    const range = center ? Math.max(EMERGENCY_RESOURCE_RANGE_M, center.radius * 3) : Infinity;
    const distance = (lon: number, lat: number) =>
      center ? Math.round(distanceMetres(center.longitude, center.latitude, lon, lat)) : null;
    const devicesOf = async (kinds: readonly string[]) => {
      if (!kinds.length) return [];
      let query = this.db
        .selectFrom('devices')
        .select(['device_id', 'name', 'kind', 'online', 'longitude', 'latitude', 'telemetry'])
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', [...kinds]);
      if (center) {
        const box = boxAround(center.longitude, center.latitude, range);
        query = query
          .where('longitude', '>=', box.minLon)
          .where('longitude', '<=', box.maxLon)
          .where('latitude', '>=', box.minLat)
          .where('latitude', '<=', box.maxLat);
      }
      const rows = await query.orderBy('device_id').execute();
      return rows
        .map((row) => {
          let telemetry: Record<string, unknown> = {};
          try {
            telemetry = JSON.parse(row.telemetry) as Record<string, unknown>;
          } catch {
            // A device that never reported: no readings.
          }
          return { ...row, telemetry, distance: distance(Number(row.longitude), Number(row.latitude)) };
        })
        .filter((row) => row.distance === null || row.distance <= range)
        .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.device_id - b.device_id)
        .slice(0, EMERGENCY_RESOURCE_LIMIT);
    };
    const [hydrants, waterLevels, cameras, shelters, routes] = await Promise.all([
      devicesOf(this.kinds.hydrantKinds),
      devicesOf(this.kinds.waterLevelKinds),
      center ? this.camerasNear(tenantId, center) : [],
      this.db.selectFrom('emergency_shelters').selectAll().where('tenant_id', '=', tenantId).orderBy('shelter_id').execute(),
      this.db.selectFrom('emergency_routes').selectAll().where('tenant_id', '=', tenantId).orderBy('route_id').execute(),
    ]);
    const nearestFirst = <T extends { distance: number | null }>(items: T[]) => items.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    return {
      center,
      hydrants: hydrants.map((device) => {
        const pressure = numberOrNull(device.telemetry.pressure);
        return {
          deviceId: device.device_id,
          name: device.name,
          longitude: Number(device.longitude),
          latitude: Number(device.latitude),
          online: device.online === 1,
          pressure,
          low: pressure !== null && pressure < EMERGENCY_HYDRANT_LOW_MPA,
          valve: typeof device.telemetry.valve === 'string' ? device.telemetry.valve : null,
          distance: device.distance,
        };
      }),
      waterLevels: waterLevels.map((device) => {
        const waterLevel = numberOrNull(device.telemetry.waterLevel);
        return {
          deviceId: device.device_id,
          name: device.name,
          kind: device.kind,
          longitude: Number(device.longitude),
          latitude: Number(device.latitude),
          online: device.online === 1,
          waterLevel,
          high: waterLevel !== null && waterLevel >= EMERGENCY_WATER_LEVEL_HIGH_CM,
          distance: device.distance,
        };
      }),
      cameras,
      shelters: nearestFirst(
        shelters.map((shelter) => ({
          shelterId: Number(shelter.shelter_id),
          name: shelter.name,
          capacity: shelter.capacity,
          address: shelter.address,
          longitude: Number(shelter.longitude),
          latitude: Number(shelter.latitude),
          distance: distance(Number(shelter.longitude), Number(shelter.latitude)),
        })),
      ),
      routes: nearestFirst(
        routes.map((route) => {
          const path = JSON.parse(route.path) as [number, number][];
          return {
            routeId: Number(route.route_id),
            name: route.name,
            fromName: route.from_name,
            toName: route.to_name,
            shelterId: route.shelter_id === null ? null : Number(route.shelter_id),
            path,
            length: route.length,
            distance: center ? Math.round(distanceToPath(center.longitude, center.latitude, path)) : null,
          };
        }),
      ),
    };
  }

  /**
   * The cameras that can show the event (EMERGENCY_CAMERA_RANGE_M): online first (an offline camera shows
   * nothing), then fire cameras, then nearest; the EMERGENCY_CAMERA_LIMIT best.
   */
  private async camerasNear(tenantId: number, center: { longitude: number; latitude: number }): Promise<EmergencyCamera[]> {
    if (!this.kinds.cameraKinds.length) return [];
    const box = boxAround(center.longitude, center.latitude, EMERGENCY_CAMERA_RANGE_M);
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name', 'kind', 'online', 'longitude', 'latitude'])
      .where('tenant_id', '=', tenantId)
      .where('kind', 'in', [...this.kinds.cameraKinds])
      .where('longitude', '>=', box.minLon)
      .where('longitude', '<=', box.maxLon)
      .where('latitude', '>=', box.minLat)
      .where('latitude', '<=', box.maxLat)
      .execute();
    const fireKinds = new Set(this.kinds.fireCameraKinds);
    return rows
      .map((row): EmergencyCamera => ({
        deviceId: Number(row.device_id),
        name: row.name,
        kind: row.kind,
        fire: fireKinds.has(row.kind),
        longitude: Number(row.longitude),
        latitude: Number(row.latitude),
        online: row.online === 1,
        distance: Math.round(distanceMetres(center.longitude, center.latitude, Number(row.longitude), Number(row.latitude))),
      }))
      .filter((camera) => camera.distance <= EMERGENCY_CAMERA_RANGE_M)
      .sort(
        (a, b) =>
          Number(b.online) - Number(a.online) || Number(b.fire) - Number(a.fire) || a.distance - b.distance || a.deviceId - b.deviceId,
      )
      .slice(0, EMERGENCY_CAMERA_LIMIT);
  }
}
