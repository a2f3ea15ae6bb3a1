import type { Material, Primitive } from 'cesium';
import { colorOption, effectFrameClock, effectRenderer, numberOption, positionOption, type MapEffectInstance, type MapPosition } from '@ops/sdk';
import manifest from './plugin.json';
import { advanceScan, initialScan, scanAngle, type ScanCircleState } from './scanCircle';

/** A radar sweep drawn by the shader: bright at `angle`, fading behind it over a quarter turn, with a rim. */
const SWEEP_SHADER = `
czm_material czm_getMaterial(czm_materialInput materialInput) {
  czm_material material = czm_getDefaultMaterial(materialInput);
  vec2 centred = materialInput.st - vec2(0.5);
  float distanceFromCentre = length(centred) * 2.0;
  if (distanceFromCentre > 1.0) discard;
  float behind = mod(angle - atan(centred.y, centred.x), 6.2831853) / 6.2831853;
  float sweep = 1.0 - smoothstep(0.0, 0.25, behind);
  float rim = smoothstep(0.94, 1.0, distanceFromCentre);
  material.diffuse = color.rgb;
  material.alpha = color.a * clamp(max(sweep * 0.85, rim) + 0.06, 0.0, 1.0);
  return material;
}`;

/**
 * A scan circle: the sweep turns once per `duration` ms on a disc of `radius` metres (a uniform, no
 * geometry rebuilt), while a ring of the same radius rises and falls between 2000 and 22000 m above
 * it in steps of 1000 (spec section 9); the ring is rebuilt only when its height steps.
 */
export const scanCircleRenderer = effectRenderer(manifest, ({ Cesium, viewer, id, options, defaults }): MapEffectInstance => {
  const read = (source: Record<string, unknown>) => ({
    position: positionOption(source.position),
    radius: numberOption(source, 'radius', defaults.radius, '扫描圆半径', { above: 0 }),
    duration: numberOption(source, 'duration', defaults.duration, '扫描周期', { above: 0 }),
    color: colorOption(Cesium, source, 'color', defaults.color),
  });
  let current = options;
  let settings = read(options);
  let scan: ScanCircleState = initialScan();
  const material: Material = new Cesium.Material({
    fabric: { type: `ScanCircle-${id}`, uniforms: { color: settings.color, angle: 0 }, source: SWEEP_SHADER },
    translucent: true,
  });
  const centre = (where: MapPosition) => Cesium.Cartesian3.fromDegrees(where.longitude, where.latitude, where.height);
  let disc: Primitive | undefined;
  let ring: Primitive | undefined;
  const buildDisc = () => {
    if (disc) viewer.scene.primitives.remove(disc);
    disc = viewer.scene.primitives.add(
      new Cesium.Primitive({
        geometryInstances: new Cesium.GeometryInstance({
          id: `effect:${id}`,
          geometry: new Cesium.EllipseGeometry({
            center: centre(settings.position),
            semiMajorAxis: settings.radius,
            semiMinorAxis: settings.radius,
            height: settings.position.height,
            vertexFormat: Cesium.MaterialAppearance.MaterialSupport.TEXTURED.vertexFormat,
          }),
        }),
        appearance: new Cesium.MaterialAppearance({ material, materialSupport: Cesium.MaterialAppearance.MaterialSupport.TEXTURED, flat: true, faceForward: true }),
        asynchronous: false,
      }),
    );
  };
  const buildRing = () => {
    if (ring) viewer.scene.primitives.remove(ring);
    const height = settings.position.height + scan.height;
    ring = viewer.scene.primitives.add(
      new Cesium.Primitive({
        geometryInstances: new Cesium.GeometryInstance({
          id: `effect:${id}`,
          geometry: new Cesium.EllipseOutlineGeometry({ center: centre({ ...settings.position, height }), semiMajorAxis: settings.radius, semiMinorAxis: settings.radius, height }),
          attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(settings.color) },
        }),
        appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
        asynchronous: false,
      }),
    );
  };
  buildDisc();
  buildRing();
  const frames = effectFrameClock();
  return {
    tick(time) {
      material.uniforms.angle = scanAngle(time, settings.duration);
      let stepped = false;
      for (let due = frames(time); due > 0; due--) {
        scan = advanceScan(scan);
        stepped = true;
      }
      if (stepped) buildRing();
      return true;
    },
    update(next) {
      const merged = { ...current, ...next };
      settings = read(merged);
      current = merged;
      material.uniforms.color = settings.color;
      buildDisc();
      buildRing();
    },
    remove() {
      if (disc) viewer.scene.primitives.remove(disc);
      if (ring) viewer.scene.primitives.remove(ring);
    },
  };
});
