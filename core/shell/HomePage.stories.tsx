import type { Meta, StoryObj } from '@storybook/react-vite';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry, PluginRegistry } from '../plugins/PluginRegistry';
import { HomePage } from './HomePage';
import { buildModuleRoutes } from './menuRoutes';

// No plugins: Home shows its tiles alone (the `home` panel page comes from plugins/module/home).
const registry = new DefaultPluginRegistry(createPluginCatalog({}, {}), createAppContainer());

const meta = {
  title: 'Core/Shell/HomePage',
  component: HomePage,
  parameters: { layout: 'fullscreen', services: { [PluginRegistry]: registry } },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CityOperator: Story = {
  args: {
    routes: buildModuleRoutes(
      {
        'platform:comprehensive': true,
        'platform:device': true,
        'platform:alarmManage': true,
        'platform:cityManagement': true,
        'platform:lawEnforcement': true,
      },
      [],
    ),
  },
};

export const NoModules: Story = { args: { routes: [] } };
