/** A point `metres` from a centre in a direction (radians from north), on a small patch of the earth. */
export function offsetPosition(
  longitude: number,
  latitude: number,
  metres: number,
  bearing: number,
): { longitude: number; latitude: number } {
  const north = (metres * Math.cos(bearing)) / 111_320;
  const east = (metres * Math.sin(bearing)) / (111_320 * Math.cos((latitude * Math.PI) / 180));
  return { longitude: longitude + east, latitude: latitude + north };
}
