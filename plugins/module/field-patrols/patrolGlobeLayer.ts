import { pageGlobeLayer } from '@ops/sdk';
import { itemOfEffect } from './patrolEffects';

/**
 * The plugin's layer on the globe: the pages draw through MapEffects; the layer holds the globe for the
 * camera (flyToPlaces) and turns a click on a route's trail or checkpoint into ?routeId=, on a check-in
 * into ?checkInId=.
 */
const patrolGlobe = pageGlobeLayer('field-patrols:map', (effectId) => {
  const item = itemOfEffect(effectId);
  if (!item) return undefined;
  return 'checkInId' in item ? `checkInId=${item.checkInId}` : `routeId=${item.routeId}`;
});
export const patrolGlobeLayer = patrolGlobe.layer;

/** The centre and radius (metres) of the smallest circle around some places. */
export function areaAround(places: readonly { longitude: number; latitude: number }[]) {
  if (places.length === 0) return null;
  const longitude = places.reduce((sum, place) => sum + place.longitude, 0) / places.length;
  const latitude = places.reduce((sum, place) => sum + place.latitude, 0) / places.length;
  const metresPerDegree = 111_320;
  const radius = Math.max(
    ...places.map((place) =>
      Math.hypot(
        (place.longitude - longitude) * metresPerDegree * Math.cos((latitude * Math.PI) / 180),
        (place.latitude - latitude) * metresPerDegree,
      ),
    ),
  );
  return { longitude, latitude, radius: Math.max(radius, 150) };
}

/** Flies the camera over some places (a route, a checkpoint), obliquely from the south; resolves false without a globe. */
export async function flyToPlaces(places: readonly { longitude: number; latitude: number }[]): Promise<boolean> {
  const area = areaAround(places);
  if (!area) return false;
  const loaded = await patrolGlobe.globe();
  if (!loaded) return false;
  const { Cesium, viewer } = loaded;
  const range = Math.min(30_000, Math.max(900, area.radius * 4));
  const center = Cesium.Cartesian3.fromDegrees(area.longitude, area.latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, area.radius), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-45), range),
    duration: 1.2,
  });
  return true;
}
