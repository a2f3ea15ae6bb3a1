import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { MapEffectRenderer } from '../../../core/map/MapEffects';
import { flashingPointRenderer } from './renderFlashingPoint';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind<MapEffectRenderer>(MapEffectRenderer).toConstantValue(flashingPointRenderer);
  }),
});
