import { weatherPushTopic } from '../../contracts/push';
import { temperatureBandName, weatherIcon, type WeatherNow } from '../../contracts/weather';
import { JobRuns } from '../cluster/JobRuns';
import { RecentReads } from '../db/RecentReads';
import type { Database, Db } from '../db/Database';
import { seededRandom } from '../simulation/seededRandom';
import type { PushPublisher } from '../push/PushPublisher';
import { nextWeather, type WeatherState } from './weatherModel';

/** How long (real time) an instance shows a tenant's weather as it read it: a change made elsewhere appears within this time. */
export const WEATHER_RECHECK_MS = 1000;

/** Where a weather change goes: the push channel (PushHub). */
export type WeatherSink = PushPublisher;

export function toWeatherNow(
  row: Pick<Database['weather'], 'city' | 'text' | 'temperature' | 'humidity' | 'wind' | 'updated_at'>,
): WeatherNow {
  return {
    city: row.city,
    text: row.text,
    icon: weatherIcon(row.text),
    temperature: row.temperature,
    band: temperatureBandName(row.temperature),
    humidity: row.humidity,
    wind: row.wind,
    updatedAt: row.updated_at,
  };
}

/**
 * The current weather of each tenant's city (table `weather`), read for `GET /weather/current` and the
 * session (`GET /getInfo`), and moved on by the weather simulator (a leader job): a change is stored
 * and pushed to the tenant as WEATHER_EVENT with the new WeatherNow.
 */
export class WeatherService {
  private readonly recent = new RecentReads<WeatherNow | null>(WEATHER_RECHECK_MS);

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly push?: WeatherSink,
  ) {}

  /** The tenant's weather, or null when it has none. */
  current(tenantId: number): Promise<WeatherNow | null> {
    return this.recent.get(String(tenantId), async () => {
      const row = await this.db.selectFrom('weather').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row ? toWeatherNow(row) : null;
    });
  }

  /**
   * One round of the simulation: every tenant's weather moves on by the time since it was observed;
   * what changed is stored and pushed. Returns the tenants whose weather changed.
   */
  async advance(random: () => number): Promise<number[]> {
    const at = this.now();
    const rows = await this.db.selectFrom('weather').selectAll().orderBy('tenant_id').execute();
    const changed: { tenantId: number; weather: WeatherNow }[] = [];
    for (const row of rows) {
      const current: WeatherState = { text: row.text, temperature: row.temperature, humidity: row.humidity, wind: row.wind };
      const next = nextWeather(current, at, at - row.updated_at, random);
      if (
        next.text === current.text &&
        next.temperature === current.temperature &&
        next.humidity === current.humidity &&
        next.wind === current.wind
      )
        continue;
      // Only if nobody moved it since it was read (another leader for a moment): else this round skips it.
      const updated = await this.db
        .updateTable('weather')
        .set({ ...next, updated_at: at })
        .where('tenant_id', '=', row.tenant_id)
        .where('updated_at', '=', row.updated_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) continue;
      const weather = toWeatherNow({ ...row, ...next, updated_at: at });
      this.recent.set(String(row.tenant_id), weather);
      changed.push({ tenantId: row.tenant_id, weather });
    }
    // Told after the commit, so a browser that hears of it reads the same back.
    for (const { tenantId, weather } of changed) await this.push?.publish(tenantId, weatherPushTopic, weather);
    return changed.map((entry) => entry.tenantId);
  }
}

/** The weather simulation as a leader job: a round every `intervalMs` (0: never). */
export class WeatherSimulator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly random: () => number;
  /** Its rounds, for /metrics (ops_job_runs_total). */
  readonly runs = new JobRuns();

  constructor(
    private readonly weather: WeatherService,
    private readonly intervalMs: number,
    seed = Date.now(),
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.random = seededRandom(seed);
  }

  get active(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runs
        .count(this.weather.advance(this.random))
        .catch(this.onError)
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
