import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { MapEffectRenderer } from '../../../core/map/MapEffects';
import { fireSmokeRenderer } from './renderFireSmoke';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind<MapEffectRenderer>(MapEffectRenderer).toConstantValue(fireSmokeRenderer);
  }),
});
