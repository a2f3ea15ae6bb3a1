import type { Color } from 'cesium';
import { checkPosition, parsePosition, type MapPosition } from '../geo/parsePosition';
import type { Cesium } from './loadCesium';

/**
 * Reading an effect's options: each reader checks its value and throws a clear Chinese error, so a
 * bad option from a page or a push message never becomes a NaN or an invisible effect on the globe.
 */

/** A position given as "lng,lat[,height]" or as `{ longitude, latitude, height? }`. */
export function positionOption(value: unknown): MapPosition {
  if (typeof value === 'string') return parsePosition(value);
  if (value && typeof value === 'object') {
    const { longitude, latitude, height } = value as Partial<MapPosition>;
    return checkPosition(longitude, latitude, height);
  }
  throw new Error('位置不能为空，格式为“经度,纬度[,高度]”');
}

/** A number option within limits; left out, the default. */
export function numberOption(
  options: Record<string, unknown>,
  key: string,
  fallback: number,
  label: string,
  limits: { min?: number; max?: number; above?: number } = {},
): number {
  const raw = options[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw new Error(`${label}必须是数字`);
  if (limits.above !== undefined && !(value > limits.above)) throw new Error(`${label}必须大于 ${limits.above}`);
  if (limits.min !== undefined && value < limits.min) throw new Error(`${label}不能小于 ${limits.min}`);
  if (limits.max !== undefined && value > limits.max) throw new Error(`${label}不能大于 ${limits.max}`);
  return value;
}

/** A CSS colour option such as "#0cfd11" or "rgba(0,255,255,0.5)". */
export function colorOption(Cesium: Cesium, options: Record<string, unknown>, key: string, fallback: string): Color {
  const raw = options[key] ?? fallback;
  const color = typeof raw === 'string' ? Cesium.Color.fromCssColorString(raw) : undefined;
  if (!color) throw new Error(`颜色不正确：“${String(raw)}”`);
  return color;
}
