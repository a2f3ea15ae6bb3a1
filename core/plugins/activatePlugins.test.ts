import { describe, expect, it, vi } from 'vitest';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { activatePlugins } from './activatePlugins';
import type { PluginRegistry } from './PluginRegistry';

describe('activatePlugins', () => {
  it('activates the plugins that ask to start with the shell or the globe, and goes on past one that fails', async () => {
    const manifest = (fullId: string, activation?: string) => ({ fullId, manifest: { activation } }) as unknown as LoadedManifest;
    const loaded: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const registry = {
      list: () => [
        manifest('module:a', 'onShell'),
        manifest('module:broken', 'onShell'),
        manifest('module:b', 'onGlobe'),
        manifest('module:c'),
      ],
      loadCode: async (fullId: string) => {
        if (fullId === 'module:broken') throw new Error('网络错误');
        loaded.push(fullId);
        return undefined;
      },
    } as unknown as PluginRegistry;
    await activatePlugins(registry, 'onShell');
    expect(loaded).toEqual(['module:a']);
    expect(error).toHaveBeenCalledWith('插件 module:broken 启动失败：网络错误');
    await activatePlugins(registry, 'onGlobe');
    expect(loaded).toEqual(['module:a', 'module:b']);
    error.mockRestore();
  });
});
