import type { Container } from 'inversify';
import { RuntimeConfig } from '../config/RuntimeConfig';
import { createAppContainer } from '../di/createAppContainer';
import type { ServiceMap } from '../di/ServiceLocator';
import { createDeviceApi, DeviceApi } from '../devices/deviceApi';
import { Api, type ApiCaller } from '../http/ApiCaller';
import { DeviceHttpClient } from '../devices/deviceHttpClient';
import { HttpClient } from '../http/HttpClient';
import { ApiFiles, createApiFiles } from '../http/ApiFiles';
import { createSessionFetch } from '../http/sessionFetch';
import { CameraStreams, createCameraStreams, createSdpExchange } from '../media/CameraStreams';
import { createRecordings, Recordings } from '../media/Recordings';
import { createVideoRooms, VideoRooms } from '../media/janus/VideoRooms';
import { createIntercom, createIntercomHost, Intercom } from '../media/voice/Intercom';
import { Notifier } from '../ui/Notifier';
import { tokenStorage } from '../session/tokenStorage';
import { useSessionStore } from '../session/sessionStore';
import { MapEffectHub, MapEffects } from '../map/MapEffects';
import { activatePlugins } from '../plugins/activatePlugins';
import { discoverPlugins } from '../plugins/discoverPlugins';
import { DefaultPluginRegistry, PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus, SimpleEventBus } from '../push/EventBus';
import { dispatchPushHandlers } from '../push/PushHandler';
import { AuthService } from '../session/AuthService';

/**
 * The composition root of the signed-in app: the one inversify container, seeded with the core
 * services the login route already made (its ServiceMap) and the shell's own services; plugin
 * ContainerModules bind into it. `createShellContainer` builds one (tests build their own);
 * `startShell` builds the app's once per page load, when the shell's code first loads, so the login
 * bundle holds neither inversify nor reflect-metadata.
 */
export function createShellContainer(coreServices?: ServiceMap): Container {
  const container = createAppContainer(coreServices);
  const disabledPlugins = container.isBound(RuntimeConfig) ? container.get<RuntimeConfig>(RuntimeConfig).disabledPlugins : [];
  container
    .bind<PluginRegistry>(PluginRegistry)
    .toConstantValue(new DefaultPluginRegistry(discoverPlugins({ disabledPlugins }), container));
  container.bind<EventBus>(EventBus).toConstantValue(new SimpleEventBus());
  container.bind<MapEffects>(MapEffects).toConstantValue(new MapEffectHub());
  // The device calls are core: the globe's device markers and the device plugins use them, through the
  // device-side client (spec section 8: its own timeout, 401/403/404 handling and indicator).
  container.bind<DeviceApi>(DeviceApi).toResolvedValue((http: HttpClient) => createDeviceApi(http), [DeviceHttpClient]);
  // Live camera video and recordings through the stream endpoint the server names (core/media).
  const apiBaseUrl = () => (container.isBound(RuntimeConfig) ? container.get<RuntimeConfig>(RuntimeConfig).apiBaseUrl : '/api');
  const sessionFetch = createSessionFetch({ apiBaseUrl, getToken: () => tokenStorage.get() });
  // Photos and other files sent or fetched as themselves (work-order photos).
  container.bind<ApiFiles>(ApiFiles).toConstantValue(createApiFiles(sessionFetch));
  container.bind<Recordings>(Recordings).toResolvedValue((api: ApiCaller) => createRecordings(api, sessionFetch), [Api]);
  container
    .bind<CameraStreams>(CameraStreams)
    .toResolvedValue((api: ApiCaller) => createCameraStreams(api, createSdpExchange(sessionFetch)), [Api]);
  // Video rooms on Janus, quick intercom groups and voice messages (core/media/janus, core/media/voice).
  container.bind<VideoRooms>(VideoRooms).toResolvedValue((notifier: Notifier) => createVideoRooms(notifier), [Notifier]);
  const intercomBaseUrl = () => (container.isBound(RuntimeConfig) ? container.get<RuntimeConfig>(RuntimeConfig).intercomBaseUrl : null);
  container.bind<Intercom>(Intercom).toResolvedValue(
    (api: ApiCaller) =>
      createIntercom({
        host: createIntercomHost(sessionFetch, intercomBaseUrl),
        api,
        sessionFetch,
        callerId: () => useSessionStore.getState().user?.userId,
      }),
    [Api],
  );
  return container;
}

let started: { coreServices: ServiceMap | undefined; container: Container } | undefined;

/**
 * The app's shell container, built once: push handlers are dispatched from it, `onShell` plugins are
 * activated, and what one operator drew on the map is cleared when they sign out (the next operator
 * of this tab starts with a clean globe; plugin code and the catalogue stay loaded).
 */
export function startShell(coreServices?: ServiceMap): Container {
  if (started && started.coreServices === coreServices) return started.container;
  const container = createShellContainer(coreServices);
  dispatchPushHandlers(container.get<EventBus>(EventBus), container);
  if (container.isBound(AuthService)) {
    const effects = container.get<MapEffects>(MapEffects);
    container.get<AuthService>(AuthService).onWillLogout(() => effects.ids().forEach((id) => effects.remove(id)));
  }
  void activatePlugins(container.get<PluginRegistry>(PluginRegistry), 'onShell');
  started = { coreServices, container };
  return container;
}
