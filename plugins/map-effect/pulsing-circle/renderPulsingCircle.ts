import type { Cartesian2, Entity } from 'cesium';
import { effectFrameClock, type MapEffectInstance, type MapEffectRenderer } from '../../../core/map/MapEffects';
import { numberOption, positionOption } from '../../../core/map/effectOptions';
import type { MapPosition } from '../../../core/geo/parsePosition';
import { advancePulse, createPulsingCircle, endDrag, extrudedHeightOf, startDrag, type PulsingCircleState } from './pulsingCircle';
import redCircleUrl from './redCircle.png';

/**
 * Draws a pulsing circle as an ellipse whose two axes read one radius per frame. With `draggable`
 * the operator can move it: orange and no map rotation while dragged, red again on release, and the
 * dropped position (8 decimals, height clamped to 0) is reported as a `moved` event.
 */
export const pulsingCircleRenderer: MapEffectRenderer = {
  effect: 'pulsingCircle',
  create({ Cesium, viewer, id, options, emit }): MapEffectInstance {
    const position = positionOption(options.position);
    let state: PulsingCircleState = createPulsingCircle(id, position, {
      maxRadius: numberOption(options, 'maxRadius', 1000, '脉冲圆最大半径', { above: 1 }),
      step: numberOption(options, 'step', 1000, '脉冲圆步长', { above: 0 }),
      type: options.type === 'pushAlarm' ? 'pushAlarm' : 'normal',
    });
    const at = (where: MapPosition) => Cesium.Cartesian3.fromDegrees(where.longitude, where.latitude, where.height);
    // Both axes read the same radius, so the ellipse never has its minor axis above its major one.
    const radius = new Cesium.CallbackProperty(() => state.radius, false);
    const color = new Cesium.CallbackProperty(() => Cesium.Color.fromCssColorString(state.color), false);
    const entity: Entity = viewer.entities.add({
      id: `effect:${id}`,
      position: at(state.position),
      ellipse: {
        semiMajorAxis: radius,
        semiMinorAxis: radius,
        height: new Cesium.CallbackProperty(() => state.position.height, false),
        extrudedHeight: new Cesium.CallbackProperty(() => state.position.height + extrudedHeightOf(state), false),
        material: new Cesium.ImageMaterialProperty({ image: redCircleUrl, color, transparent: true }),
      },
    });
    // The red-circle image cannot be tinted orange; while dragged the circle is drawn in plain orange.
    const resting = entity.ellipse!.material;
    const dragged = new Cesium.ColorMaterialProperty(new Cesium.CallbackProperty(() => Cesium.Color.fromCssColorString(state.color).withAlpha(0.6), false));
    const showState = () => {
      entity.ellipse!.material = state.dragging ? dragged : resting;
    };

    const controller = viewer.scene.screenSpaceCameraController;
    const applyRotation = () => {
      controller.enableRotate = state.mapRotationEnabled;
      // In 2D a drag pans the map; it must not pan while the circle moves either.
      controller.enableTranslate = state.mapRotationEnabled;
    };
    const groundAt = (screen: Cartesian2): MapPosition | undefined => {
      const cartesian = viewer.camera.pickEllipsoid(screen, viewer.scene.globe.ellipsoid);
      if (!cartesian) return undefined;
      const cartographic = Cesium.Cartographic.fromCartesian(cartesian);
      return { longitude: Cesium.Math.toDegrees(cartographic.longitude), latitude: Cesium.Math.toDegrees(cartographic.latitude), height: cartographic.height };
    };
    let drag: { handler: InstanceType<typeof Cesium.ScreenSpaceEventHandler>; last?: MapPosition } | undefined;
    if (options.draggable === true) {
      const handler = new Cesium.ScreenSpaceEventHandler(viewer.scene.canvas);
      drag = { handler };
      handler.setInputAction((event: { position: Cartesian2 }) => {
        const picked = viewer.scene.pick(event.position) as { id?: unknown } | undefined;
        // The whole pulse area is a handle: the ring may be tiny at the instant of the press.
        const ground = groundAt(event.position);
        const flat = (where: MapPosition) => at({ ...where, height: 0 });
        const within = ground !== undefined && Cesium.Cartesian3.distance(flat(ground), flat(state.position)) <= state.maxRadius;
        if (picked?.id !== entity && !within) return;
        state = startDrag(state);
        drag!.last = undefined;
        applyRotation();
        showState();
        viewer.scene.requestRender();
      }, Cesium.ScreenSpaceEventType.LEFT_DOWN);
      handler.setInputAction((event: { endPosition: Cartesian2 }) => {
        if (!state.dragging) return;
        const ground = groundAt(event.endPosition);
        if (!ground) return;
        drag!.last = ground;
        state = { ...state, position: ground };
        entity.position = new Cesium.ConstantPositionProperty(at(state.position));
        viewer.scene.requestRender();
      }, Cesium.ScreenSpaceEventType.MOUSE_MOVE);
      handler.setInputAction(() => {
        if (!state.dragging) return;
        const dropped = drag!.last;
        const released = endDrag(state, dropped ?? state.position);
        state = released.state;
        applyRotation();
        showState();
        entity.position = new Cesium.ConstantPositionProperty(at(state.position));
        viewer.scene.requestRender();
        if (dropped) emit('moved', { position: released.reported });
      }, Cesium.ScreenSpaceEventType.LEFT_UP);
    }

    const frames = effectFrameClock();
    return {
      tick(time) {
        for (let due = frames(time); due > 0; due--) state = advancePulse(state);
        return true;
      },
      update(next) {
        if (next.position !== undefined) {
          state = { ...state, position: positionOption(next.position) };
          entity.position = new Cesium.ConstantPositionProperty(at(state.position));
        }
      },
      remove() {
        if (state.dragging) {
          state = { ...state, mapRotationEnabled: true };
          applyRotation();
        }
        drag?.handler.destroy();
        viewer.entities.remove(entity);
      },
    };
  },
};
