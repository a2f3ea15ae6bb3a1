import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';

/**
 * A plausible Hangzhou weather that moves with the season and the time of day: the temperature
 * follows the month's mean (interpolated day by day) and a daily curve (coolest before dawn, warmest
 * mid-afternoon), flattened and lowered by cloud and rain; the text changes now and then to a
 * neighbouring kind of weather (晴 → 多云 → 阴 → 小雨 …), snow only near freezing and thunder only when
 * warm; humidity follows the text and the afternoon; the wind turns with the season.
 */

/** What the weather table holds besides the tenant, city and time. */
export interface WeatherState {
  text: string;
  temperature: number;
  humidity: number;
  wind: string;
}

/** Hangzhou's mean temperature per month (°C), January first. */
const MONTHLY_MEAN = [4.6, 6.9, 10.8, 16.5, 21.6, 25.1, 29.0, 28.4, 24.4, 19.0, 13.2, 7.0];

/** How much warmer (or cooler) each text is than the clear-sky curve, how big its daily swing, its humidity. */
const TEXT_TRAITS: Record<string, { shift: number; swing: number; humidity: number; wind: [number, number] }> = {
  晴: { shift: 0.5, swing: 5, humidity: 55, wind: [1, 3] },
  多云: { shift: 0, swing: 4, humidity: 62, wind: [1, 3] },
  阴: { shift: -1, swing: 2.5, humidity: 72, wind: [2, 3] },
  小雨: { shift: -2, swing: 2, humidity: 85, wind: [2, 3] },
  中雨: { shift: -2.5, swing: 1.5, humidity: 90, wind: [2, 4] },
  大雨: { shift: -3, swing: 1.5, humidity: 94, wind: [3, 5] },
  雷阵雨: { shift: -2, swing: 3, humidity: 88, wind: [3, 5] },
  暴雨: { shift: -3.5, swing: 1, humidity: 96, wind: [4, 6] },
  雪: { shift: -2, swing: 1.5, humidity: 88, wind: [2, 4] },
};

/** Where each text may go next. */
const NEXT_TEXTS: Record<string, string[]> = {
  晴: ['多云'],
  多云: ['晴', '晴', '阴'],
  阴: ['多云', '多云', '小雨'],
  小雨: ['阴', '阴', '中雨', '雷阵雨'],
  中雨: ['小雨', '小雨', '大雨'],
  大雨: ['中雨', '中雨', '暴雨'],
  雷阵雨: ['多云', '阴', '小雨'],
  暴雨: ['大雨'],
  雪: ['阴', '雪'],
};

/** The text lasts this long on average (server clock) before it changes. */
export const MEAN_WEATHER_SPELL_MS = 30 * 60_000;

const RAIN = new Set(['小雨', '中雨', '大雨', '暴雨', '雷阵雨']);

/** Shanghai local hour (with fraction), month (0-based) and day of the month of an instant. */
function localTime(at: number): { hour: number; month: number; dayOfMonth: number; daysInMonth: number } {
  const local = new Date(at + SHANGHAI_OFFSET_MS);
  const month = local.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return { hour: local.getUTCHours() + local.getUTCMinutes() / 60, month, dayOfMonth: local.getUTCDate(), daysInMonth };
}

/** The month's mean, interpolated towards the neighbouring month's across the month. */
export function seasonalMean(at: number): number {
  const { month, dayOfMonth, daysInMonth } = localTime(at);
  const position = (dayOfMonth - 0.5) / daysInMonth - 0.5;
  const neighbour = position < 0 ? (month + 11) % 12 : (month + 1) % 12;
  return MONTHLY_MEAN[month]! + (MONTHLY_MEAN[neighbour]! - MONTHLY_MEAN[month]!) * Math.abs(position);
}

/** The temperature this text would have now, without the day's own deviation. */
export function expectedTemperature(at: number, text: string): number {
  const traits = TEXT_TRAITS[text] ?? TEXT_TRAITS['多云']!;
  const { hour } = localTime(at);
  return seasonalMean(at) + traits.shift + traits.swing * Math.cos((2 * Math.PI * (hour - 14.5)) / 24);
}

