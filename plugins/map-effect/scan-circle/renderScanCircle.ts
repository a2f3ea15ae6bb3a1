import { effectFrameClock, type MapEffectInstance, type MapEffectRenderer } from '../../../core/map/MapEffects';
import { colorOption, numberOption, positionOption } from '../../../core/map/effectOptions';
import { advanceScan, initialScan, scanAngle, SCAN_DEFAULTS, type ScanCircleState } from './scanCircle';

/** A radar-style sweep: bright at the leading edge, fading behind it over a quarter turn. */
function sweepImage(): HTMLCanvasElement {
  const size = 256;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  const gradient = context.createConicGradient(0, size / 2, size / 2);
  gradient.addColorStop(0, 'rgba(255,255,255,1)');
  gradient.addColorStop(0.25, 'rgba(255,255,255,0)');
  gradient.addColorStop(0.999, 'rgba(255,255,255,0)');
  gradient.addColorStop(1, 'rgba(255,255,255,1)');
  context.fillStyle = gradient;
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  context.fill();
  context.strokeStyle = 'rgba(255,255,255,0.9)';
  context.lineWidth = 3;
  context.stroke();
  return canvas;
}

/**
 * A scan circle: the sweep turns once per `duration` ms on a disc of `radius` metres, while a ring of
 * the same radius rises and falls between 2000 and 22000 m in steps of 1000 (spec section 9).
 */
export const scanCircleRenderer: MapEffectRenderer = {
  effect: 'scanCircle',
  create({ Cesium, viewer, id, options }): MapEffectInstance {
    const position = positionOption(options.position);
    let radius = numberOption(options, 'radius', 1500, '扫描圆半径', { above: 0 });
    let duration = numberOption(options, 'duration', SCAN_DEFAULTS.duration, '扫描周期', { above: 0 });
    let color = colorOption(Cesium, options, 'color', '#00e5ff');
    let scan: ScanCircleState = initialScan();
    let angle = 0;
    const center = Cesium.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height);
    const axis = new Cesium.CallbackProperty(() => radius, false);
    const tint = new Cesium.CallbackProperty(() => color, false);
    const disc = viewer.entities.add({
      id: `effect:${id}`,
      position: center,
      ellipse: {
        semiMajorAxis: axis,
        semiMinorAxis: axis,
        height: position.height,
        // Cesium turns the texture by minus this angle; the sweep turns clockwise as seen from above.
        stRotation: new Cesium.CallbackProperty(() => angle, false),
        material: new Cesium.ImageMaterialProperty({ image: sweepImage(), color: tint, transparent: true }),
      },
    });
    const ring = viewer.entities.add({
      id: `effect:${id}:ring`,
      position: center,
      ellipse: {
        semiMajorAxis: axis,
        semiMinorAxis: axis,
        height: new Cesium.CallbackProperty(() => position.height + scan.height, false),
        material: new Cesium.ColorMaterialProperty(new Cesium.CallbackProperty(() => color.withAlpha(0.15), false)),
        outline: true,
        outlineColor: tint,
      },
    });
    const frames = effectFrameClock();
    return {
      tick(time) {
        angle = scanAngle(time, duration);
        for (let due = frames(time); due > 0; due--) scan = advanceScan(scan);
        return true;
      },
      update(next) {
        const merged = { ...options, ...next };
        const nextRadius = numberOption(merged, 'radius', 1500, '扫描圆半径', { above: 0 });
        const nextDuration = numberOption(merged, 'duration', SCAN_DEFAULTS.duration, '扫描周期', { above: 0 });
        const nextColor = colorOption(Cesium, merged, 'color', '#00e5ff');
        [radius, duration, color] = [nextRadius, nextDuration, nextColor];
      },
      remove() {
        viewer.entities.remove(disc);
        viewer.entities.remove(ring);
      },
    };
  },
};
