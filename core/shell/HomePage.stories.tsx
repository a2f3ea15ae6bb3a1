import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomePage } from './HomePage';
import { buildModuleRoutes } from './menuRoutes';

const meta = {
  title: 'Core/Shell/HomePage',
  component: HomePage,
  parameters: { layout: 'fullscreen' },
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
