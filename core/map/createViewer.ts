import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';
import { createGcj02TilingScheme, type ImageryCrs } from './gcj02TilingScheme';
import { softwareRendering, softwareResolutionScale } from './softwareRendering';

export interface ViewerOptions {
  is3d: boolean;
  /** A tile URL template ({z}/{x}/{y}) for a real basemap; without it, Cesium's bundled Natural Earth II. */
  imageryUrl?: string | undefined;
  /** What the tiles of `imageryUrl` are drawn in (default WGS-84); GCJ-02 tiles are shifted so WGS-84 features sit on their streets. */
  imageryCrs?: ImageryCrs | undefined;
  /** Where Cesium puts its credits; hidden from the operator but kept for the licence. */
  credits?: HTMLElement;
}

/**
 * The command-centre look: the bundled Natural Earth imagery turned into a dark blue-grey ground
 * (its colours only hint at land and water), a night-blue globe where no imagery is, a black sky.
 * A real basemap (MAP_IMAGERY_URL) keeps its streets readable, only dimmed and cooled.
 */
export const BASE_STYLE = {
  bundled: { brightness: 0.6, contrast: 1.3, saturation: 0, alpha: 0.42 },
  custom: { brightness: 0.7, contrast: 1.1, saturation: 0.55, alpha: 0.85 },
  globe: '#0a1a2c',
  sky: '#02050a',
} as const;

/** The globe's frame cap where WebGL is drawn in software (its resolution: softwareResolutionScale). */
export const SOFTWARE_FRAME_RATE = 10;

/** Offline viewer: local imagery, ellipsoid terrain, no Ion, no widgets, render on demand, dark styled. */
export function createViewer(Cesium: Cesium, container: HTMLElement, { is3d, imageryUrl, imageryCrs, credits }: ViewerOptions): Viewer {
  Cesium.Ion.defaultAccessToken = '';
  const baseLayer = imageryUrl
    ? new Cesium.ImageryLayer(
        new Cesium.UrlTemplateImageryProvider({
          url: imageryUrl,
          maximumLevel: 18,
          ...(imageryCrs === 'gcj02' ? { tilingScheme: createGcj02TilingScheme(Cesium) } : {}),
        }),
        BASE_STYLE.custom,
      )
    : Cesium.ImageryLayer.fromProviderAsync(
        Cesium.TileMapServiceImageryProvider.fromUrl(Cesium.buildModuleUrl('Assets/Textures/NaturalEarthII')),
        BASE_STYLE.bundled,
      );
  const viewer = new Cesium.Viewer(container, {
    baseLayer,
    // No stars, sun or moon: a plain dark sky, and nothing more to draw or download.
    skyBox: false,
    terrainProvider: new Cesium.EllipsoidTerrainProvider(),
    baseLayerPicker: false,
    geocoder: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    animation: false,
    timeline: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    ...(credits ? { creditContainer: credits } : {}),
    requestRenderMode: true,
    // Time passing alone never asks for a frame; moving effects ask for their own.
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    sceneMode: is3d ? Cesium.SceneMode.SCENE3D : Cesium.SceneMode.SCENE2D,
  });
  // In software WebGL these cost most of a frame (DESIGN.md); the dashboard does not need them.
  if (viewer.scene.skyAtmosphere) viewer.scene.skyAtmosphere.show = false;
  viewer.scene.globe.showGroundAtmosphere = false;
  viewer.scene.fog.enabled = false;
  viewer.scene.postProcessStages.fxaa.enabled = false;
  if (viewer.scene.sun) viewer.scene.sun.show = false;
  if (viewer.scene.moon) viewer.scene.moon.show = false;
  viewer.scene.backgroundColor = Cesium.Color.fromCssColorString(BASE_STYLE.sky);
  viewer.scene.globe.baseColor = Cesium.Color.fromCssColorString(BASE_STYLE.globe);
  if (softwareRendering()) {
    // Drawn by the CPU: at most a quarter of the pixels (fewer on a big wall) and SOFTWARE_FRAME_RATE
    // frames a second keep a moving effect from taking every core (at full size it got ~4 frames a second from two).
    viewer.resolutionScale = softwareResolutionScale(
      container.clientWidth || window.innerWidth,
      container.clientHeight || window.innerHeight,
    );
    viewer.targetFrameRate = SOFTWARE_FRAME_RATE;
  }
  return viewer;
}

/** A place to look at: a point, the distance to it, and the heading and pitch to look from (degrees). */
export interface LookAt {
  longitude: number;
  latitude: number;
  height: number;
  heading?: number;
  pitch?: number;
  /** How high above the ground the point looked at is (metres, default 0): a smoke plume is looked at halfway up. */
  aimHeight?: number;
}

/** Looks at the view's point from its height, heading and pitch (the view names what to see, not where to stand). */
export function flyToView(Cesium: Cesium, viewer: Viewer, view: LookAt, duration = 1.5): void {
  const target = new Cesium.BoundingSphere(Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, view.aimHeight ?? 0), 0);
  const offset = new Cesium.HeadingPitchRange(
    Cesium.Math.toRadians(view.heading ?? 0),
    Cesium.Math.toRadians(view.pitch ?? -45),
    view.height,
  );
  viewer.camera.flyToBoundingSphere(target, { offset, duration });
}
