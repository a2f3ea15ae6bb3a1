import { createDeviceApi, definePlugin, DeviceApi, DevicePagesView, HttpClient, MapDeviceDetail, pluginModule } from '@ops/sdk';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import { lazyView } from './lazyView';

// The plugin starts with the globe (activation onGlobe) to give it the device panel; the UI's code
// still downloads only when a device page or the panel is first shown.
export default definePlugin({
  containerModule: pluginModule(({ bind, isBound }) => {
    if (!isBound(DeviceApi)) bind(DeviceApi).toResolvedValue((http: HttpClient) => createDeviceApi(http), [HttpClient]);
    bind(DevicePagesView).toConstantValue(lazyView(() => import('./DevicePages'), t.loadingPage));
    bind(MapDeviceDetail).toConstantValue(lazyView(() => import('./MapDevicePanel')));
  }),
  components: { page: () => import('./DeviceCenterPage') },
});
