import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, RuntimeConfig } from '../config/RuntimeConfig';
import { ServiceMap } from '../di/ServiceLocator';
import { DeviceApi } from '../devices/deviceApi';
import { DeviceHttpClient } from '../devices/deviceHttpClient';
import { HttpClient } from '../http/HttpClient';
import { MapEffects } from '../map/MapEffects';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus } from '../push/EventBus';
import { createShellContainer, startShell } from './shellContainer';

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
});
