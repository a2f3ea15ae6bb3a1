import type { ImageryLayer } from 'cesium';
import { effectRenderer, numberOption, type MapEffectInstance } from '@ops/sdk';
import { HEAT_DEFAULTS, heatPointsOption, heatRaster, type HeatRaster } from './heatLayer';
import manifest from './plugin.json';

/** The raster as a PNG data URL, drawn on a canvas of its own size. */
function pngOf(raster: HeatRaster): string {
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器无法绘制热力图（没有二维画布）');
  context.putImageData(new ImageData(raster.pixels, raster.width, raster.height), 0, 0);
  return canvas.toDataURL('image/png');
}

/**
 * A heat layer: the points' heat as one image draped on the globe (a single-tile imagery layer over
 * the points' rectangle), so it costs one texture whatever the number of points, follows the ground
 * in 2D and 3D, and is drawn again only when its options change (it never animates).
 */
export const heatLayerRenderer = effectRenderer(manifest, ({ Cesium: C, viewer, options, defaults }): MapEffectInstance => {
  const read = (source: Record<string, unknown>) => ({
    points: heatPointsOption(source.points),
    opacity: numberOption(source, 'opacity', defaults.opacity, '热力图透明度', { min: 0, max: 1 }),
    settings: {
      ...HEAT_DEFAULTS,
      radius: numberOption(source, 'radius', defaults.radius, '热力半径', { above: 0, max: 50_000 }),
      resolution: numberOption(source, 'resolution', defaults.resolution, '热力图分辨率', { min: 64, max: 2048 }),
      maxValue: numberOption(source, 'maxValue', defaults.maxValue, '热力最大值', { min: 0 }),
    },
  });
  let current = options;
  let layer: ImageryLayer | undefined;
  const draw = (source: Record<string, unknown>) => {
    // Options are read (and refused) before anything drawn is taken away.
    const { points, opacity, settings } = read(source);
    const raster = heatRaster(points, settings);
    const image = raster ? pngOf(raster) : undefined;
    if (layer) viewer.imageryLayers.remove(layer, true);
    layer = undefined;
    if (raster && image) {
      const provider = new C.SingleTileImageryProvider({
        url: image,
        rectangle: C.Rectangle.fromDegrees(raster.west, raster.south, raster.east, raster.north),
        tileWidth: raster.width,
        tileHeight: raster.height,
      });
      layer = viewer.imageryLayers.addImageryProvider(provider);
      layer.alpha = opacity;
    }
    viewer.scene.requestRender();
  };
  draw(options);
  return {
    tick: () => false,
    update(next) {
      const merged = { ...current, ...next };
      draw(merged);
      current = merged;
    },
    remove() {
      if (layer) viewer.imageryLayers.remove(layer, true);
      layer = undefined;
      viewer.scene.requestRender();
    },
  };
});
