import type { MapLayer, MapLayerContext } from '@ops/sdk';

/** Effect ids this plugin draws start with it: the UAVs (`low-altitude:uavs#<deviceId>`), fences (`low-altitude:fence-<id>`). */
export const EFFECT_PREFIX = 'low-altitude:';
export const UAVS_EFFECT = `${EFFECT_PREFIX}uavs`;
export const fenceEffectId = (fenceId: number) => `${EFFECT_PREFIX}fence-${fenceId}`;
const UAV_CLICK = /^low-altitude:uavs#(\d+)$/;
const FENCE_CLICK = /^low-altitude:fence-(\d+)$/;

let attached: MapLayerContext | undefined;
/** Resolves with the layer's context once the globe has attached it (a page may ask before it has). */
let whenAttached: Promise<MapLayerContext>;
let settleAttached: (context: MapLayerContext) => void = () => undefined;
const waitForAttach = () => (whenAttached = new Promise((resolve) => (settleAttached = resolve)));
waitForAttach();
/** How long a camera flight waits for the globe to come up before giving up. */
const ATTACH_WAIT_MS = 60_000;
/** Set while the 调度 page picks waypoints: a click on the ground gives its longitude and latitude. */
let pickWaypoint: ((longitude: number, latitude: number) => void) | undefined;

/**
 * The plugin's layer: it draws nothing itself (the pages draw through MapEffects) but holds the globe
 * for the camera and the waypoint picking, and turns a click on a UAV into `?deviceId=`, on a fence into `?fenceId=`.
 */
export const lowAltitudeGlobeLayer: MapLayer = {
  id: 'low-altitude:uavs',
  attach(context) {
    attached = context;
    settleAttached(context);
    let stop = () => undefined as void;
    void context.globe.then(({ Cesium, viewer }) => {
      if (attached !== context || viewer.isDestroyed()) return;
      const handler = new Cesium.ScreenSpaceEventHandler(viewer.scene.canvas);
      handler.setInputAction((click: { position: import('cesium').Cartesian2 }) => {
        if (!pickWaypoint) return;
        const ray = viewer.camera.getPickRay(click.position);
        const ground = ray ? viewer.scene.globe.pick(ray, viewer.scene) : undefined;
        if (!ground) return;
        const place = Cesium.Cartographic.fromCartesian(ground);
        pickWaypoint(Cesium.Math.toDegrees(place.longitude), Cesium.Math.toDegrees(place.latitude));
      }, Cesium.ScreenSpaceEventType.LEFT_CLICK);
      stop = () => handler.destroy();
    });
    return () => {
      stop();
      if (attached !== context) return;
      attached = undefined;
      waitForAttach();
    };
  },
  onEffectClick(effectId, { navigate }) {
    const uav = UAV_CLICK.exec(effectId)?.[1];
    const fence = FENCE_CLICK.exec(effectId)?.[1];
    if (uav === undefined && fence === undefined) return false;
    navigate(`${window.location.pathname}?${uav !== undefined ? `deviceId=${uav}` : `fenceId=${fence}`}`);
    return true;
  },
};

/** Turns waypoint picking on (a callback) or off (undefined). */
export function setWaypointPicker(picker: ((longitude: number, latitude: number) => void) | undefined): void {
  pickWaypoint = picker;
}

/** Flies the camera to look at a place obliquely from the south, from `range` metres. */
export async function flyTo(longitude: number, latitude: number, range = 3_000): Promise<void> {
  let timer: number | undefined;
  const context =
    attached ??
    (await Promise.race([whenAttached, new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, ATTACH_WAIT_MS)))]));
  window.clearTimeout(timer);
  if (!context) return;
  const { Cesium, viewer } = await context.globe;
  if (viewer.isDestroyed()) return;
  const center = Cesium.Cartesian3.fromDegrees(longitude, latitude, 0);
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(center, 100), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-40), range),
    duration: 1.2,
  });
}
