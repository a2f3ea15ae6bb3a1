import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { MapEffectRenderer } from '../../../core/map/MapEffects';
import { lineTrailRenderer } from './renderLineTrail';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind<MapEffectRenderer>(MapEffectRenderer).toConstantValue(lineTrailRenderer);
  }),
});
