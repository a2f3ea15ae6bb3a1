import type { Viewer } from 'cesium';
import type { Cesium } from './loadCesium';

export interface ViewerOptions {
  is3d: boolean;
  /** A tile URL template ({z}/{x}/{y}) for a real basemap; without it, Cesium's bundled Natural Earth II. */
  imageryUrl?: string | undefined;
  /** Where Cesium puts its credits; hidden from the operator but kept for the licence. */
  credits?: HTMLElement;
}

/** Offline viewer: local imagery, ellipsoid terrain, no Ion, no widgets, render on demand. */
export function createViewer(Cesium: Cesium, container: HTMLElement, { is3d, imageryUrl, credits }: ViewerOptions): Viewer {
  Cesium.Ion.defaultAccessToken = '';
  const baseLayer = imageryUrl
    ? new Cesium.ImageryLayer(new Cesium.UrlTemplateImageryProvider({ url: imageryUrl, maximumLevel: 18 }))
    : Cesium.ImageryLayer.fromProviderAsync(Cesium.TileMapServiceImageryProvider.fromUrl(Cesium.buildModuleUrl('Assets/Textures/NaturalEarthII')));
  const viewer = new Cesium.Viewer(container, {
    baseLayer,
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
  return viewer;
}

/** A place to look at: a point, the distance to it, and the heading and pitch to look from (degrees). */
export interface LookAt {
  longitude: number;
  latitude: number;
  height: number;
  heading?: number;
  pitch?: number;
}

/** Looks at the view's point from its height, heading and pitch (the view names what to see, not where to stand). */
export function flyToView(Cesium: Cesium, viewer: Viewer, view: LookAt, duration = 1.5): void {
  const target = new Cesium.BoundingSphere(Cesium.Cartesian3.fromDegrees(view.longitude, view.latitude, 0), 0);
  const offset = new Cesium.HeadingPitchRange(Cesium.Math.toRadians(view.heading ?? 0), Cesium.Math.toRadians(view.pitch ?? -45), view.height);
  viewer.camera.flyToBoundingSphere(target, { offset, duration });
}
