import type { ComponentType } from 'react';
import { createToken } from '../di/Token';

export interface DevicePagesProps {
  moduleName: string;
  childName?: string;
  /** Child menu names carry this prefix when a module reuses the device pages (正射影像: `orthophotoLamp`). */
  childPrefix?: string;
}

/**
 * The device pages: the catalogue of device kinds at a module's root, one kind's page at a child route.
 * Provided by the device-center plugin; modules that show devices too (正射影像) require it and render this.
 */
export const DevicePagesView = createToken<ComponentType<DevicePagesProps>>('DevicePagesView', '设备目录与设备类型页面（设备管控提供）');
