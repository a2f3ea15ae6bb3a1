import type { FastifyInstance } from 'fastify';
import { weatherRoutes as declared } from '../../contracts/api/weatherRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { WeatherService } from './WeatherService';

/** The active tenant's current weather (contracts/weather.ts WeatherNow, or null): the header shows it to every signed-in user. */
export async function weatherRoutes(api: FastifyInstance, weather: WeatherService): Promise<void> {
  route(api, declared.current, async (request) => ok(await weather.current(sessionOf(request).tenantId)));
}
