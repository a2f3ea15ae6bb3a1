import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry } from '../plugins/PluginRegistry';
import { pluginPageFor } from './pluginPages';

const manifest = (id: string, contributes: Record<string, unknown>) => ({
  id,
  kind: 'module',
  version: '1.0.0',
  displayName: '页面',
  contributes,
});

describe('pluginPageFor', () => {
  it('renders the page a module plugin contributes for a child route, loading its code lazily', async () => {
    const catalog = createPluginCatalog(
      { '/plugins/module/lamp-page/plugin.json': manifest('lamp-page', { routes: [{ module: 'device', child: 'lamp' }] }) },
      {
        '/plugins/module/lamp-page/index.tsx': async () => ({
          default: {
            components: { page: async () => ({ default: ({ childName }: { childName?: string }) => <h1>灯杆页面 {childName}</h1> }) },
          },
        }),
      },
    );
    const registry = new DefaultPluginRegistry(catalog, createAppContainer());
    expect(pluginPageFor(registry, 'device')).toBeUndefined();
    expect(pluginPageFor(registry, 'device', 'camera')).toBeUndefined();
    const Page = pluginPageFor(registry, 'device', 'lamp')!;
    expect(pluginPageFor(registry, 'device', 'lamp')).toBe(Page);
    render(
      <Suspense fallback="…">
        <Page moduleName="device" childName="lamp" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: '灯杆页面 lamp' })).toBeTruthy();
  });
});
