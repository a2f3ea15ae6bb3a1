import type { MapGlobe, MapLayer, MapLayerContext } from '@ops/sdk';
import { lotOfEffect } from './parkingEffects';

let attached: MapLayerContext | undefined;
const listeners = new Set<(deviceId: number) => void>();
/** A page listens to clicks on its lots while it is open. */
export function onLotClick(listener: (deviceId: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The parking page's layer: holds the globe for its camera; a click on a lot's circle selects it on the page. */
export const parkingGlobeLayer: MapLayer = {
  id: 'city-facilities:parking',
  attach(context) {
    attached = context;
    return () => {
      if (attached === context) attached = undefined;
    };
  },
  onEffectClick(effectId) {
    const deviceId = lotOfEffect(effectId);
    if (deviceId === undefined) return false;
    for (const listener of listeners) listener(deviceId);
    return true;
  },
};

/** Flies the camera over a lot; false when the globe is not up. */
export async function flyToLot(longitude: number, latitude: number): Promise<boolean> {
  if (!attached) return false;
  const { Cesium, viewer }: MapGlobe = await attached.globe;
  if (viewer.isDestroyed()) return false;
  viewer.camera.flyToBoundingSphere(new Cesium.BoundingSphere(Cesium.Cartesian3.fromDegrees(longitude, latitude, 0), 150), {
    offset: new Cesium.HeadingPitchRange(0, Cesium.Math.toRadians(-45), 1_800),
    duration: 1.2,
  });
  return true;
}
