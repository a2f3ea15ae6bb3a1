import { definePlugin } from '../../../core/plugins/definePlugin';

// DeviceApi comes from module:device-center, which the registry loads first.
export default definePlugin({ components: { page: () => import('./OrthophotoDevicesPage') } });
