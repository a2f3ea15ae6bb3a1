/** Distances on the ground for emergency dispatch: metres between lon/lat points (a few kilometres at most). */

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Metres along a polyline of [lon, lat] points. */
export function pathLength(path: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let index = 1; index < path.length; index++)
    total += distanceMetres(path[index - 1]![0], path[index - 1]![1], path[index]![0], path[index]![1]);
  return total;
}

/**
 * Metres from a point to the nearest point of a polyline (segments included, not just vertices), on a
 * local flat projection around the point: exact enough over the few kilometres a route spans.
 */
export function distanceToPath(lon: number, lat: number, path: readonly (readonly [number, number])[]): number {
  if (path.length === 0) return Infinity;
  const metresPerLat = (Math.PI / 180) * EARTH_RADIUS_M;
  const metresPerLon = metresPerLat * Math.cos(rad(lat));
  const xy = ([pointLon, pointLat]: readonly [number, number]) =>
    [(pointLon - lon) * metresPerLon, (pointLat - lat) * metresPerLat] as const;
  if (path.length === 1) return Math.hypot(...xy(path[0]!));
  let best = Infinity;
  for (let index = 1; index < path.length; index++) {
    const [ax, ay] = xy(path[index - 1]!);
    const [bx, by] = xy(path[index]!);
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    // The segment's point nearest the origin (the point asked about).
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** A lon/lat box holding every point within `metres` of the centre (for an index-friendly prefilter). */
export function boxAround(lon: number, lat: number, metres: number): { minLon: number; maxLon: number; minLat: number; maxLat: number } {
  const dLat = (metres / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = dLat / Math.max(0.01, Math.cos(rad(lat)));
  return { minLon: lon - dLon, maxLon: lon + dLon, minLat: lat - dLat, maxLat: lat + dLat };
}
