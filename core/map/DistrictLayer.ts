import type { LabelCollection, Primitive, Viewer } from 'cesium';
import type { Cesium } from './loadCesium';
import { cityAt } from './boundaries/loadCityBoundaries';
import type { CityBoundaries, DistrictBoundary } from './boundaries/cityBoundaries';

/** How the district borders and names look: thin glowing lines and light labels on the dark base. */
export const DISTRICT_STYLE = {
  line: '#2fc4ff',
  lineAlpha: 0.6,
  lineWidth: 4,
  /** The tenant's own district stands out. */
  home: '#7ff0ff',
  homeWidth: 6,
  glowPower: 0.12,
  label: '#bfeeff',
  homeLabel: '#ffd36b',
  labelOutline: '#020a12',
  font: '600 15px "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif',
  homeFont: '700 18px "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif',
  /** Names are written while the camera is closer than this (metres); the lines always show. */
  labelsUpTo: 400_000,
} as const;

/**
 * A city's district borders (each drawn once, batched in one primitive per style) and district
 * names, with the tenant's home district brighter. Not pickable, so clicks reach the devices.
 */
export class DistrictLayer {
  private readonly primitives: Primitive[] = [];
  private readonly labels: LabelCollection;

  constructor(
    Cesium: Cesium,
    private readonly viewer: Viewer,
    readonly city: CityBoundaries,
    readonly home?: DistrictBoundary,
  ) {
    const C = Cesium;
    const homeArcs = new Set((home?.rings ?? []).flat().map((reference) => (reference < 0 ? ~reference : reference)));
    const lines = (arcs: number[][], color: string, alpha: number, width: number) => {
      if (!arcs.length) return;
      const primitive = new C.Primitive({
        geometryInstances: arcs.map(
          (arc) =>
            new C.GeometryInstance({
              geometry: new C.PolylineGeometry({
                positions: C.Cartesian3.fromDegreesArray(arc),
                width,
                vertexFormat: C.PolylineMaterialAppearance.VERTEX_FORMAT,
                arcType: C.ArcType.GEODESIC,
              }),
            }),
        ),
        appearance: new C.PolylineMaterialAppearance({
          material: C.Material.fromType('PolylineGlow', {
            color: C.Color.fromCssColorString(color).withAlpha(alpha),
            glowPower: DISTRICT_STYLE.glowPower,
            taperPower: 1,
          }),
          translucent: true,
        }),
        allowPicking: false,
        asynchronous: false,
      });
      this.primitives.push(viewer.scene.primitives.add(primitive));
    };
    lines(
      city.arcs.filter((_, index) => !homeArcs.has(index)),
      DISTRICT_STYLE.line,
      DISTRICT_STYLE.lineAlpha,
      DISTRICT_STYLE.lineWidth,
    );
    lines(
      city.arcs.filter((_, index) => homeArcs.has(index)),
      DISTRICT_STYLE.home,
      0.9,
      DISTRICT_STYLE.homeWidth,
    );

    this.labels = viewer.scene.primitives.add(new C.LabelCollection());
    for (const district of city.districts) {
      if (!district.label) continue;
      const isHome = district.code === home?.code;
      this.labels.add({
        position: C.Cartesian3.fromDegrees(district.label[0], district.label[1], 0),
        text: district.name,
        font: isHome ? DISTRICT_STYLE.homeFont : DISTRICT_STYLE.font,
        fillColor: C.Color.fromCssColorString(isHome ? DISTRICT_STYLE.homeLabel : DISTRICT_STYLE.label),
        outlineColor: C.Color.fromCssColorString(DISTRICT_STYLE.labelOutline),
        outlineWidth: 3,
        style: C.LabelStyle.FILL_AND_OUTLINE,
        horizontalOrigin: C.HorizontalOrigin.CENTER,
        verticalOrigin: C.VerticalOrigin.CENTER,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        distanceDisplayCondition: new C.DistanceDisplayCondition(0, DISTRICT_STYLE.labelsUpTo),
        scaleByDistance: new C.NearFarScalar(3_000, 1.1, 200_000, 0.75),
      });
    }
    viewer.scene.requestRender();
  }

  destroy(): void {
    if (this.viewer.isDestroyed()) return;
    for (const primitive of this.primitives) this.viewer.scene.primitives.remove(primitive);
    this.viewer.scene.primitives.remove(this.labels);
    this.primitives.length = 0;
    this.viewer.scene.requestRender();
  }
}

/**
 * Draws the districts of the packaged city that holds `home` (the tenant's main view: its city is
 * found by point-in-polygon, nothing names it), loading that city's boundaries only now. Resolves
 * to undefined, drawing nothing, when no packaged city holds the point or the viewer went away.
 */
export async function showDistricts(
  Cesium: Cesium,
  viewer: Viewer,
  home: { longitude: number; latitude: number },
): Promise<DistrictLayer | undefined> {
  const found = await cityAt(home.longitude, home.latitude);
  if (!found || viewer.isDestroyed()) return undefined;
  return new DistrictLayer(Cesium, viewer, found.city, found.district);
}
