import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { caseGlobeLayer } from './caseGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(caseGlobeLayer);
  }),
  components: { page: () => import('./CaseMapPage') },
});
