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
  return checkPosition(parts[0], parts[1], parts[2]);
}

/** Checks a position given as numbers or numeric strings (height left out: 10). */
export function checkPosition(longitude: unknown, latitude: unknown, height: unknown = DEFAULT_EFFECT_HEIGHT): MapPosition {
  const numberOf = (value: unknown) =>
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  const [lng, lat, up] = [numberOf(longitude), numberOf(latitude), numberOf(height)];
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) throw new Error(`经度不正确：“${String(longitude)}”，应在 -180 到 180 之间`);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw new Error(`纬度不正确：“${String(latitude)}”，应在 -90 到 90 之间`);
  if (!Number.isFinite(up)) throw new Error(`高度不正确：“${String(height)}”`);
  return { longitude: lng, latitude: lat, height: up };
}

/** What a dragged effect reports: 8 decimals, negative heights clamped to 0 (spec section 4). */
export function reportPosition(position: MapPosition): MapPosition {
  const round = (value: number) => Number(value.toFixed(8));
  return { longitude: round(position.longitude), latitude: round(position.latitude), height: Math.max(0, position.height) };
}
