import { definePlugin } from '@ops/sdk';

// DeviceApi comes from module:device-center, which the registry loads first.
export default definePlugin({ components: { page: () => import('./OrthophotoDevicesPage') } });
