import { definePlugin, MapLayer, pluginModule } from '@ops/sdk';
import { patrolGlobeLayer } from './patrolGlobeLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapLayer).toConstantValue(patrolGlobeLayer);
  }),
  components: { page: () => import('./FieldPatrolPage') },
});
