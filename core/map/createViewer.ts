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
