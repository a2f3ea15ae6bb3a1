import type { Material, Matrix4, Primitive } from 'cesium';
import { colorOption, effectFrameClock, effectRenderer, numberOption, positionOption, type MapEffectInstance } from '@ops/sdk';
import manifest from './plugin.json';
import { advanceScan, initialScan, scanAngle, SCAN_LOOK, type ScanCircleState } from './scanCircle';

/**
 * A radar scope drawn by the shader on one disc: a faint fill, range rings at a third and two thirds,
 * a bright rim, a beam at `angle` with a fading wake behind it, and a centre dot. Lines are measured
 * in screen pixels (fwidth), so they stay crisp and visible whether the disc is 60 or 600 pixels wide.
 */
const SWEEP_SHADER = `
float scanLine(float distance, float width, float pixel) {
  return 1.0 - smoothstep(width * pixel, (width + 1.5) * pixel, abs(distance));
}

czm_material czm_getMaterial(czm_materialInput materialInput) {
  czm_material material = czm_getDefaultMaterial(materialInput);
  vec2 centred = materialInput.st - vec2(0.5);
  float r = length(centred) * 2.0;
  if (r > 1.0) discard;
#if (__VERSION__ == 300 || defined(GL_OES_standard_derivatives))
  float pixel = max(fwidth(r), 0.0004);
#else
  float pixel = 0.004;
#endif
  float behind = mod(angle - atan(centred.y, centred.x), 6.2831853);
  float wake = pow(1.0 - smoothstep(0.0, wakeAngle, behind), 2.0);
  float diff = behind > 3.14159265 ? behind - 6.2831853 : behind;
  float beam = scanLine(r * sin(diff), 1.2, pixel) * step(0.0, cos(diff));
  float rim = scanLine(1.0 - r, 1.6, pixel);
  float rings = max(scanLine(r - 0.3333, 0.6, pixel), scanLine(r - 0.6667, 0.6, pixel));
  float centre = 1.0 - smoothstep(3.0 * pixel, 5.0 * pixel, r);
  float strength = max(max(fill, wake * wakeAlpha), max(max(rim, beam), max(rings * ringAlpha, centre)));
  material.diffuse = color.rgb;
  material.emission = color.rgb * 0.6 * max(beam, rim);
  material.alpha = color.a * clamp(strength, 0.0, 1.0);
  return material;
}`;

/**
 * A scan circle: the sweep turns once per `duration` ms on a disc of `radius` metres (a uniform, no
 * geometry rebuilt), while a glowing ring of the same radius rises and falls between 2000 and 22000 m
 * above it in steps of 1000 (spec section 9): the ring is built once and moved, not rebuilt.
 */
export const scanCircleRenderer = effectRenderer(manifest, ({ Cesium: C, viewer, id, options, defaults }): MapEffectInstance => {
  const read = (source: Record<string, unknown>) => ({
    position: positionOption(source.position),
    radius: numberOption(source, 'radius', defaults.radius, '扫描圆半径', { above: 0 }),
    duration: numberOption(source, 'duration', defaults.duration, '扫描周期', { above: 0 }),
    color: colorOption(C, source, 'color', defaults.color),
  });
  let current = options;
  let settings = read(options);
  let scan: ScanCircleState = initialScan();
  const material: Material = new C.Material({
    fabric: {
      type: `ScanCircle-${id}`,
      uniforms: {
        color: settings.color,
        angle: 0,
        fill: SCAN_LOOK.fillAlpha,
        wakeAlpha: SCAN_LOOK.wakeAlpha,
        wakeAngle: SCAN_LOOK.wakeAngle,
        ringAlpha: SCAN_LOOK.ringAlpha,
      },
      source: SWEEP_SHADER,
    },
    translucent: true,
  });
  let disc: Primitive | undefined;
  let ring: Primitive | undefined;
  /** East-north-up at the centre: the ring's circle is drawn in it, and lifted along its up axis. */
  let frame: Matrix4 = C.Matrix4.IDENTITY;
  const build = () => {
    if (disc) viewer.scene.primitives.remove(disc);
    if (ring) viewer.scene.primitives.remove(ring);
    const { position, radius, color } = settings;
    const centre = C.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height);
    frame = C.Transforms.eastNorthUpToFixedFrame(centre);
    disc = viewer.scene.primitives.add(
      new C.Primitive({
        geometryInstances: new C.GeometryInstance({
          id: `effect:${id}`,
          geometry: new C.EllipseGeometry({
            center: centre,
            semiMajorAxis: radius,
            semiMinorAxis: radius,
            height: position.height,
            vertexFormat: C.MaterialAppearance.MaterialSupport.TEXTURED.vertexFormat,
          }),
        }),
        appearance: new C.MaterialAppearance({
          material,
          materialSupport: C.MaterialAppearance.MaterialSupport.TEXTURED,
          flat: true,
          faceForward: true,
        }),
        asynchronous: false,
      }),
    );
    const circle = Array.from({ length: SCAN_LOOK.ringSegments + 1 }, (_, index) => {
      const theta = (index / SCAN_LOOK.ringSegments) * 2 * Math.PI;
      return C.Matrix4.multiplyByPoint(frame, new C.Cartesian3(radius * Math.cos(theta), radius * Math.sin(theta), 0), new C.Cartesian3());
    });
    ring = viewer.scene.primitives.add(
      new C.Primitive({
        geometryInstances: new C.GeometryInstance({
          id: `effect:${id}`,
          geometry: new C.PolylineGeometry({
            positions: circle,
            width: SCAN_LOOK.ringWidth,
            arcType: C.ArcType.NONE,
            vertexFormat: C.PolylineMaterialAppearance.VERTEX_FORMAT,
          }),
        }),
        appearance: new C.PolylineMaterialAppearance({
          material: C.Material.fromType('PolylineGlow', { color: color.withAlpha(SCAN_LOOK.ringAlpha), glowPower: 0.2, taperPower: 1 }),
          translucent: true,
        }),
        asynchronous: false,
      }),
    );
    lift();
  };
  const lift = () => {
    // Primitive.modelMatrix only works in 3D; on a 2D map, seen from straight above, the ring stays on the disc.
    if (!ring || viewer.scene.mode !== C.SceneMode.SCENE3D) return;
    const up = C.Matrix4.multiplyByPointAsVector(frame, new C.Cartesian3(0, 0, scan.height), new C.Cartesian3());
    ring.modelMatrix = C.Matrix4.fromTranslation(up);
  };
  build();
  const frames = effectFrameClock();
  return {
    tick(time) {
      material.uniforms.angle = scanAngle(time, settings.duration);
      let stepped = false;
      for (let due = frames(time); due > 0; due--) {
        scan = advanceScan(scan);
        stepped = true;
      }
      if (stepped) lift();
      return true;
    },
    update(next) {
      const merged = { ...current, ...next };
      settings = read(merged);
      current = merged;
      material.uniforms.color = settings.color;
      build();
    },
    remove() {
      if (disc) viewer.scene.primitives.remove(disc);
      if (ring) viewer.scene.primitives.remove(ring);
    },
  };
});
