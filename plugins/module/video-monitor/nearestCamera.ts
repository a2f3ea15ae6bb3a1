/** Something with a place on the map (a camera, an alarm). */
export interface Placed {
  longitude: number | null;
  latitude: number | null;
}

/** Metres between two WGS-84 points (haversine; plenty for a city). */
export function distanceMetres(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLng = (b.longitude - a.longitude) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The camera nearest the place (online ones first: an offline camera shows nothing), with its distance; none without a place. */
export function nearestCamera<C extends Placed & { online: boolean }>(
  place: Placed,
  cameras: readonly C[],
): { camera: C; metres: number } | undefined {
  if (place.longitude === null || place.latitude === null) return undefined;
  const at = { longitude: place.longitude, latitude: place.latitude };
  let best: { camera: C; metres: number } | undefined;
  for (const camera of cameras) {
    if (camera.longitude === null || camera.latitude === null) continue;
    const metres = distanceMetres(at, { longitude: camera.longitude, latitude: camera.latitude });
    const better = !best || (camera.online && !best.camera.online) || (camera.online === best.camera.online && metres < best.metres);
    if (better) best = { camera, metres };
  }
  return best;
}
