import type { FastifyInstance } from 'fastify';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { weatherRoutes } from './weatherRoutes';
import { WeatherService, WeatherSimulator } from './WeatherService';

/**
 * The tenants' current weather (read by GET /weather/current and GET /getInfo), moved on by the weather
 * simulator every 20 of the simulator's ticks (SIM_TICK_MS; SIMULATOR=0 turns it off).
 */
export async function registerWeather(
  api: FastifyInstance,
  { config, db, now, pushHub, reportError }: ServerDeps,
): Promise<FeatureLifecycle & { weather: WeatherService }> {
  const tickMs = config.simulator?.tickMs ?? 0;
  const weather = new WeatherService(db, now, pushHub);
  const simulator = new WeatherSimulator(weather, tickMs > 0 ? tickMs * 20 : 0, Date.now(), reportError('天气模拟失败'));
  await weatherRoutes(api, weather);
  return {
    weather,
    jobs: [{ name: '天气模拟', start: () => simulator.start(), stop: () => simulator.stop(), runs: simulator.runs }],
    stop: () => simulator.stop(),
  };
}
