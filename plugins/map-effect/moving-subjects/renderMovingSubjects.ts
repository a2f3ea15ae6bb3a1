import type { Billboard, Color, Label, Polyline, PointPrimitive } from 'cesium';
import { colorOption, effectRenderer, numberOption, type MapEffectInstance } from '@ops/sdk';
import { readSubjects, subjectChanges, subjectPickId, type MovingSubject } from './movingSubjects';
import manifest from './plugin.json';

/** What one subject is drawn with: a point (a person) or an arrow with its height stem (a UAV), and a name. */
interface DrawnSubject {
  kind: MovingSubject['kind'];
  point?: PointPrimitive;
  arrow?: Billboard;
  stem?: Polyline;
  stemColor?: Color;
  label?: Label;
}

/** A white arrow pointing up (north before rotation); the billboard's colour tints it. */
function arrowImage(size: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * 2;
  const context = canvas.getContext('2d')!;
  context.scale(2, 2);
  context.beginPath();
  context.moveTo(size / 2, 1);
  context.lineTo(size - 3, size - 3);
  context.lineTo(size / 2, size * 0.7);
  context.lineTo(3, size - 3);
  context.closePath();
  context.fillStyle = '#ffffff';
  context.strokeStyle = 'rgba(0,0,0,0.8)';
  context.lineWidth = 1.5;
  context.fill();
  context.stroke();
  return canvas;
}

/**
 * People and UAVs, as many as a tenant has, in four primitive collections (points, arrows, height stems, names)
 * rather than an entity each: an update moves what is drawn in place, adds and removes only the difference and
 * asks for one frame; nothing animates between updates, so an idle globe stays idle.
 */