const DIRECTIONS = ['北风', '东北风', '东风', '东南风', '南风', '西南风', '西风', '西北风'];

/** The prevailing wind of the season: south-east in summer, north-west in winter. */
function seasonalDirection(at: number, random: () => number): string {
  const { month } = localTime(at);
  const summer = month >= 4 && month <= 8;
  const winter = month >= 10 || month <= 1;
  const pool = summer ? ['东南风', '南风', '东风', '东南风'] : winter ? ['西北风', '北风', '东北风', '西北风'] : DIRECTIONS;
  return pool[Math.floor(random() * pool.length)]!;
}

function windOf(text: string, direction: string, random: () => number): string {
  const [low, high] = (TEXT_TRAITS[text] ?? TEXT_TRAITS['多云']!).wind;
  return `${direction} ${low + Math.floor(random() * (high - low + 1))}级`;
}

function humidityOf(text: string, temperature: number, at: number, random: () => number): number {
  const traits = TEXT_TRAITS[text] ?? TEXT_TRAITS['多云']!;
  // Warmer than the day's mean (the afternoon) is drier.
  const value = traits.humidity - (temperature - seasonalMean(at)) * 1.5 + (random() - 0.5) * 4;
  return Math.round(Math.min(100, Math.max(20, value)));
}

/** Near freezing rain falls as snow; snow melts to rain above it; thunder needs warmth. */
function fitText(text: string, temperature: number): string {
  if (RAIN.has(text) && temperature <= 1) return '雪';
  if (text === '雪' && temperature >= 4) return '小雨';
  if (text === '雷阵雨' && temperature < 18) return '小雨';
  return text;
}

/** The weather a tenant starts with (seed): the season's typical weather at this time of day. */
export function initialWeather(at: number, tenantId: number): WeatherState {
  const random = seededRandom(Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * 31 + tenantId);
  const text = fitText(['晴', '多云', '多云', '阴', '小雨'][Math.floor(random() * 5)]!, seasonalMean(at));
  const temperature = Math.round(expectedTemperature(at, text) + (random() - 0.5) * 2);
  return {
    text: fitText(text, temperature),
    temperature,
    humidity: humidityOf(text, temperature, at, random),
    wind: windOf(text, seasonalDirection(at, random), random),
  };
}

/**
 * The weather `elapsedMs` after `current`: the text changes with chance 1 − e^(−elapsed/MEAN_WEATHER_SPELL_MS),
 * the temperature moves towards the curve of its text (keeping most of today's deviation from it, an
 * hour's step at most 2 °C), humidity and wind follow.
 */
export function nextWeather(current: WeatherState, at: number, elapsedMs: number, random: () => number): WeatherState {
  const changes = random() < 1 - Math.exp(-Math.max(0, elapsedMs) / MEAN_WEATHER_SPELL_MS);
  const options = NEXT_TEXTS[current.text] ?? ['多云'];
  let text = changes ? options[Math.floor(random() * options.length)]! : current.text;
  const deviation = current.temperature - expectedTemperature(at - elapsedMs, current.text);
  const kept = Math.max(-4, Math.min(4, deviation * 0.97 + (random() - 0.5) * 0.6));
  const target = expectedTemperature(at, text) + kept;
  const maxStep = Math.max(1, (2 * elapsedMs) / HOUR_MS);
  const temperature = Math.round(current.temperature + Math.max(-maxStep, Math.min(maxStep, target - current.temperature)));
  text = fitText(text, temperature);
  const direction = current.wind.split(' ')[0] ?? '';
  const keepDirection = DIRECTIONS.includes(direction) && random() > 0.1;
  const wind =
    text === current.text && keepDirection && random() > 0.15
      ? current.wind
      : windOf(text, keepDirection ? direction : seasonalDirection(at, random), random);
  const humidity =
    text === current.text && Math.abs(temperature - current.temperature) < 1 && random() > 0.3
      ? current.humidity
      : humidityOf(text, temperature, at, random);
  return { text, temperature, humidity, wind };
}
