import type { Material, Primitive } from 'cesium';
import { colorOption, effectRenderer, numberOption, type MapEffectInstance } from '@ops/sdk';
import { createLineTrail, trailPhase } from './lineTrail';
import manifest from './plugin.json';

/** The trail image slides along the line; `phase` (0..1) is where its bright head is. */
const TRAIL_SHADER = `
czm_material czm_getMaterial(czm_materialInput materialInput) {
  czm_material material = czm_getDefaultMaterial(materialInput);
  vec2 st = materialInput.st;
  vec4 sampled = texture(image, vec2(fract(st.s - phase), st.t));
  material.diffuse = max(color.rgb * sampled.rgb, color.rgb * 0.25);
  material.alpha = max(sampled.a, 0.15) * color.a;
  return material;
}`;

/** A line through longitude, latitude, height triples with a highlight flowing along it every cycle. */
export const lineTrailRenderer = effectRenderer(manifest, ({ Cesium, viewer, id, options, defaults, assetUrl }): MapEffectInstance => {
  const trailUrl = assetUrl('trail.png');
  const raw = options.positions;
  if (!Array.isArray(raw)) throw new Error('流动线的点必须是“经度, 纬度, 高度”三元组组成的数组');
  const trail = createLineTrail(numberOption(options, 'tag', 0, '流动线标签'), raw.map(Number));
  const width = numberOption(options, 'width', defaults.width, '流动线宽度', { above: 0 });
  let cycleMs = numberOption(options, 'cycleMs', defaults.cycleMs, '流动线周期', { above: 0 });
  const color = colorOption(Cesium, options, 'color', defaults.color);
  const material: Material = new Cesium.Material({
    fabric: { type: `LineTrail-${id}`, uniforms: { image: trailUrl, color, phase: 0 }, source: TRAIL_SHADER },
    translucent: true,
  });
  const primitive: Primitive = viewer.scene.primitives.add(
    new Cesium.Primitive({
      geometryInstances: new Cesium.GeometryInstance({
        id: `effect:${id}`,
        geometry: new Cesium.PolylineGeometry({
          positions: Cesium.Cartesian3.fromDegreesArrayHeights(trail.positions),
          width,
          vertexFormat: Cesium.PolylineMaterialAppearance.VERTEX_FORMAT,
        }),
      }),
      appearance: new Cesium.PolylineMaterialAppearance({ material }),
      asynchronous: false,
    }),
  );
  return {
    tick(time) {
      material.uniforms.phase = trailPhase(time, cycleMs);
      return true;
    },
    update(next) {
      if (next.cycleMs !== undefined) cycleMs = numberOption(next, 'cycleMs', cycleMs, '流动线周期', { above: 0 });
      if (next.color !== undefined) material.uniforms.color = colorOption(Cesium, next, 'color', defaults.color);
    },
    remove() {
      viewer.scene.primitives.remove(primitive);
    },
  };
});
