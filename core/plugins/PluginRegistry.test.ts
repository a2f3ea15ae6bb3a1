import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from './PluginCatalog';
import { DefaultPluginRegistry } from './PluginRegistry';
import { DemoContribution } from './__fixtures__/demoContribution';
import { ContainerModule } from 'inversify';
import { definePlugin } from './definePlugin';

// The same glob shapes discoverPlugins uses, pointed at a fixture tree.
const manifests = import.meta.glob('./__fixtures__/valid/*/*/plugin.json', { eager: true, import: 'default' });
const code = import.meta.glob('./__fixtures__/valid/*/*/index.{ts,tsx}');

describe('plugin discovery and registry', () => {
  it('picks up a dropped-in plugin folder with no core edit', () => {
    const catalog = createPluginCatalog(manifests, code);
    expect(catalog.errors).toEqual([]);
    expect(catalog.plugins.map((plugin) => [plugin.fullId, plugin.folder])).toEqual([
      ['device:demo-lamp', '__fixtures__/valid/device/demo-lamp'],
      ['module:demo-page', '__fixtures__/valid/module/demo-page'],
    ]);
  });

  it('loads code only when asked and binds its ContainerModule, dependencies first', async () => {
    let loads = 0;
    const counted = Object.fromEntries(Object.entries(code).map(([path, load]) => [path, () => (loads++, load())]));
    const container = createAppContainer();
    const registry = new DefaultPluginRegistry(createPluginCatalog(manifests, counted), container);
    expect(loads).toBe(0);
    expect(container.isBound(DemoContribution)).toBe(false);
    // module:demo-page is data only but requires device:demo-lamp, whose code binds a contribution.
    await expect(registry.loadCode('module:demo-page')).resolves.toBeUndefined();
    expect(loads).toBe(1);
    expect(container.getAll<DemoContribution>(DemoContribution)).toEqual([{ source: 'device:demo-lamp' }]);
    await registry.loadCode('device:demo-lamp');
    expect(loads).toBe(1);
    expect(registry.list('module').map((plugin) => plugin.fullId)).toEqual(['module:demo-page']);
  });

  it('fails loudly in development and skips bad plugins in production', () => {
    const broken = { ...manifests, './__fixtures__/broken/device/bad/plugin.json': { id: 'bad', kind: 'device' } };
    expect(() => createPluginCatalog(broken, code, { failLoudly: true })).toThrow(
      '插件 __fixtures__/broken/device/bad：/version 是必填字段',
    );
    const catalog = createPluginCatalog(broken, code, { failLoudly: false });
    expect(catalog.plugins).toHaveLength(2);
    expect(catalog.errors.length).toBeGreaterThan(0);
  });

  it('switches a plugin off by id from configuration', () => {
    const catalog = createPluginCatalog(manifests, code, { disabledPlugins: ['module:demo-page'] });
    expect(catalog.plugins.map((plugin) => plugin.fullId)).toEqual(['device:demo-lamp']);
    expect(catalog.errors).toEqual([]);
  });

  it('retries a plugin whose code failed to load', async () => {
    let attempts = 0;
    const flaky = Object.fromEntries(
      Object.entries(code).map(([path, load]) => [path, () => (++attempts === 1 ? Promise.reject(new Error('chunk failed')) : load())]),
    );
    const container = createAppContainer();
    const registry = new DefaultPluginRegistry(createPluginCatalog(manifests, flaky), container);
    await expect(registry.loadCode('device:demo-lamp')).rejects.toThrow('chunk failed');
    await expect(registry.loadCode('device:demo-lamp')).resolves.toHaveProperty('containerModule');
    expect(container.getAll<DemoContribution>(DemoContribution)).toHaveLength(1);
  });

  it('loads the optional plugins that are present before the plugin that uses them, and survives optional loops', async () => {
    const base = manifests['./__fixtures__/valid/device/demo-lamp/plugin.json'] as Record<string, unknown>;
    const kind = (id: string, extra: Record<string, unknown> = {}) =>
      [`/plugins/device/${id}/plugin.json`, { ...base, id, ...extra }] as const;
    const order: string[] = [];
    const binding = (id: string) => async () => ({
      default: definePlugin({
        containerModule: new ContainerModule(
          ({ bind }) => void (order.push(id), bind(DemoContribution).toConstantValue({ source: `device:${id}` })),
        ),
      }),
    });
    const catalog = createPluginCatalog(
      Object.fromEntries([
        kind('a', { optional: ['device:b', 'device:absent'] }),
        kind('b', { optional: ['device:a'] }),
        kind('c', { optional: ['device:a'] }),
      ]),
      {
        '/plugins/device/a/index.ts': binding('a'),
        '/plugins/device/b/index.ts': binding('b'),
        '/plugins/device/c/index.ts': binding('c'),
      },
    );
    const registry = new DefaultPluginRegistry(catalog, createAppContainer());
    await registry.loadCode('device:c');
    // c uses a, a uses b (and an absent plugin, skipped); b's link back to a is not followed.
    expect(order).toEqual(['b', 'a', 'c']);
  });
});