export const movingSubjectsRenderer = effectRenderer(manifest, ({ Cesium, viewer, id, options, defaults }): MapEffectInstance => {
  const personColor = colorOption(Cesium, options, 'personColor', defaults.personColor);
  const uavColor = colorOption(Cesium, options, 'uavColor', defaults.uavColor);
  const selectedColor = colorOption(Cesium, options, 'selectedColor', defaults.selectedColor);
  const personSize = numberOption(options, 'personSize', defaults.personSize, '人员圆点大小', { min: 2, max: 64 });
  const uavSize = numberOption(options, 'uavSize', defaults.uavSize, '无人机箭头大小', { min: 8, max: 128 });
  const labelDistance = numberOption(options, 'labelDistance', defaults.labelDistance, '名称显示距离', { above: 0 });
  const first = readSubjects(options.subjects);

  const points = viewer.scene.primitives.add(new Cesium.PointPrimitiveCollection());
  const arrows = viewer.scene.primitives.add(new Cesium.BillboardCollection({ scene: viewer.scene }));
  const stems = viewer.scene.primitives.add(new Cesium.PolylineCollection());
  const labels = viewer.scene.primitives.add(new Cesium.LabelCollection({ scene: viewer.scene }));
  const arrow = arrowImage(uavSize);
  const labelsShownWithin = new Cesium.DistanceDisplayCondition(0, labelDistance);
  const drawn = new Map<string, DrawnSubject>();
  const colors = new Map<string, Color>();

  const colorOf = (subject: MovingSubject): Color => {
    if (subject.selected) return selectedColor;
    if (!subject.color) return subject.kind === 'uav' ? uavColor : personColor;
    let color = colors.get(subject.color);
    if (!color) {
      color = colorOption(Cesium, { color: subject.color }, 'color', subject.color);
      colors.set(subject.color, color);
    }
    return color;
  };
  const positionOf = (subject: MovingSubject) =>
    Cesium.Cartesian3.fromDegrees(subject.longitude, subject.latitude, subject.kind === 'uav' ? (subject.altitude ?? 0) : 1);
  const groundOf = (subject: MovingSubject) => Cesium.Cartesian3.fromDegrees(subject.longitude, subject.latitude, 0);

  const place = (subject: MovingSubject, shape: DrawnSubject) => {
    const position = positionOf(subject);
    const color = colorOf(subject);
    if (shape.point) {
      shape.point.position = position;
      shape.point.color = color;
      shape.point.pixelSize = subject.selected ? personSize * 1.6 : personSize;
    }
    if (shape.arrow) {
      shape.arrow.position = position;
      shape.arrow.color = color;
      // Billboard rotation is counter-clockwise; the axis makes 0 point to north on screen.
      shape.arrow.rotation = -Cesium.Math.toRadians(subject.heading ?? 0);
      shape.arrow.scale = subject.selected ? 1.4 : 1;
    }
    if (shape.stem) {
      shape.stem.positions = [groundOf(subject), position];
      // The material is made once per stem (making one per update costs more than the whole move).
      const stemColor = color.withAlpha(0.55);
      if (!shape.stemColor || !Cesium.Color.equals(shape.stemColor, stemColor)) {
        shape.stem.material = Cesium.Material.fromType('Color', { color: stemColor });
        shape.stemColor = stemColor;
      }
    }
    if (subject.label && !shape.label) {
      shape.label = labels.add({
        text: subject.label,
        font: defaults.labelFont,
        fillColor: Cesium.Color.WHITE,
        outlineColor: Cesium.Color.BLACK,
        outlineWidth: 3,
        style: Cesium.LabelStyle.FILL_AND_OUTLINE,
        pixelOffset: new Cesium.Cartesian2(0, -(subject.kind === 'uav' ? uavSize : personSize) - 4),
        distanceDisplayCondition: labelsShownWithin,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        id: subjectPickId(id, subject.id),
      });
    } else if (!subject.label && shape.label) {
      labels.remove(shape.label);
      delete shape.label;
    }
    if (shape.label) {
      shape.label.position = position;
      if (subject.label && shape.label.text !== subject.label) shape.label.text = subject.label;
    }
  };

  const add = (subject: MovingSubject) => {
    const pickId = subjectPickId(id, subject.id);
    const shape: DrawnSubject =
      subject.kind === 'uav'
        ? {
            kind: 'uav',
            arrow: arrows.add({ image: arrow, width: uavSize, height: uavSize, alignedAxis: Cesium.Cartesian3.UNIT_Z, id: pickId }),
            stem: stems.add({ width: 1.5, id: pickId }),
          }
        : {
            kind: 'person',
            point: points.add({
              outlineColor: Cesium.Color.WHITE,
              outlineWidth: 2,
              disableDepthTestDistance: Number.POSITIVE_INFINITY,
              id: pickId,
            }),
          };
    drawn.set(subject.id, shape);
    place(subject, shape);
  };
  const drop = (subjectId: string) => {
    const shape = drawn.get(subjectId);
    if (!shape) return;
    if (shape.point) points.remove(shape.point);
    if (shape.arrow) arrows.remove(shape.arrow);
    if (shape.stem) stems.remove(shape.stem);
    if (shape.label) labels.remove(shape.label);
    drawn.delete(subjectId);
  };
  const show = (subjects: readonly MovingSubject[]) => {
    const { added, moved, removed } = subjectChanges(new Set(drawn.keys()), subjects);
    for (const subjectId of removed) drop(subjectId);
    for (const subject of moved) {
      const shape = drawn.get(subject.id)!;
      // A subject that changed kind is drawn again as the other shape.
      if (shape.kind !== subject.kind) {
        drop(subject.id);
        add(subject);
      } else place(subject, shape);
    }
    for (const subject of added) add(subject);
  };

  // Hidden labels still cost their glyphs' vertices every frame (500 names: +70 % frame time in software WebGL),
  // so the whole collection is off unless the camera is close enough to read them; checked before each frame.
  const showLabelsWhenClose = () => {
    labels.show = viewer.camera.positionCartographic.height < labelDistance;
  };
  const stopWatchingCamera = viewer.scene.preRender.addEventListener(showLabelsWhenClose);

  show(first);
  return {
    tick: () => false,
    update(next) {
      if (next.subjects === undefined) return;
      show(readSubjects(next.subjects));
    },
    remove() {
      stopWatchingCamera();
      for (const collection of [points, arrows, stems, labels]) viewer.scene.primitives.remove(collection);
      drawn.clear();
    },
  };
});
