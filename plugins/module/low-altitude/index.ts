import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { lowAltitudeGlobeLayer } from './lowAltitudeGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(lowAltitudeGlobeLayer);
  }),
  components: { page: () => import('./LowAltitudePage') },
});
