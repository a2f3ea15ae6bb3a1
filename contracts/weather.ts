/**
 * Weather as the server reports it (`GET /weather/current`, the session's `weather` in `GET /getInfo`,
 * the push event WEATHER_EVENT) and the two product rules both sides apply to it (spec section 9):
 * the temperature bands and the icon a weather text shows.
 */

/** The icons a weather text maps to (spec section 9). */
export const WEATHER_ICONS = ['sunny', 'overcast', 'cloudy', 'rain', 'thunderShower', 'storm', 'snow'] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

/** The weather texts the reference server produces, in Chinese as weather services word them. */
export const WEATHER_TEXTS = ['晴', '多云', '阴', '小雨', '中雨', '大雨', '雷阵雨', '暴雨', '雪'] as const;

/** Current weather of the active tenant's city. */
export interface WeatherNow {
  city: string;
  /** 晴, 多云, 阴, 小雨 … */
  text: string;
  icon: WeatherIcon;
  /** Degrees Celsius. */
  temperature: number;
  /** The temperature band's Chinese name (temperatureBand). */
  band: TemperatureBandName;
  /** Relative humidity, %. */
  humidity: number;
  /** Direction and force, e.g. 东南风 3级. */
  wind: string;
  /** When it was last observed (epoch ms). */
  updatedAt: number;
}

/** The push event a weather change is sent as (registry/pushEvents.json routes it to `weather.update`). */
export const WEATHER_EVENT_TYPE = 'WEATHER_EVENT';

export type TemperatureBand = 'extremelyCold' | 'cold' | 'cool' | 'warm' | 'hot' | 'scorching';

export const TEMPERATURE_BAND_NAMES = {
  extremelyCold: '极寒',
  cold: '寒冷',
  cool: '凉爽',
  warm: '温暖',
  hot: '炎热',
  scorching: '酷热',
} as const satisfies Record<TemperatureBand, string>;
export type TemperatureBandName = (typeof TEMPERATURE_BAND_NAMES)[TemperatureBand];

/**
 * The band of a temperature (°C), spec section 9: below -40 extremely cold; below 0 cold; 0 to 20
 * cool; above 20 to 30 warm; above 30 to 40 hot; above 40 scorching. So -40 is cold, 0 and 20 are
 * cool, 30 is warm and 40 is hot.
 */
export function temperatureBand(celsius: number): TemperatureBand {
  if (celsius < -40) return 'extremelyCold';
  if (celsius < 0) return 'cold';
  if (celsius <= 20) return 'cool';
  if (celsius <= 30) return 'warm';
  if (celsius <= 40) return 'hot';
  return 'scorching';
}

/** The band's Chinese name (极寒, 寒冷, 凉爽, 温暖, 炎热, 酷热). */
export function temperatureBandName(celsius: number): TemperatureBandName {
  return TEMPERATURE_BAND_NAMES[temperatureBand(celsius)];
}

/**
 * The icon of a weather text: thunder → thunderShower, 暴雨 and stronger → storm, any snow → snow,
 * any other rain → rain, 阴 (and fog, haze) → overcast, cloud → cloudy, 晴 → sunny; an unknown text shows cloudy.
 */
export function weatherIcon(text: string): WeatherIcon {
  if (text.includes('雷')) return 'thunderShower';
  if (/暴|台风|飓风/.test(text)) return 'storm';
  if (/雪|冰雹/.test(text)) return 'snow';
  if (text.includes('雨')) return 'rain';
  if (/阴|雾|霾/.test(text)) return 'overcast';
  if (text.includes('云')) return 'cloudy';
  if (text.includes('晴')) return 'sunny';
  return 'cloudy';
}
