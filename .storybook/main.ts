import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../core/**/*.stories.@(ts|tsx)', '../plugins/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Map-effect stories draw on a real offline globe: Cesium's prebuilt build, where loadCesium looks for it.
  staticDirs: [{ from: '../node_modules/cesium/Build/Cesium', to: '/cesium' }],
};

export default config;
