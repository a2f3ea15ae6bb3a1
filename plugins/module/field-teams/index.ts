import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { fieldTeamsGlobeLayer } from './fieldTeamsGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(fieldTeamsGlobeLayer);
  }),
  components: { page: () => import('./FieldTeamsPage') },
});
