/**
 * WGS-84 ⇄ GCJ-02 ⇄ BD-09 (spec section 5). Outside China's box the coordinates are returned
 * unchanged, as GCJ-02 is only defined there.
 */
export type LngLat = readonly [longitude: number, latitude: number];

export const CHINA_BOUNDS = { minLongitude: 72.004, maxLongitude: 137.8347, minLatitude: 0.8293, maxLatitude: 55.8271 } as const;

const A = 6378245.0; // Krasovsky 1940 semi-major axis used by GCJ-02
const EE = 0.006693421622965943; // its eccentricity squared
const X_PI = (Math.PI * 3000.0) / 180.0;

export function insideChina([longitude, latitude]: LngLat): boolean {
  return (
    longitude >= CHINA_BOUNDS.minLongitude &&
    longitude <= CHINA_BOUNDS.maxLongitude &&
    latitude >= CHINA_BOUNDS.minLatitude &&
    latitude <= CHINA_BOUNDS.maxLatitude
  );
}

function transformLatitude(x: number, y: number): number {
  let result = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  result += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  result += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  result += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return result;
}

function transformLongitude(x: number, y: number): number {
  let result = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  result += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  result += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  result += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return result;
}

function gcjOffset([longitude, latitude]: LngLat): LngLat {
  let dLat = transformLatitude(longitude - 105.0, latitude - 35.0);
  let dLng = transformLongitude(longitude - 105.0, latitude - 35.0);
  const radLat = (latitude / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [dLng, dLat];
}

export function wgs84ToGcj02(point: LngLat): LngLat {
  if (!insideChina(point)) return point;
  const [dLng, dLat] = gcjOffset(point);
  return [point[0] + dLng, point[1] + dLat];
}

/** The usual one-step inverse (error under a metre inside China). */
export function gcj02ToWgs84(point: LngLat): LngLat {
  if (!insideChina(point)) return point;
  const [dLng, dLat] = gcjOffset(point);
  return [point[0] - dLng, point[1] - dLat];
}

/**
 * The exact inverse, by fixed-point iteration (to 1e-9 degree, a tenth of a millimetre): for tile
 * corners and anything converted back and forth, where the one-step inverse's metre would show.
 */
export function gcj02ToWgs84Exact(point: LngLat): LngLat {
  if (!insideChina(point)) return point;
  let [longitude, latitude] = gcj02ToWgs84(point);
  for (let step = 0; step < 10; step++) {
    const [gcjLongitude, gcjLatitude] = wgs84ToGcj02([longitude, latitude]);
    const [errorLongitude, errorLatitude] = [gcjLongitude - point[0], gcjLatitude - point[1]];
    longitude -= errorLongitude;
    latitude -= errorLatitude;
    if (Math.abs(errorLongitude) < 1e-9 && Math.abs(errorLatitude) < 1e-9) break;
  }
  return [longitude, latitude];
}

export function gcj02ToBd09(point: LngLat): LngLat {
  if (!insideChina(point)) return point;
  const [x, y] = point;
  const z = Math.sqrt(x * x + y * y) + 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) + 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
}

export function bd09ToGcj02(point: LngLat): LngLat {
  if (!insideChina(point)) return point;
  const x = point[0] - 0.0065;
  const y = point[1] - 0.006;
  const z = Math.sqrt(x * x + y * y) - 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) - 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta), z * Math.sin(theta)];
}

export const wgs84ToBd09 = (point: LngLat): LngLat => gcj02ToBd09(wgs84ToGcj02(point));
export const bd09ToWgs84 = (point: LngLat): LngLat => gcj02ToWgs84(bd09ToGcj02(point));
