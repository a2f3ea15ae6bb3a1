/** A map position of the spec's effects: "lng,lat[,height]", height 10 when left out. */
export interface MapPosition {
  longitude: number;
  latitude: number;
  height: number;
}

export const DEFAULT_EFFECT_HEIGHT = 10;

/** Parses and checks a position string; a bad one is a clear error, never a NaN on the globe. */
export function parsePosition(text: string): MapPosition {
  if (typeof text !== 'string' || !text.trim()) throw new Error('位置不能为空，格式为“经度,纬度[,高度]”');
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3) throw new Error(`位置格式不正确：“${text}”，应为“经度,纬度[,高度]”`);
  const numbers = parts.map((part) => (part === '' ? Number.NaN : Number(part)));
  const [longitude, latitude, height = DEFAULT_EFFECT_HEIGHT] = numbers as [number, number, number?];
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new Error(`经度不正确：“${parts[0]}”，应在 -180 到 180 之间`);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new Error(`纬度不正确：“${parts[1]}”，应在 -90 到 90 之间`);
  if (!Number.isFinite(height)) throw new Error(`高度不正确：“${parts[2]}”`);
  return { longitude, latitude, height };
}

/** What a dragged effect reports: 8 decimals, negative heights clamped to 0 (spec section 4). */
export function reportPosition(position: MapPosition): MapPosition {
  const round = (value: number) => Number(value.toFixed(8));
  return { longitude: round(position.longitude), latitude: round(position.latitude), height: Math.max(0, position.height) };
}
