import { pageGlobeLayer } from '@ops/sdk';
import { offsetPosition } from './offsetPosition';

/** Effect ids this plugin draws start with it; an event's carry its id (`emergency:event-12:fire`). */
export const EFFECT_PREFIX = 'emergency:';
const EVENT_EFFECT = /^emergency:event-(\d+):/;

/** The share of the camera's range the view is moved west by (the clear middle is right of the screen's centre). */
const CLEAR_MIDDLE_SHIFT = 0.08;

/**
 * The plugin's layer on the globe: it draws nothing by itself (the pages draw through MapEffects) but
 * holds the globe for the pages' camera (flyToArea), and a click on an event's fire, scan circle or
 * task circles focuses that event on the page (?eventId=).
 */
const emergencyGlobe = pageGlobeLayer('emergency-map:situation', (effectId) => {
  const eventId = EVENT_EFFECT.exec(effectId)?.[1];
  return eventId === undefined ? undefined : `eventId=${eventId}`;
});
export const emergencyGlobeLayer = emergencyGlobe.layer;

/** The camera's distance for an area of this radius: the whole affected circle and its surroundings in view. */
export function viewRange(radiusMetres: number): number {
  return Math.min(40_000, Math.max(1_200, radiusMetres * 6));
}

/**
 * Flies the globe's camera to an area, looking at it obliquely from the south so fire and smoke
 * columns read as such; a globe still loading is waited for. Resolves false when none comes up.
 */
export async function flyToArea(longitude: number, latitude: number, radiusMetres: number): Promise<boolean> {
  const loaded = await emergencyGlobe.globe();
  if (!loaded) return false;
  const { Cesium, viewer } = loaded;
  // The panels cover the screen's sides unevenly (the page's menu is on the left): look a little west
  // of the area so it lands in the clear middle.
  const range = viewRange(radiusMetres);
  const target = offsetPosition(longitude, latitude, range * CLEAR_MIDDLE_SHIFT, -Math.PI / 2);
  const center = Cesium.Cartesian3.fromDegrees(target.longitude, target.latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, Math.max(radiusMetres, 50)), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-40), range),
    duration: 1.2,
  });
  return true;
}

/** The smallest circle (centre, radius in metres) around some places, for a flight that shows them all. */
export function areaAround(
  places: readonly { longitude: number; latitude: number; radius?: number }[],
): { longitude: number; latitude: number; radius: number } | null {
  if (places.length === 0) return null;
  const longitude = places.reduce((sum, place) => sum + place.longitude, 0) / places.length;
  const latitude = places.reduce((sum, place) => sum + place.latitude, 0) / places.length;
  const metresPerDegree = 111_320;
  const radius = Math.max(
    ...places.map(
      (place) =>
        Math.hypot(
          (place.longitude - longitude) * metresPerDegree * Math.cos((latitude * Math.PI) / 180),
          (place.latitude - latitude) * metresPerDegree,
        ) + (place.radius ?? 0),
    ),
  );
  return { longitude, latitude, radius: Math.max(radius, 200) };
}
