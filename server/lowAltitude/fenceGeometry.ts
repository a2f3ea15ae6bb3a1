import type { LngLat } from '../../contracts/lowAltitude';

/**
 * How far outside a fence a position must be before the flight counts as having left it: the hysteresis
 * band that keeps a UAV flying along a fence's edge (GPS jitter of a few metres) from entering and
 * leaving on every position. Entry needs the position strictly inside (polygon and altitude band); exit
 * needs it beyond the band; a position within the band changes nothing.
 */
export const EDGE_BAND_M = 10;
export const EDGE_BAND_ALTITUDE_M = 5;

const METRES_PER_DEGREE_LAT = 110_540;
const METRES_PER_DEGREE_LNG_AT_EQUATOR = 111_320;

/** A longitude (limit 180) or latitude (limit 90) that is a number within its range. */
export const isCoordinate = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

/** Where a position is with respect to a fence: inside it, within the edge band around it, or clearly outside. */
export type FenceSide = 'inside' | 'edge' | 'outside';

export interface FenceShape {
  polygon: readonly LngLat[];
  floorM: number;
  ceilingM: number;
}

/** The fence's corners in metres east and north of the point (a local flat projection: fences are city-sized). */
function cornersAround(polygon: readonly LngLat[], longitude: number, latitude: number): Point[] {
  const metresPerDegreeLng = METRES_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((latitude * Math.PI) / 180);
  return polygon.map(([lng, lat]) => [(lng - longitude) * metresPerDegreeLng, (lat - latitude) * METRES_PER_DEGREE_LAT]);
}

type Point = [number, number];

/** The polygon's sides, each from the previous corner to this one (the last corner closes it to the first). */
const sidesOf = (corners: readonly Point[]): [Point, Point][] =>
  corners.map((to, index) => [corners[index - 1] ?? corners[corners.length - 1] ?? to, to]);

/** Whether the origin is inside the polygon (even-odd ray casting). */
function containsOrigin(corners: readonly Point[]): boolean {
  let inside = false;
  for (const [[xj, yj], [xi, yi]] of sidesOf(corners))
    if (yi > 0 !== yj > 0 && 0 < ((xj - xi) * (0 - yi)) / (yj - yi) + xi) inside = !inside;
  return inside;
}

/** The distance in metres from the origin to the polygon's outline. */
function distanceToOutline(corners: readonly Point[]): number {
  let nearest = Infinity;
  for (const [[ax, ay], [bx, by]] of sidesOf(corners)) {
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (-ax * dx - ay * dy) / lengthSquared));
    nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return nearest;
}

export function fenceSide(fence: FenceShape, longitude: number, latitude: number, altitude: number): FenceSide {
  const corners = cornersAround(fence.polygon, longitude, latitude);
  const horizontallyInside = containsOrigin(corners);
  if (horizontallyInside && altitude >= fence.floorM && altitude <= fence.ceilingM) return 'inside';
  const nearHorizontally = horizontallyInside || distanceToOutline(corners) <= EDGE_BAND_M;
  const nearVertically = altitude >= fence.floorM - EDGE_BAND_ALTITUDE_M && altitude <= fence.ceilingM + EDGE_BAND_ALTITUDE_M;
  return nearHorizontally && nearVertically ? 'edge' : 'outside';
}

/** The polygon's area in square metres (zero: its corners are on one line). */
export function polygonArea(polygon: readonly LngLat[]): number {
  const [lng0, lat0] = polygon[0] ?? [0, 0];
  let doubled = 0;
  for (const [[xj, yj], [xi, yi]] of sidesOf(cornersAround(polygon, lng0, lat0))) doubled += xj * yi - xi * yj;
  return Math.abs(doubled) / 2;
}
