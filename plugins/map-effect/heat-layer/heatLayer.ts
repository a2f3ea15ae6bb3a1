import manifest from './plugin.json';

/** A weighted place on the heat layer. */
export interface HeatPoint {
  longitude: number;
  latitude: number;
  value: number;
}

/** A colour stop: where on the 0–1 scale, then red, green, blue (0–255) and opacity (0–1). */
export type HeatStop = readonly [number, number, number, number, number];

export interface HeatSettings {
  /** How far a point's heat reaches (metres). */
  radius: number;
  /** Pixels along the raster's longer side. */
  resolution: number;
  /** The value that reads as the hottest colour; 0: the largest value given. */
  maxValue: number;
  gradient: readonly HeatStop[];
}

/** The heat as one RGBA image over a longitude/latitude rectangle (degrees), row 0 at the north. */
export interface HeatRaster {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
  /** The value drawn as the hottest colour. */
  max: number;
}

export const HEAT_DEFAULTS: HeatSettings = {
  radius: manifest.contributes.defaults.radius,
  resolution: manifest.contributes.defaults.resolution,
  maxValue: manifest.contributes.defaults.maxValue,
  gradient: manifest.contributes.defaults.gradient.map(
    ([at = 0, red = 0, green = 0, blue = 0, alpha = 0]) => [at, red, green, blue, alpha] as const,
  ),
};

const METRES_PER_DEGREE = 111_320;
/** Below this heat a pixel stays clear, so the layer has no tinted rectangle around it. */
const CLEAR_BELOW = 0.02;

/** The `points` option: a list of `{ longitude, latitude, value }`, each checked, with a Chinese error naming the bad one. */
export function heatPointsOption(value: unknown): HeatPoint[] {
  if (!Array.isArray(value)) throw new Error('热力点（points）必须是列表');
  return value.map((entry: unknown, index) => {
    const point = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const [longitude, latitude, weight] = [point.longitude, point.latitude, point.value];
    const label = `第 ${index + 1} 个热力点`;
    if (typeof longitude !== 'number' || !Number.isFinite(longitude) || Math.abs(longitude) > 180)
      throw new Error(`${label}的经度（longitude）必须是 -180 到 180 之间的数字`);
    if (typeof latitude !== 'number' || !Number.isFinite(latitude) || Math.abs(latitude) > 85)
      throw new Error(`${label}的纬度（latitude）必须是 -85 到 85 之间的数字`);
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)
      throw new Error(`${label}的数值（value）必须是不小于 0 的数字`);
    return { longitude, latitude, value: weight };
  });
}

/** The colour of heat `t` (0–1) on the gradient, as [r, g, b, a] bytes. */
export function heatColour(t: number, gradient: readonly HeatStop[]): [number, number, number, number] {
  const upper = gradient.findIndex((stop) => stop[0] >= t);
  const high = gradient[upper === -1 ? gradient.length - 1 : upper]!;
  const low = gradient[Math.max(0, upper - 1)]!;
  const share = high[0] > low[0] ? (t - low[0]) / (high[0] - low[0]) : 1;
  const mix = (index: 1 | 2 | 3 | 4) => low[index] + (high[index] - low[index]) * Math.min(1, Math.max(0, share));
  return [Math.round(mix(1)), Math.round(mix(2)), Math.round(mix(3)), Math.round(mix(4) * 255)];
}

/**
 * The heat of the points as one image: each point spreads its value (over the max) as a Gaussian that
 * fades to nothing at `radius` metres; overlapping heat adds up to at most the hottest colour. Null
 * when no point has any value: nothing to draw.
 */
export function heatRaster(points: readonly HeatPoint[], settings: HeatSettings): HeatRaster | null {
  const max = settings.maxValue > 0 ? settings.maxValue : Math.max(0, ...points.map((point) => point.value));
  const warm = points.filter((point) => point.value > 0);
  if (!warm.length || !(max > 0)) return null;
  const middle = (Math.min(...warm.map((point) => point.latitude)) + Math.max(...warm.map((point) => point.latitude))) / 2;
  const metresPerLongitude = METRES_PER_DEGREE * Math.cos((middle * Math.PI) / 180);
  const padLongitude = settings.radius / metresPerLongitude;
  const padLatitude = settings.radius / METRES_PER_DEGREE;
  const west = Math.min(...warm.map((point) => point.longitude)) - padLongitude;
  const east = Math.max(...warm.map((point) => point.longitude)) + padLongitude;
  const south = Math.min(...warm.map((point) => point.latitude)) - padLatitude;
  const north = Math.max(...warm.map((point) => point.latitude)) + padLatitude;
  const [across, tall] = [(east - west) * metresPerLongitude, (north - south) * METRES_PER_DEGREE];
  const metresPerPixel = Math.max(across, tall) / settings.resolution;
  const width = Math.max(8, Math.round(across / metresPerPixel));
  const height = Math.max(8, Math.round(tall / metresPerPixel));
  const heat = new Float32Array(width * height);
  const reach = settings.radius / metresPerPixel;
  const sigma = reach / 2.5;
  for (const point of warm) {
    const x = ((point.longitude - west) / (east - west)) * width;
    const y = ((north - point.latitude) / (north - south)) * height;
    const weight = Math.min(1, point.value / max);
    for (let row = Math.max(0, Math.floor(y - reach)); row < Math.min(height, Math.ceil(y + reach)); row++) {
      for (let column = Math.max(0, Math.floor(x - reach)); column < Math.min(width, Math.ceil(x + reach)); column++) {
        const squared = (column + 0.5 - x) ** 2 + (row + 0.5 - y) ** 2;
        const index = row * width + column;
        if (squared <= reach * reach) heat[index] = (heat[index] ?? 0) + weight * Math.exp(-squared / (2 * sigma * sigma));
      }
    }
  }
  const pixels = new Uint8ClampedArray(new ArrayBuffer(width * height * 4));
  heat.forEach((value, index) => {
    if (value < CLEAR_BELOW) return;
    pixels.set(heatColour(Math.min(1, value), settings.gradient), index * 4);
  });
  return { west, south, east, north, width, height, pixels, max };
}
