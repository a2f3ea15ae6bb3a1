import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { parkingGlobeLayer } from './parkingGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(parkingGlobeLayer);
  }),
  components: { page: () => import('./ParkingPage') },
});
