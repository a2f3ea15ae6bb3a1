import { pageGlobeLayer } from '@ops/sdk';
import { clickedMember } from './fieldTeamsEffects';

/** How far the camera stands from a member it flies to (metres). */
const MEMBER_RANGE_M = 1_500;

/**
 * The team pages' layer on the globe: it draws nothing itself (the page draws its people and the
 * selected track through MapEffects) but holds the globe for the camera, and a click on a person
 * selects that member on the page (?memberId=).
 */
const fieldTeamsGlobe = pageGlobeLayer('field-teams:people', (effectId) => {
  const memberId = clickedMember(effectId);
  return memberId === null ? undefined : `memberId=${memberId}`;
});
export const fieldTeamsGlobeLayer = fieldTeamsGlobe.layer;

/** Flies the camera over a point, looking down at it obliquely from the south (a globe still loading is waited for); false when none comes up. */
export async function flyToPoint(longitude: number, latitude: number, range = MEMBER_RANGE_M): Promise<boolean> {
  const loaded = await fieldTeamsGlobe.globe();
  if (!loaded) return false;
  const { Cesium, viewer } = loaded;
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
