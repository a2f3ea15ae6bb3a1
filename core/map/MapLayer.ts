import type { Viewer } from 'cesium';
import { createContributionPoint } from '../di/Token';
import type { EventBus } from '../push/EventBus';
import type { Cesium } from './loadCesium';
import type { MapEffects } from './MapEffects';

/** Cesium and the globe's viewer, for a layer that draws with Cesium itself rather than through effects. */
export interface MapGlobe {
  Cesium: Cesium;
  viewer: Viewer;
}

/** What a map layer gets when it attaches (as soon as its plugin's code is in, before Cesium may be). */
export interface MapLayerContext {
  /** Draws by id; what is added before the globe is ready is drawn when it is. */
  effects: MapEffects;
  /** Resolves once the globe is ready. */
  globe: Promise<MapGlobe>;
  bus: EventBus;
  /** Opens an app route (e.g. the event center on an alarm). */
  navigate(path: string): void;
}

/**
 * Something a plugin draws on the globe for as long as it is open (live alarms as circles, a heat
 * map, a patrol route): attached when the globe opens, disposed when it closes. A plugin whose
 * manifest says `"activation": "onGlobe"` has its code loaded when the globe opens.
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
