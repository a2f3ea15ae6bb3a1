import { shanghaiDayStart } from '../stats/periods';

/** The Asia/Shanghai midnight (epoch ms) of the day holding `at`: how check-ins and misses name their day. */
export const patrolDayOf = (at: number): number => shanghaiDayStart(at);

/** The minute of the Asia/Shanghai day (0–1439) of `at`. */
export const minuteOfDay = (at: number): number => Math.floor((at - shanghaiDayStart(at)) / 60_000);

/** hh:mm of a minute of the day (the Chinese messages). */
export const clockOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Metres between two WGS-84 points (haversine on a 6,371 km sphere: enough for a checkpoint's radius). */
export function distanceM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
