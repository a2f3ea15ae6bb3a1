import type { MapLayer, MapLayerContext } from '@ops/sdk';
import { itemOfEffect } from './patrolEffects';

let attached: MapLayerContext | undefined;
let whenAttached: Promise<MapLayerContext>;
let settleAttached: (context: MapLayerContext) => void = () => undefined;
const waitForAttach = () => (whenAttached = new Promise((resolve) => (settleAttached = resolve)));
waitForAttach();
/** How long a page's flight waits for the globe to come up before giving up. */
const ATTACH_WAIT_MS = 60_000;

/**
 * The plugin's layer on the globe: the pages draw through MapEffects; the layer holds the globe for the
 * camera (flyToPlaces) and turns a click on a route's trail or checkpoint into ?routeId=, on a check-in
 * into ?checkInId=.
 */
export const patrolGlobeLayer: MapLayer = {
  id: 'field-patrols:map',
  attach(context) {
    attached = context;
    settleAttached(context);
    return () => {
      if (attached !== context) return;
      attached = undefined;
      waitForAttach();
    };
  },
  onEffectClick(effectId, { navigate }) {
    const item = itemOfEffect(effectId);
    if (!item) return false;
    const query = 'checkInId' in item ? `checkInId=${item.checkInId}` : `routeId=${item.routeId}`;
    navigate(`${window.location.pathname}?${query}`);
    return true;
  },
};

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
  let timer: number | undefined;
  const context =
    attached ??
    (await Promise.race([whenAttached, new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, ATTACH_WAIT_MS)))]));
  window.clearTimeout(timer);
  if (!context) return false;
  const { Cesium, viewer } = await context.globe;
  if (viewer.isDestroyed()) return false;
  const range = Math.min(30_000, Math.max(900, area.radius * 4));
  const center = Cesium.Cartesian3.fromDegrees(area.longitude, area.latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, area.radius), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-45), range),
    duration: 1.2,
  });
  return true;
}
