import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';
import '../core/app/global.css';
import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { createStoryContainer } from './storyContainer';
import { ContainerProvider } from '../core/di/ContainerProvider';

/** Every story runs in the dark theme, inside a router and a DI container of fake services. */
const preview: Preview = {
  parameters: { layout: 'centered' },
  decorators: [
    (Story, context) => (
      <ContainerProvider container={createStoryContainer(context.parameters.services as Record<symbol, unknown> | undefined)}>
        <MemoryRouter initialEntries={[(context.parameters.route as string | undefined) ?? '/']}>
          <div className="bp6-dark" style={{ padding: 24, background: '#111820', color: '#e6edf5', minWidth: 360 }}>
            <Story />
          </div>
        </MemoryRouter>
      </ContainerProvider>
    ),
  ],
};

export default preview;
