import type { MapLayer, MapLayerContext } from '@ops/sdk';

/** Effect ids this plugin draws start with it; an event's carry its id (`emergency:event-12:fire`). */
export const EFFECT_PREFIX = 'emergency:';
const EVENT_EFFECT = /^emergency:event-(\d+):/;

let attached: MapLayerContext | undefined;

/**
 * The plugin's layer on the globe: it draws nothing by itself (the pages draw through MapEffects) but
 * holds the globe for the pages' camera (flyToArea), and a click on an event's fire, scan circle or
 * task circles focuses that event on the page (?eventId=).
 */
export const emergencyGlobeLayer: MapLayer = {
  id: 'emergency-map:situation',
  attach(context) {
    attached = context;
    return () => {
      if (attached === context) attached = undefined;
    };
  },
  onEffectClick(effectId, { navigate }) {
    const eventId = EVENT_EFFECT.exec(effectId)?.[1];
    if (eventId === undefined) return false;
    navigate(`${window.location.pathname}?eventId=${eventId}`);
    return true;
  },
};

/** The camera's distance for an area of this radius: the whole affected circle and its surroundings in view. */
export function viewRange(radiusMetres: number): number {
  return Math.min(40_000, Math.max(1_200, radiusMetres * 6));
}

/**
 * Flies the globe's camera to an area, looking at it obliquely from the south so fire and smoke
 * columns read as such. Resolves false when no globe is open (the page is shown without one).
 */
export async function flyToArea(longitude: number, latitude: number, radiusMetres: number): Promise<boolean> {
  const context = attached;
  if (!context) return false;
  const { Cesium, viewer } = await context.globe;
  if (viewer.isDestroyed()) return false;
  const center = Cesium.Cartesian3.fromDegrees(longitude, latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, Math.max(radiusMetres, 50)), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-40), viewRange(radiusMetres)),
    duration: 1.2,
  });
  return true;
}
