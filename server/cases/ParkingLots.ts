import type { ParkingLot } from '../../contracts/cases';
import { numberOf } from '../analysis/sqlFigures';
import type { Db } from '../db/Database';

/** The device kind (page) whose devices stand at the lots' gates. */
export const PARKING_DEVICE_KIND = 'smartParking';

/**
 * The tenant's parking lots with the cars parked in each now (parking_sessions without out_at) against
 * its capacity. A lot stores no position: lot n stands at the tenant's n-th smart-parking device (by id,
 * wrapping), whose online state it shows; a tenant without such devices gets no lots on the map.
 */
export class ParkingLots {
  constructor(private readonly db: Db) {}

  async list(tenantId: number): Promise<ParkingLot[]> {
    const [lots, devices] = await Promise.all([
      this.db
        .selectFrom('parking_lots as l')
        .leftJoin('parking_sessions as s', (join) => join.onRef('s.lot_id', '=', 'l.lot_id').on('s.out_at', 'is', null))
        .select(['l.lot_id', 'l.name', 'l.capacity', (eb) => eb.fn.count<number>('s.session_id').as('parked')])
        .where('l.tenant_id', '=', tenantId)
        .groupBy(['l.lot_id', 'l.name', 'l.capacity'])
        .orderBy('l.lot_id')
        .execute(),
      this.db
        .selectFrom('devices')
        .select(['device_id', 'longitude', 'latitude', 'online'])
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', PARKING_DEVICE_KIND)
        .orderBy('device_id')
        .execute(),
    ]);
    if (!devices.length) return [];
    return lots.map((lot, index) => {
      const device = devices[index % devices.length]!;
      const capacity = numberOf(lot.capacity);
      const occupied = numberOf(lot.parked);
      return {
        deviceId: device.device_id,
        name: lot.name,
        longitude: Number(device.longitude),
        latitude: Number(device.latitude),
        online: device.online === 1,
        capacity,
        occupied,
        occupancy: capacity > 0 ? Math.min(1, occupied / capacity) : 0,
      };
    });
  }
}
