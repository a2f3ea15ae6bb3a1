import type { FastifyInstance } from 'fastify';
import { access } from '../access/RouteAccess';
import { ok } from '../envelope';
import type { WeatherService } from './WeatherService';

/** The active tenant's current weather (contracts/weather.ts WeatherNow, or null): the header shows it to every signed-in user. */
export async function weatherRoutes(api: FastifyInstance, weather: WeatherService): Promise<void> {
  api.get('/weather/current', { config: { access: access.session } }, async (request) =>
    ok(await weather.current(request.session!.tenantId)),
  );
}
