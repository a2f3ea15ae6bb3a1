import { describe, expect, it } from 'vitest';
import { defaultRuntimeConfig, RuntimeConfig } from '../config/RuntimeConfig';
import { ServiceMap } from '../di/ServiceLocator';
import { DeviceApi } from '../devices/deviceApi';
import { DeviceHttpClient } from '../devices/deviceHttpClient';
import { HttpClient } from '../http/HttpClient';
import { MapEffects } from '../map/MapEffects';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus } from '../push/EventBus';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { activatePlugins, createShellContainer, startShell } from './shellContainer';
import { vi } from 'vitest';

describe('the shell container', () => {
  it('holds the login route services and the shell services, and honours switched-off plugins', () => {
    const offline = () => Promise.reject(new Error('offline'));
    const http: HttpClient = { get: offline, post: offline, put: offline, delete: offline };
    const seed = new ServiceMap()
      .set(HttpClient, http)
      .set(RuntimeConfig, { ...defaultRuntimeConfig, disabledPlugins: ['map-effect:fire-smoke'] });
    const container = createShellContainer(seed);
    expect(container.get<HttpClient>(HttpClient)).toBe(http);
    for (const token of [EventBus, MapEffects, DeviceApi]) expect(container.isBound(token)).toBe(true);
    const registry = container.get<PluginRegistry>(PluginRegistry);
    expect(registry.get('map-effect:view-cone')).toBeDefined();
    expect(registry.get('map-effect:fire-smoke')).toBeUndefined();
    // One instance each for the session.
    expect(container.get<EventBus>(EventBus)).toBe(container.get<EventBus>(EventBus));
  });

  it('sends the device calls through the device-side client (spec section 8), the rest through the main one', async () => {
    const offline = () => Promise.reject(new Error('offline'));
    const http: HttpClient = { get: vi.fn(offline), post: offline, put: offline, delete: offline };
    const deviceCalls: string[] = [];
    const deviceHttp: HttpClient = {
      get: async (path) => {
        deviceCalls.push(path);
        return { code: 200 };
      },
      post: offline,
      put: offline,
      delete: offline,
    };
    const container = createShellContainer(
      new ServiceMap().set(HttpClient, http).set(DeviceHttpClient, deviceHttp).set(RuntimeConfig, defaultRuntimeConfig),
    );
    expect(await container.get<DeviceApi>(DeviceApi).summary()).toEqual([]);
    expect(deviceCalls).toEqual(['/devi/aep/summary']);
    expect(http.get).not.toHaveBeenCalled();
  });

  it('is built once per page load, not per sign-in', () => {
    const seed = new ServiceMap().set(RuntimeConfig, defaultRuntimeConfig);
    expect(startShell(seed)).toBe(startShell(seed));
  });

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
