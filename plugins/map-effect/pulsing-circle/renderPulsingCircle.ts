import type { Cartesian2, Material, PointPrimitiveCollection, Primitive } from 'cesium';
import { effectFrameClock, effectRenderer, numberOption, positionOption, type MapEffectInstance, type MapPosition } from '@ops/sdk';
import manifest from './plugin.json';
import {
  advancePulse,
  createPulsingCircle,
  endDrag,
  extrudedHeightOf,
  outerRadiusOf,
  PULSE_LOOK,
  startDrag,
  type PulsingCircleState,
} from './pulsingCircle';

/**
 * The ellipse is built once at the largest radius it reaches; the current radius is a uniform
 * (`fraction` of that), so a pulse costs no geometry rebuild per frame. While dragged it is plain `color`.
 */
const PULSE_SHADER = `
czm_material czm_getMaterial(czm_materialInput materialInput) {
  czm_material material = czm_getDefaultMaterial(materialInput);
  vec2 centred = materialInput.st - vec2(0.5);
  float distanceFromCentre = length(centred) * 2.0;
  if (distanceFromCentre > 1.0) discard;
  if (plain > 0.5) {
    if (distanceFromCentre > fraction) discard;
    material.diffuse = color.rgb;
    material.alpha = 0.6;
    return material;
  }
#if (__VERSION__ == 300 || defined(GL_OES_standard_derivatives))
  float pixel = max(fwidth(distanceFromCentre), 0.0004);
#else
  float pixel = 0.004;
#endif
  // The zone it pulses over stays drawn, so the circle reads at any instant and from any height.
  float zone = distanceFromCentre <= zoneEdge ? zoneFill : 0.0;
  float rim = (1.0 - smoothstep(1.0 * pixel, 2.5 * pixel, abs(distanceFromCentre - zoneEdge))) * zoneRim;
  vec4 sampled = distanceFromCentre <= fraction ? texture(image, centred / max(fraction, 0.001) + vec2(0.5)) : vec4(0.0);
  float pulse = sampled.a * color.a;
  material.diffuse = mix(color.rgb, sampled.rgb * color.rgb, clamp(pulse * 2.0, 0.0, 1.0));
  material.emission = color.rgb * 0.3 * max(rim, pulse);
  material.alpha = max(pulse, max(zone, rim));
  return material;
}`;

/**
 * Draws a pulsing circle. With `draggable` the operator can move it: orange and no map rotation
 * while dragged, red again on release, and the dropped position (8 decimals, height clamped to 0)
 * is reported as a `moved` event.
 */
