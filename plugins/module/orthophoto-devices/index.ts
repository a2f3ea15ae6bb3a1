import { definePlugin } from '@ops/sdk';

// The device pages (DevicePagesView) and DeviceApi come from module:device-center, which this plugin
// requires: the registry activates it first.
export default definePlugin({ components: { page: () => import('./OrthophotoDevicesPage') } });
