import type { Container } from 'inversify';
import { RuntimeConfig } from '../config/RuntimeConfig';
import { createAppContainer } from '../di/createAppContainer';
import type { ServiceMap } from '../di/ServiceLocator';
import { createDeviceApi, DeviceApi } from '../devices/deviceApi';
import { HttpClient } from '../http/HttpClient';
import { MapEffectHub, MapEffects } from '../map/MapEffects';
import { discoverPlugins } from '../plugins/discoverPlugins';
import { DefaultPluginRegistry, PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus, SimpleEventBus } from '../push/EventBus';

/**
 * The composition root of the signed-in app: the one inversify container, seeded with the core
 * services the login route already made (its ServiceMap) and the shell's own services; plugin
 * ContainerModules bind into it. Built once per shell session (ProtectedApp keeps it in state), and
 * loaded with the shell so that the login bundle holds neither inversify nor reflect-metadata.
 */
export function createShellContainer(coreServices?: ServiceMap): Container {
  const container = createAppContainer(coreServices);
  const disabledPlugins = container.isBound(RuntimeConfig) ? container.get<RuntimeConfig>(RuntimeConfig).disabledPlugins : [];
  container.bind<PluginRegistry>(PluginRegistry).toConstantValue(new DefaultPluginRegistry(discoverPlugins({ disabledPlugins }), container));
  container.bind<EventBus>(EventBus).toConstantValue(new SimpleEventBus());
  container.bind<MapEffects>(MapEffects).toConstantValue(new MapEffectHub());
  // The device calls are core: the map's device panel uses them as well as the device pages.
  container.bind<DeviceApi>(DeviceApi).toResolvedValue((http: HttpClient) => createDeviceApi(http), [HttpClient]);
  return container;
}
