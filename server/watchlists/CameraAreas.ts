import { sql } from 'kysely';
import type { WatchlistCoverage, WatchlistDeployment } from '../../contracts/watchlists';
import { areaOf, type TenantPlaces } from '../analysis/sqlFigures';
import type { Db } from '../db/Database';
import type { RecognitionService } from '../recognition/RecognitionService';

/** Whether a deployment covers a camera: named itself, or in one of the deployment's areas. */
export const coversCamera = (deployment: Pick<WatchlistDeployment, 'deviceIds' | 'areas'>, deviceId: number, area: string | undefined) =>
  deployment.deviceIds.includes(deviceId) || (area !== undefined && deployment.areas.includes(area));

/**
 * The areas deployments name: a tenant's named places (TENANT_AREAS), a camera being in the one nearest
 * to it — the same rule, the same SQL (`areaOf`), as 数据分析's by-area figures — read from the devices
 * table whenever asked, so a camera added or moved later is in its area at once.
 */
export class CameraAreas {
  constructor(
    private readonly db: Db,
    private readonly recognition: RecognitionService,
    private readonly places: TenantPlaces,
  ) {}

  /** The tenant's area names, in their listed order (none for a tenant without named places). */
  names(tenantId: number): string[] {
    return (this.places[tenantId] ?? []).map((place) => place.name);
  }

  /** The area of each of the tenant's devices asked for (a device of another tenant is not found). */
  async of(tenantId: number, deviceIds: readonly number[]): Promise<Map<number, string>> {
    if (!deviceIds.length) return new Map();
    const rows = await this.db
      .selectFrom('devices as d')
      .select(['d.device_id', areaOf(this.places[tenantId] ?? [], sql.ref('d.longitude'), sql.ref('d.latitude')).as('area')])
      .where('d.tenant_id', '=', tenantId)
      .where('d.device_id', 'in', [...new Set(deviceIds)])
      .execute();
    return new Map(rows.map((row) => [row.device_id, row.area]));
  }

  /** The tenant's areas with how many recognition cameras each covers now, and each camera's area. */
  async coverage(tenantId: number): Promise<WatchlistCoverage> {
    const cameras = await this.recognition.cameras(tenantId);
    const areaOfCamera = await this.of(
      tenantId,
      cameras.map((camera) => camera.deviceId),
    );
    const located = cameras.map((camera) => ({ ...camera, area: areaOfCamera.get(camera.deviceId) ?? '' }));
    return {
      areas: this.names(tenantId).map((name) => ({ name, cameraCount: located.filter((camera) => camera.area === name).length })),
      cameras: located,
    };
  }
}
