import type { Viewer } from 'cesium';
import { createContributionPoint } from '../di/Token';
import type { EventBus } from '../push/EventBus';
import type { Cesium } from './loadCesium';
import type { MapEffects } from './MapEffects';

/** What a map layer gets when the globe is ready. */
export interface MapLayerContext {
  Cesium: Cesium;
  viewer: Viewer;
  effects: MapEffects;
  bus: EventBus;
  /** Opens an app route (e.g. the event center on an alarm). */
  navigate(path: string): void;
}

/**
 * Something a plugin draws on the globe for as long as it is open (live alarms as circles, a heat
 * map, a patrol route): attached once the globe is ready, disposed when it closes. A plugin whose
 * manifest says `"activation": "onGlobe"` has its code loaded before the globe attaches its layers.
 */
export const MapLayer = createContributionPoint<MapLayer>('MapLayer', '插件在地球上绘制的图层（如实时告警圈）');
export interface MapLayer {
  /** Unique among layers; shown in errors. */
  id: string;
  /** Starts drawing; returns what stops it. */
  attach(context: MapLayerContext): () => void;
  /**
   * A click on a map effect (its id as given to MapEffects.add): true when this layer handled it,
   * so the globe stops asking other layers.
   */
  onEffectClick?(effectId: string, context: MapLayerContext): boolean;
}
