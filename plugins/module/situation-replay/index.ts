import { Api, deviceKindsOf, definePlugin, MapLayer, MapOverlay, pluginModule, PluginRegistry, type ApiCaller } from '@ops/sdk';
import { routes } from '@ops/contracts';
import { lazy } from 'react';
import { cameraConeLayer } from './cameraConeLayer';
import { coneDefaultsOf } from './coneDefaults';

// Starts with the globe (activation onGlobe): the replay's button and bar over every map page, and the cameras' cones.
export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(MapOverlay).toConstantValue({ id: 'situation-replay', component: lazy(() => import('./SituationReplay')) });
    bind(MapLayer).toResolvedValue(
      (registry: PluginRegistry, api: ApiCaller) => {
        const cameraKinds = new Set(
          deviceKindsOf(registry)
            .filter((kind) => kind.liveVideo)
            .map((kind) => kind.page),
        );
        return cameraConeLayer({
          isCamera: (kind) => cameraKinds.has(kind),
          stateOf: async (deviceId) => (await api.call(routes.devices.info, { query: { deviceId } }, { loading: false })).data?.state,
          devices: async () => (await api.call(routes.devices.positions, {}, { loading: false })).data ?? [],
          defaults: coneDefaultsOf(registry),
        });
      },
      [PluginRegistry, Api],
    );
  }),
});
