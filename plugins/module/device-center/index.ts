import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { DeviceApi, createDeviceApi } from '../../../core/devices/deviceApi';
import { HttpClient } from '../../../core/http/HttpClient';

export default definePlugin({
  containerModule: new ContainerModule(({ bind, isBound }) => {
    if (!isBound(DeviceApi)) bind<DeviceApi>(DeviceApi).toResolvedValue((http: HttpClient) => createDeviceApi(http), [HttpClient]);
  }),
  components: { page: () => import('./DeviceCenterPage') },
});
