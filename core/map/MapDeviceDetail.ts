import type { ComponentType } from 'react';
import type { DevicePoint } from '../../contracts/devices';
import type { DeviceKind } from '../devices/deviceKinds';
import { createToken } from '../di/Token';
import type { MapPosition } from '../geo/parsePosition';

export interface MapDeviceDetailProps {
  device: DevicePoint;
  kind: DeviceKind;
  onClose(): void;
  /** Brings the device into close view, top-down (so an effect on it can be dragged on the ground). */
  onFocus(position: MapPosition): void;
  /** After the device was moved, so the device layer redraws it where it now stands. */
  onMoved(): void;
}

/**
 * The panel the globe opens on a clicked device. Provided by the device-center plugin (status,
 * telemetry, commands, 调整位置); with no plugin bound the globe shows markers only.
 */
export const MapDeviceDetail = createToken<ComponentType<MapDeviceDetailProps>>('MapDeviceDetail', '地图上点击设备时打开的设备面板');
