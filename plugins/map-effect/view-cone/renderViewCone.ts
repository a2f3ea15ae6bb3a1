import type { Matrix3, Primitive, Quaternion } from 'cesium';
import { colorOption, effectFrameClock, effectRenderer, numberOption, positionOption, type Cesium, type MapEffectInstance } from '@ops/sdk';
import manifest from './plugin.json';
import { advanceCone, createViewCone, type ConeMode, type ViewConeState } from './viewCone';

type ConeDefaults = typeof manifest.contributes.defaults;

interface ConeShape {
  fov: number;
  near: number;
  far: number;
  aspectRatio: number;
  pitch: number;
  roll: number;
}

function shapeOf(options: Record<string, unknown>, defaults: ConeDefaults): ConeShape {
  const near = numberOption(options, 'near', defaults.near, '视锥近距离', { above: 0 });
  const far = numberOption(options, 'far', defaults.far, '视锥远距离', { above: 0 });
  if (far <= near) throw new Error('视锥远距离必须大于近距离');
  return {
    fov: numberOption(options, 'fov', defaults.fov, '视场角', { above: 0, max: 179 }),
    near,
    far,
    aspectRatio: numberOption(options, 'aspectRatio', defaults.aspectRatio, '宽高比', { above: 0 }),
    pitch: numberOption(options, 'pitch', defaults.pitch, '俯仰角', { min: -90, max: 90 }),
    roll: numberOption(options, 'roll', defaults.roll, '翻滚角'),
  };
}

function modeOf(options: Record<string, unknown>): ConeMode | undefined {
  if (options.mode === undefined || options.mode === null) return undefined;
  if (options.mode === 1 || options.mode === 2 || options.mode === 3) return options.mode;
  throw new Error(`视锥模式只能是 1、2 或 3，收到“${String(options.mode)}”`);
}

/**
 * The frustum's orientation at a place: heading in radians clockwise from north, pitch in degrees
 * below the horizon, roll in radians about the line of sight. FrustumGeometry looks along the third
 * column of the rotation and takes the second as up (and the negated first as right).
 */
function orientationAt(
  C: Cesium,
  origin: InstanceType<typeof C.Cartesian3>,
  heading: number,
  pitchDegrees: number,
  roll: number,
): Quaternion {
  const pitch = C.Math.toRadians(pitchDegrees);
  const direction = new C.Cartesian3(Math.sin(heading) * Math.cos(pitch), Math.cos(heading) * Math.cos(pitch), -Math.sin(pitch));
  let up = new C.Cartesian3(Math.sin(heading) * Math.sin(pitch), Math.cos(heading) * Math.sin(pitch), Math.cos(pitch));
  let right = C.Cartesian3.cross(direction, up, new C.Cartesian3());
  if (roll) {
    const turn = C.Matrix3.fromQuaternion(C.Quaternion.fromAxisAngle(direction, -roll));
    up = C.Matrix3.multiplyByVector(turn, up, new C.Cartesian3());
    right = C.Matrix3.multiplyByVector(turn, right, new C.Cartesian3());
  }
  const local: Matrix3 = new C.Matrix3(-right.x, up.x, direction.x, -right.y, up.y, direction.y, -right.z, up.z, direction.z);
  const eastNorthUp = C.Matrix4.getMatrix3(C.Transforms.eastNorthUpToFixedFrame(origin), new C.Matrix3());
  return C.Quaternion.fromRotationMatrix(C.Matrix3.multiply(eastNorthUp, local, new C.Matrix3()));
}

/**
 * A camera's field of view as a translucent frustum with an outline. Modes 1–3 animate it (spec
 * section 4); each stage it reaches is reported as a `stage` event with `{ stage: 1 | 2 }`.
 */
export const viewConeRenderer = effectRenderer(manifest, ({ Cesium: C, viewer, id, options, emit, defaults }): MapEffectInstance => {
  let current = options;
  let position = positionOption(options.position);
  let shape = shapeOf(options, defaults);
  let color = colorOption(C, options, 'color', defaults.color);
  const mode = modeOf(options);
  let heading = numberOption(options, 'heading', defaults.heading, '航向角');
  let cone: ViewConeState | undefined = mode ? createViewCone(mode) : undefined;
  let alpha = numberOption(options, 'alpha', defaults.alpha, '透明度', { min: 0, max: 1 });
  let drawn: Primitive[] = [];

  const draw = () => {
    for (const primitive of drawn) viewer.scene.primitives.remove(primitive);
    const origin = C.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height);
    const far = cone && cone.mode !== 3 ? Math.max(cone.far, shape.near + 1) : shape.far;
    const frustum = new C.PerspectiveFrustum({ fov: C.Math.toRadians(shape.fov), aspectRatio: shape.aspectRatio, near: shape.near, far });
    const orientation = orientationAt(C, origin, cone ? cone.heading : heading, shape.pitch, shape.roll);
    const shownAlpha = cone ? cone.alpha : alpha;
    const body = new C.Primitive({
      geometryInstances: new C.GeometryInstance({
        id: `effect:${id}`,
        geometry: new C.FrustumGeometry({ frustum, origin, orientation, vertexFormat: C.PerInstanceColorAppearance.FLAT_VERTEX_FORMAT }),
        attributes: { color: C.ColorGeometryInstanceAttribute.fromColor(color.withAlpha(shownAlpha)) },
      }),
      appearance: new C.PerInstanceColorAppearance({ flat: true, translucent: true, closed: true }),
      asynchronous: false,
    });
    const outline = new C.Primitive({
      geometryInstances: new C.GeometryInstance({
        id: `effect:${id}`,
        geometry: new C.FrustumOutlineGeometry({ frustum, origin, orientation }),
        attributes: { color: C.ColorGeometryInstanceAttribute.fromColor(color.withAlpha(Math.min(1, shownAlpha * 3))) },
      }),
      appearance: new C.PerInstanceColorAppearance({ flat: true, translucent: true }),
      asynchronous: false,
    });
    drawn = [viewer.scene.primitives.add(body), viewer.scene.primitives.add(outline)];
  };
  draw();

  const frames = effectFrameClock();
  return {
    tick(time) {
      if (!cone || cone.done) return false;
      let changed = false;
      for (let due = frames(time); due > 0 && !cone.done; due--) {
        cone = advanceCone(cone, (stage) => emit('stage', { stage, mode: cone!.mode }));
        changed = true;
      }
      if (changed) draw();
      return !cone.done;
    },
    update(next) {
      const merged = { ...current, ...next };
      // Everything is checked before anything changes.
      const checked = {
        position: positionOption(merged.position),
        shape: shapeOf(merged, defaults),
        color: colorOption(C, merged, 'color', defaults.color),
        mode: modeOf(merged),
        heading: numberOption(merged, 'heading', defaults.heading, '航向角'),
        alpha: numberOption(merged, 'alpha', defaults.alpha, '透明度', { min: 0, max: 1 }),
      };
      ({ position, shape, color, heading, alpha } = checked);
      // A new mode starts its animation from the beginning.
      if (next.mode !== undefined) cone = checked.mode ? createViewCone(checked.mode) : undefined;
      current = merged;
      draw();
    },
    remove() {
      for (const primitive of drawn) viewer.scene.primitives.remove(primitive);
      drawn = [];
    },
  };
});
