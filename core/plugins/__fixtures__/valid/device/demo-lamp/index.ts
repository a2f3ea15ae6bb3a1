import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../../definePlugin';
import { DemoContribution } from '../../../demoContribution';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind(DemoContribution).toConstantValue({ source: 'device:demo-lamp' });
  }),
});
