import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TEXTS, temperatureBandName, weatherIcon, type WeatherNow } from '../../contracts/weather';
import { seededRandom } from '../simulation/seededRandom';
import { HOUR_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { WeatherService, WeatherSimulator } from './WeatherService';
import { initialWeather, nextWeather, seasonalMean, type WeatherState } from './weatherModel';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const WIND = /^(北|东北|东|东南|南|西南|西|西北)风 \d级$/;

function expectConsistent(weather: WeatherNow): void {
  expect(WEATHER_TEXTS).toContain(weather.text);
  expect(weather.icon).toBe(weatherIcon(weather.text));
  expect(weather.band).toBe(temperatureBandName(weather.temperature));
  expect(Number.isInteger(weather.temperature)).toBe(true);
  expect(weather.humidity).toBeGreaterThanOrEqual(20);
  expect(weather.humidity).toBeLessThanOrEqual(100);
  expect(weather.wind).toMatch(WIND);
}

describe('current weather', () => {
  let server: TestServer;
  let city: string;
  let scenic: string;
  let viewer: string;
  beforeAll(async () => {
    server = await testServer();
    city = await server.services.ctx.sessions.create(1, 1);
    scenic = await server.services.ctx.sessions.create(1, 2);
    viewer = await server.services.ctx.sessions.create(3, 1);
  });
  afterAll(async () => server.close());

  const current = async (token: string) => {
    const { body } = await server.api('GET', '/weather/current', { token });
    expect(body.code).toBe(200);
    return body.data as WeatherNow;
  };

  it("is the active tenant's city's, consistent in its icon and temperature band, for any signed-in user", async () => {
    const cityWeather = await current(city);
    expect(cityWeather).toMatchObject({ city: '杭州市滨江区', updatedAt: NOW });
    expectConsistent(cityWeather);
    expect(Math.abs(cityWeather.temperature - seasonalMean(NOW))).toBeLessThan(10);
    expect(await current(scenic)).toMatchObject({ city: '杭州市西湖区', updatedAt: NOW });
    // A user without any menu sees the weather too (the header shows it).
    expect(await current(viewer)).toEqual(cityWeather);
    expect((await server.api('GET', '/weather/current')).body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('comes with the session (GET /getInfo)', async () => {
    const { body } = await server.api('GET', '/getInfo', { token: scenic });
    expect(body.weather).toEqual(await current(scenic));
  });

  it('changes over time; each change is stored and pushed to its tenant as WEATHER_EVENT', async () => {
    const random = seededRandom(7);
    const changed: number[] = [];
    for (let round = 0; round < 12; round++) {
      server.advance(HOUR_MS);
      changed.push(...(await server.services.weather.advance(random)));
    }
    expect(changed).toContain(1);
    expect(changed).toContain(2);
    const pushes = await server.services.ctx.db
      .selectFrom('push_log')
      .select(['tenant_id', 'event_type', 'payload'])
      .where('event_type', '=', 'WEATHER_EVENT')
      .orderBy('tenant_id')
      .orderBy('seq')
      .execute();
    expect(pushes.map((push) => push.tenant_id)).toEqual([...changed].sort());
    const latest = new Map(pushes.map((push) => [push.tenant_id, (JSON.parse(push.payload) as { data: WeatherNow }).data]));
    for (const weather of latest.values()) expectConsistent(weather);
    // Sessions outlive the hours only if used: new ones for the new time.
    expect(await current(await server.services.ctx.sessions.create(1, 1))).toEqual(latest.get(1));
    expect(await current(await server.services.ctx.sessions.create(1, 2))).toEqual(latest.get(2));
    expect(latest.get(1)!.city).toBe('杭州市滨江区');
    // getInfo keeps its answer text while its inputs stand: a changed weather is a new answer at once.
    const again = await server.services.ctx.sessions.create(1, 2);
    const before = (await server.api('GET', '/getInfo', { token: again })).body.weather as WeatherNow;
    expect(before).toEqual(latest.get(2));
    let moved: number[] = [];
    while (!moved.includes(2)) {
      server.advance(HOUR_MS);
      moved = await server.services.weather.advance(random);
    }
    // The same user (the same profile read) in a session for the new time.
    const later = await server.services.ctx.sessions.create(1, 2);
    const now = await current(later);
    expect(now).not.toEqual(before);
    expect((await server.api('GET', '/getInfo', { token: later })).body.weather).toEqual(now);
  });
  it('pushed each change as data that passes the weather topic (what the web app accepts)', async () => {
    expect(
      await server.services.ctx.db.selectFrom('push_log').where('event_type', '=', 'WEATHER_EVENT').select('seq').execute(),
    ).not.toEqual([]);
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });
});

describe('a tenant without weather', () => {
  it('reads null', async () => {
    const server = await testServer();
    try {
      await server.services.ctx.db.deleteFrom('weather').where('tenant_id', '=', 2).execute();
      const token = await server.services.ctx.sessions.create(1, 2);
      expect((await server.api('GET', '/weather/current', { token })).body).toEqual({ code: 200, msg: '操作成功', data: null });
      expect((await server.api('GET', '/getInfo', { token })).body.weather).toBeNull();
      expect(await new WeatherService(server.services.ctx.db, () => NOW).advance(Math.random)).toEqual(expect.not.arrayContaining([2]));
    } finally {
      await server.close();
    }
  });
});

describe('the weather model', () => {
  /** Two weeks in 10-minute steps from `start`. */
  function fortnight(start: number, seed: number): { at: number; weather: WeatherState }[] {
    const random = seededRandom(seed);
    let weather = initialWeather(start, 1);
    const steps: { at: number; weather: WeatherState }[] = [];
    for (let at = start; at < start + 14 * 24 * HOUR_MS; at += 10 * 60_000) {
      weather = nextWeather(weather, at, 10 * 60_000, random);
      steps.push({ at, weather });
    }
    return steps;
  }

  it.each([
    ['July', Date.UTC(2026, 6, 10), 24, 34],
    ['January', Date.UTC(2026, 0, 10), 0, 10],
    ['November', NOW, 8, 18],
  ])('gives Hangzhou temperatures of the season in %s, warmer in the afternoon than before dawn', (_month, start, low, high) => {
    const steps = fortnight(start, 11);
    const temperatures = steps.map((step) => step.weather.temperature);
    const mean = temperatures.reduce((sum, value) => sum + value, 0) / temperatures.length;
    expect(mean).toBeGreaterThan(low);
    expect(mean).toBeLessThan(high);
    const at = (hour: number) => {
      const chosen = steps.filter((step) => new Date(step.at + 8 * HOUR_MS).getUTCHours() === hour).map((step) => step.weather.temperature);
      return chosen.reduce((sum, value) => sum + value, 0) / chosen.length;
    };
    expect(at(14)).toBeGreaterThan(at(5) + 2);
    // Never more than 2 °C in ten minutes.
    expect(
      steps.filter((step, index) => index > 0 && Math.abs(step.weather.temperature - steps[index - 1]!.weather.temperature) > 2),
    ).toEqual([]);
  });

  it('changes its text now and then, to the texts the icons know, snow only near freezing and thunder only when warm', () => {
    const steps = [...fortnight(Date.UTC(2026, 0, 10), 3), ...fortnight(Date.UTC(2026, 6, 10), 4), ...fortnight(NOW, 5)];
    const texts = new Set(steps.map((step) => step.weather.text));
    expect(texts.size).toBeGreaterThan(4);
    let changes = 0;
    for (let index = 1; index < steps.length; index++) if (steps[index]!.weather.text !== steps[index - 1]!.weather.text) changes++;
    // About every half hour on average, not every step.
    expect(changes / steps.length).toBeGreaterThan(0.1);
    expect(changes / steps.length).toBeLessThan(0.5);
    const known: readonly string[] = WEATHER_TEXTS;
    const implausible = steps.filter(
      ({ weather }) =>
        !known.includes(weather.text) ||
        (weather.text === '雪' && weather.temperature >= 4) ||
        (weather.text === '雷阵雨' && weather.temperature < 18) ||
        !WIND.test(weather.wind) ||
        weather.humidity < 20 ||
        weather.humidity > 100,
    );
    expect(implausible).toEqual([]);
  });

  it('runs as a leader job only with an interval', async () => {
    const server = { weather: new WeatherService(undefined as never, () => NOW) };
    const off = new WeatherSimulator(server.weather, 0);
    off.start();
    expect(off.active).toBe(false);
    const on = new WeatherSimulator(server.weather, 60_000);
    on.start();
    expect(on.active).toBe(true);
    await on.stop();
    expect(on.active).toBe(false);
  });
});
