import type { Entity } from 'cesium';
import type { MapEffectInstance, MapEffectRenderer } from '../../../core/map/MapEffects';
import { parsePosition, type MapPosition } from '../../../core/geo/parsePosition';
import { advancePulse, createPulsingCircle, extrudedHeightOf, type PulsingCircleState } from './pulsingCircle';

/** Steps per second of the pulse, whatever the display's frame rate. */
const STEPS_PER_SECOND = 20;

/** Draws a pulsing circle as an ellipse whose two axes come from one state read per frame. */
export const pulsingCircleRenderer: MapEffectRenderer = {
  effect: 'pulsingCircle',
  create({ Cesium, viewer, id, options }): MapEffectInstance {
    const position: MapPosition = typeof options.position === 'string' ? parsePosition(options.position) : (options.position as MapPosition);
    let state: PulsingCircleState = createPulsingCircle(id, position, {
      ...(typeof options.maxRadius === 'number' ? { maxRadius: options.maxRadius } : {}),
      ...(typeof options.step === 'number' ? { step: options.step } : {}),
      type: options.type === 'pushAlarm' ? 'pushAlarm' : 'normal',
    });
    // Both axes read the same radius, so the ellipse never has its minor axis above its major one.
    const radius = new Cesium.CallbackProperty(() => state.radius, false);
    const entity: Entity = viewer.entities.add({
      id: `effect:${id}`,
      position: Cesium.Cartesian3.fromDegrees(state.position.longitude, state.position.latitude, state.position.height),
      ellipse: {
        semiMajorAxis: radius,
        semiMinorAxis: radius,
        height: state.position.height,
        extrudedHeight: state.position.height + extrudedHeightOf(state),
        material: new Cesium.ColorMaterialProperty(new Cesium.CallbackProperty(() => Cesium.Color.fromCssColorString(state.color).withAlpha(0.5), false)),
      },
    });
    let last = 0;
    return {
      tick(time) {
        if (time - last >= 1000 / STEPS_PER_SECOND) {
          state = advancePulse(state);
          last = time;
        }
        return true;
      },
      update(next) {
        if (next.position !== undefined) {
          const moved = typeof next.position === 'string' ? parsePosition(next.position) : (next.position as MapPosition);
          state = { ...state, position: moved };
          entity.position = new Cesium.ConstantPositionProperty(Cesium.Cartesian3.fromDegrees(moved.longitude, moved.latitude, moved.height));
        }
      },
      remove() {
        viewer.entities.remove(entity);
      },
    };
  },
};
