import type { MapLayer, MapLayerContext } from '@ops/sdk';
import { clickedMember } from './fieldTeamsEffects';

let attached: MapLayerContext | undefined;
/** Resolves once the globe has attached the layer (a page may ask to fly before it has). */
let whenAttached: Promise<MapLayerContext>;
let settleAttached: (context: MapLayerContext) => void = () => undefined;
const waitForAttach = () => (whenAttached = new Promise((resolve) => (settleAttached = resolve)));
waitForAttach();
/** How long a flight waits for the globe to come up. */
const ATTACH_WAIT_MS = 60_000;
/** How far the camera stands from a member it flies to (metres). */
const MEMBER_RANGE_M = 1_500;

/**
 * The team pages' layer on the globe: it draws nothing itself (the page draws its people and the
 * selected track through MapEffects) but holds the globe for the camera, and a click on a person
 * selects that member on the page (?memberId=).
 */
export const fieldTeamsGlobeLayer: MapLayer = {
  id: 'field-teams:people',
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
    const memberId = clickedMember(effectId);
    if (memberId === null) return false;
    navigate(`${window.location.pathname}?memberId=${memberId}`);
    return true;
  },
};

/** Flies the camera over a point, looking down at it obliquely from the south (a globe still loading is waited for); false when none comes up. */
export async function flyToPoint(longitude: number, latitude: number, range = MEMBER_RANGE_M): Promise<boolean> {
  let timer: number | undefined;
  const context =
    attached ??
    (await Promise.race([whenAttached, new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, ATTACH_WAIT_MS)))]));
  window.clearTimeout(timer);
  if (!context) return false;
  const { Cesium, viewer } = await context.globe;
  if (viewer.isDestroyed()) return false;
  const center = Cesium.Cartesian3.fromDegrees(longitude, latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, 100), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-45), range),
    duration: 1.2,
  });
  return true;
}

/** The centre and radius (metres) of some points, for a flight that shows them all; null for none. */
export function spanOf(
  points: readonly { longitude: number; latitude: number }[],
): { longitude: number; latitude: number; radius: number } | null {
  if (!points.length) return null;
  const longitude = points.reduce((sum, point) => sum + point.longitude, 0) / points.length;
  const latitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const cos = Math.cos((latitude * Math.PI) / 180);
  const radius = Math.max(
    ...points.map((point) => Math.hypot((point.longitude - longitude) * 111_320 * cos, (point.latitude - latitude) * 111_320)),
  );
  return { longitude, latitude, radius: Math.max(radius, 300) };
}
