import type { Decorator } from '@storybook/react-vite';
import { ModuleNavigation, type ModuleNavigationValue } from './moduleNavigation';

/** The shell's navigation as a story gives it: the modules, and figures drawn from fixed values. */
export const withNavigation =
  (value: ModuleNavigationValue): Decorator =>
  (Story) => (
    <ModuleNavigation.Provider value={value}>
      <Story />
    </ModuleNavigation.Provider>
  );
