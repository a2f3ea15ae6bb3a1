import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { MapEffectRenderer } from '../../../core/map/MapEffects';
import { viewConeRenderer } from './renderViewCone';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind<MapEffectRenderer>(MapEffectRenderer).toConstantValue(viewConeRenderer);
  }),
});
