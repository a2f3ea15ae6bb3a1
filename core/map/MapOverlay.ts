import type { ComponentType } from 'react';
import type { DevicePoint } from '../../contracts/devices';
import { createContributionPoint } from '../di/Token';
import { busTopic } from '../push/EventBus';
import type { MapGlobe } from './MapLayer';

/** What a map overlay is given: the globe once it is ready (the effects, bus and API come through `useService`). */
export interface MapOverlayProps {
  globe: Promise<MapGlobe>;
}

/**
 * A tool shown over every map page (a module or child page with `showsMap`), rendered by the globe for
 * as long as it is open, above the page's floating panels: e.g. 态势回放's button and timeline. A plugin
 * whose manifest says `"activation": "onGlobe"` binds one; its component should be lazy.
 */
export const MapOverlay = createContributionPoint<MapOverlay>('MapOverlay', '在每个地图页面上显示的工具（如态势回放）');
export interface MapOverlay {
  /** Unique among overlays; shown in errors. */
  id: string;
  component: ComponentType<MapOverlayProps>;
}

/** The device whose panel the globe has open (clicked or found), or null when it closes: layers follow the selection through it. */
export const mapDeviceOpenedTopic = busTopic<DevicePoint | null>('map.deviceOpened');

/** A replay of the past (态势回放) holds the globe: live layers pause while `replaying` and show the present again after. */
export interface MapReplayState {
  replaying: boolean;
  /** The instant shown (epoch ms) while replaying, else null. */
  at: number | null;
}
export const mapReplayTopic = busTopic<MapReplayState>('map.replay');
