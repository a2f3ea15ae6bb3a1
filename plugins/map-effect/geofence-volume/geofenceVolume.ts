/** A fence's volume as the effect draws it: a polygon of [lng, lat] corners between two heights (metres). */
export interface GeofenceVolume {
  polygon: [number, number][];
  floor: number;
  ceiling: number;
}

/** Checks the options; a bad fence is a clear Chinese error. */
export function createGeofenceVolume(polygon: unknown, floor: unknown, ceiling: unknown): GeofenceVolume {
  if (!Array.isArray(polygon) || polygon.length < 3) throw new Error('电子围栏至少需要 3 个顶点，每个为 [经度, 纬度]');
  const corners = polygon.map((corner: unknown, index): [number, number] => {
    const [longitude, latitude] = Array.isArray(corner) ? corner.map(Number) : [];
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || Math.abs(longitude!) > 180 || Math.abs(latitude!) > 90)
      throw new Error(`电子围栏第 ${index + 1} 个顶点不是有效的经纬度`);
    return [longitude!, latitude!];
  });
  const low = Number(floor ?? 0);
  const high = Number(ceiling);
  if (!Number.isFinite(low) || low < 0) throw new Error('电子围栏的最低高度必须是不小于 0 的数字');
  if (!Number.isFinite(high) || high <= low) throw new Error('电子围栏的最高高度必须大于最低高度');
  return { polygon: corners, floor: low, ceiling: high };
}