export const pulsingCircleRenderer = effectRenderer(
  manifest,
  ({ Cesium, viewer, id, options, emit, remember, defaults, assetUrl }): MapEffectInstance => {
    const redCircleUrl = assetUrl('redCircle.png');
    const position = positionOption(options.position);
    let state: PulsingCircleState = createPulsingCircle(id, position, {
      maxRadius: numberOption(options, 'maxRadius', defaults.maxRadius, '脉冲圆最大半径', { above: 1 }),
      step: numberOption(options, 'step', defaults.step, '脉冲圆步长', { above: 0 }),
      type: options.type === 'pushAlarm' ? 'pushAlarm' : 'normal',
      // A page may colour its circles (cases by status): a #rrggbb colour, else the manifest's red.
      ...(typeof options.color === 'string' && /^#[0-9a-f]{6}$/i.test(options.color) ? { color: options.color } : {}),
    });
    const pickId = `effect:${id}`;
    const at = (where: MapPosition) => Cesium.Cartesian3.fromDegrees(where.longitude, where.latitude, where.height);
    const material: Material = new Cesium.Material({
      fabric: {
        type: `PulsingCircle-${id}`,
        uniforms: {
          image: redCircleUrl,
          color: Cesium.Color.fromCssColorString(state.color),
          fraction: 0,
          plain: 0,
          zoneEdge: state.maxRadius / outerRadiusOf(state),
          zoneFill: PULSE_LOOK.zoneFill,
          zoneRim: PULSE_LOOK.zoneRim,
        },
        source: PULSE_SHADER,
      },
      translucent: true,
    });
    let primitive: Primitive | undefined;
    // A dot at the centre, a few pixels whatever the height, so a small circle still shows from 20 km.
    const dots: PointPrimitiveCollection = viewer.scene.primitives.add(new Cesium.PointPrimitiveCollection());
    const dot = dots.add({
      id: pickId,
      position: at(state.position),
      pixelSize: PULSE_LOOK.dotPixels,
      color: Cesium.Color.fromCssColorString(state.color),
      outlineColor: Cesium.Color.WHITE.withAlpha(0.85),
      outlineWidth: 2,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
    });
    const build = () => {
      if (primitive) viewer.scene.primitives.remove(primitive);
      dot.position = at(state.position);
      const extruded = extrudedHeightOf(state);
      primitive = viewer.scene.primitives.add(
        new Cesium.Primitive({
          geometryInstances: new Cesium.GeometryInstance({
            id: pickId,
            geometry: new Cesium.EllipseGeometry({
              center: at(state.position),
              semiMajorAxis: outerRadiusOf(state),
              semiMinorAxis: outerRadiusOf(state),
              height: state.position.height,
              ...(extruded ? { extrudedHeight: state.position.height + extruded } : {}),
              vertexFormat: Cesium.MaterialAppearance.MaterialSupport.TEXTURED.vertexFormat,
            }),
          }),
          appearance: new Cesium.MaterialAppearance({
            material,
            materialSupport: Cesium.MaterialAppearance.MaterialSupport.TEXTURED,
            flat: true,
            faceForward: true,
            closed: false,
          }),
          asynchronous: false,
        }),
      );
    };
    const show = () => {
      const fraction = state.radius / outerRadiusOf(state);
      material.uniforms.fraction = fraction;
      material.uniforms.color = Cesium.Color.fromCssColorString(state.color);
      material.uniforms.plain = state.dragging ? 1 : 0;
      dot.color = Cesium.Color.fromCssColorString(state.color);
      // The dot breathes with the pulse.
      dot.pixelSize = PULSE_LOOK.dotPixels * (1 + 0.35 * Math.min(1, fraction));
    };
    build();
    show();

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
      return {
        longitude: Cesium.Math.toDegrees(cartographic.longitude),
        latitude: Cesium.Math.toDegrees(cartographic.latitude),
        height: cartographic.height,
      };
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
        const within = ground !== undefined && Cesium.Cartesian3.distance(flat(ground), flat(state.position)) <= outerRadiusOf(state);
        if (picked?.id !== pickId && !within) return;
        state = startDrag(state);
        drag!.last = undefined;
        applyRotation();
        show();
        viewer.scene.requestRender();
      }, Cesium.ScreenSpaceEventType.LEFT_DOWN);
      handler.setInputAction((event: { endPosition: Cartesian2 }) => {
        if (!state.dragging) return;
        const ground = groundAt(event.endPosition);
        if (!ground) return;
        drag!.last = ground;
        state = { ...state, position: ground };
        build();
        viewer.scene.requestRender();
      }, Cesium.ScreenSpaceEventType.MOUSE_MOVE);
      handler.setInputAction(() => {
        if (!state.dragging) return;
        const dropped = drag!.last;
        state = endDrag(state, dropped ?? state.position).state;
        applyRotation();
        build();
        show();
        viewer.scene.requestRender();
        if (!dropped) return;
        remember({ position: state.position });
        emit('moved', { position: state.position });
      }, Cesium.ScreenSpaceEventType.LEFT_UP);
    }

    const frames = effectFrameClock();
    return {
      tick(time) {
        for (let due = frames(time); due > 0; due--) state = advancePulse(state);
        show();
        return true;
      },
      update(next) {
        if (next.position === undefined) return;
        state = { ...state, position: positionOption(next.position) };
        build();
      },
      remove() {
        if (state.dragging) {
          state = { ...state, mapRotationEnabled: true };
          applyRotation();
        }
        drag?.handler.destroy();
        if (primitive) viewer.scene.primitives.remove(primitive);
        viewer.scene.primitives.remove(dots);
      },
    };
  },
);
