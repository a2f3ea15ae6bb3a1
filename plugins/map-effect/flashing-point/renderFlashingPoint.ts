import { colorOption, effectFrameClock, effectRenderer, positionOption, type MapEffectInstance } from '@ops/sdk';
import { advanceFlash, initialFlash, type FlashingPointState } from './flashingPoint';
import manifest from './plugin.json';

/** A red point whose size and opacity keep shrinking and starting again, with a wide soft outline. */
export const flashingPointRenderer = effectRenderer(manifest, ({ Cesium, viewer, id, options, defaults }): MapEffectInstance => {
  let position = positionOption(options.position);
  const color = colorOption(Cesium, options, 'color', defaults.color);
  let flash: FlashingPointState = initialFlash();
  const entity = viewer.entities.add({
    id: `effect:${id}`,
    position: Cesium.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height),
    point: {
      pixelSize: new Cesium.CallbackProperty(() => flash.size, false),
      color: new Cesium.CallbackProperty(() => color.withAlpha(flash.alpha), false),
      outlineColor: new Cesium.CallbackProperty(() => color.withAlpha(flash.alpha * 0.35), false),
      outlineWidth: defaults.outlineWidth,
      // Always above the ground and buildings, like an alarm marker.
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
    },
  });
  const frames = effectFrameClock();
  return {
    tick(time) {
      for (let due = frames(time); due > 0; due--) flash = advanceFlash(flash);
      return true;
    },
    update(next) {
      if (next.position === undefined) return;
      position = positionOption(next.position);
      entity.position = new Cesium.ConstantPositionProperty(
        Cesium.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height),
      );
    },
    remove() {
      viewer.entities.remove(entity);
    },
  };
});
