import { createDeviceApi, definePlugin, DeviceApi, HttpClient, pluginModule } from '@ops/sdk';

export default definePlugin({
  containerModule: pluginModule(({ bind, isBound }) => {
    if (!isBound(DeviceApi)) bind(DeviceApi).toResolvedValue((http: HttpClient) => createDeviceApi(http), [HttpClient]);
  }),
  components: { page: () => import('./DeviceCenterPage') },
});
