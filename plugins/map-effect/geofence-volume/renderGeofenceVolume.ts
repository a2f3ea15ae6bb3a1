import type { Primitive } from 'cesium';
import { colorOption, effectRenderer, numberOption, type MapEffectInstance } from '@ops/sdk';
import { createGeofenceVolume } from './geofenceVolume';
import manifest from './plugin.json';

/** A fence between its floor and ceiling: a translucent extruded polygon and its outline. Static: it asks for no frames. */
export const geofenceVolumeRenderer = effectRenderer(manifest, ({ Cesium, viewer, id, options, defaults }): MapEffectInstance => {
  const fillAlpha = numberOption(options, 'fillAlpha', defaults.fillAlpha, '围栏填充透明度', { min: 0, max: 1 });
  const outlineAlpha = numberOption(options, 'outlineAlpha', defaults.outlineAlpha, '围栏描边透明度', { min: 0, max: 1 });
  let primitives: Primitive[] = [];
  const draw = (source: Record<string, unknown>) => {
    const volume = createGeofenceVolume(source.polygon, source.floor, source.ceiling);
    const color = colorOption(Cesium, source, 'color', defaults.color);
    const hierarchy = new Cesium.PolygonHierarchy(Cesium.Cartesian3.fromDegreesArray(volume.polygon.flat()));
    const shape = { polygonHierarchy: hierarchy, height: volume.floor, extrudedHeight: volume.ceiling };
    const fill = new Cesium.Primitive({
      geometryInstances: new Cesium.GeometryInstance({
        id: `effect:${id}`,
        geometry: new Cesium.PolygonGeometry({ ...shape, vertexFormat: Cesium.PerInstanceColorAppearance.VERTEX_FORMAT }),
        attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(color.withAlpha(fillAlpha)) },
      }),
      appearance: new Cesium.PerInstanceColorAppearance({ translucent: true, closed: true }),
      asynchronous: false,
    });
    const outline = new Cesium.Primitive({
      geometryInstances: new Cesium.GeometryInstance({
        id: `effect:${id}`,
        geometry: new Cesium.PolygonOutlineGeometry(shape),
        attributes: { color: Cesium.ColorGeometryInstanceAttribute.fromColor(color.withAlpha(outlineAlpha)) },
      }),
      appearance: new Cesium.PerInstanceColorAppearance({ flat: true, translucent: true }),
      asynchronous: false,
    });
    const drawn = [viewer.scene.primitives.add(fill), viewer.scene.primitives.add(outline)];
    for (const primitive of primitives) viewer.scene.primitives.remove(primitive);
    primitives = drawn;
    viewer.scene.requestRender();
  };
  let current = { ...options };
  draw(current);
  return {
    tick: () => false,
    update(next) {
      current = { ...current, ...next };
      draw(current);
    },
    remove() {
      for (const primitive of primitives) viewer.scene.primitives.remove(primitive);
      primitives = [];
    },
  };
});
