import { pageGlobeLayer } from '@ops/sdk';

/** Effect ids this plugin draws start with it; a case's carry its id (`field-cases:case-12`). */
export const EFFECT_PREFIX = 'field-cases:';
const CASE_EFFECT = /^field-cases:case-(\d+)$/;
export const caseEffectId = (caseId: number) => `${EFFECT_PREFIX}case-${caseId}`;

/**
 * The case pages' layer: it draws nothing itself (the pages draw through MapEffects) but holds the globe
 * for their camera and the 登记 form's point pick, and a click on a case's circle opens it (?caseId=).
 */
const caseGlobe = pageGlobeLayer('field-cases:cases', (effectId) => {
  const caseId = CASE_EFFECT.exec(effectId)?.[1];
  return caseId === undefined ? undefined : `caseId=${caseId}`;
});
export const caseGlobeLayer = caseGlobe.layer;

const globe = () => caseGlobe.globe();

/** Flies the camera over a place, looking at it obliquely from the south; false when no globe comes up. */
export async function flyToPlace(longitude: number, latitude: number, range = 1_500): Promise<boolean> {
  const loaded = await globe();
  if (!loaded) return false;
  const { Cesium, viewer } = loaded;
  const center = Cesium.Cartesian3.fromDegrees(longitude, latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, 100), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-45), range),
    duration: 1.2,
  });
  return true;
}

/**
 * The next point clicked on the globe (the 登记 form's place), or null when the globe is not up or
 * `signal` aborts first. The click is taken by this pick only while it waits.
 */
export async function pickPointOnMap(signal: AbortSignal): Promise<{ longitude: number; latitude: number } | null> {
  const loaded = await globe();
  if (!loaded || signal.aborted) return null;
  const { Cesium, viewer } = loaded;
  return new Promise((resolve) => {
    const handler = new Cesium.ScreenSpaceEventHandler(viewer.scene.canvas);
    const finish = (point: { longitude: number; latitude: number } | null) => {
      if (!handler.isDestroyed()) handler.destroy();
      signal.removeEventListener('abort', abort);
      resolve(point);
    };
    const abort = () => finish(null);
    signal.addEventListener('abort', abort);
    handler.setInputAction((click: { position: InstanceType<typeof Cesium.Cartesian2> }) => {
      const cartesian = viewer.camera.pickEllipsoid(click.position, viewer.scene.globe.ellipsoid);
      if (!cartesian) return;
      const place = Cesium.Cartographic.fromCartesian(cartesian);
      finish({ longitude: Cesium.Math.toDegrees(place.longitude), latitude: Cesium.Math.toDegrees(place.latitude) });
    }, Cesium.ScreenSpaceEventType.LEFT_CLICK);
  });
}
