import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { emergencyGlobeLayer } from './emergencyGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(emergencyGlobeLayer);
  }),
  components: { page: () => import('./EmergencyMapPage') },
});
