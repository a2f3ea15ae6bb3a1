import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../ServerDeps';
import type { WeatherService } from '../weather/WeatherService';
import { PlatformService } from './PlatformService';
import { platformRoutes } from './platformRoutes';

/** User info, menus, routers, tenant switch and dictionaries (GET /getInfo carries the tenant's weather). */
export async function registerPlatform(
  api: FastifyInstance,
  { db, ctx }: ServerDeps,
  { menuPerms, weather }: { menuPerms: ReadonlySet<string>; weather: WeatherService },
): Promise<void> {
  await platformRoutes(api, ctx, new PlatformService(db, menuPerms), (tenantId) => weather.current(tenantId));
}
