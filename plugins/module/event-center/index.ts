import { Api, definePlugin, MapLayer, pluginModule, type ApiCaller } from '@ops/sdk';
import { AlarmApi, createAlarmApi } from './alarmApi';
import { alarmCircleLayer } from './alarmCircleLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(AlarmApi).toResolvedValue((api: ApiCaller) => createAlarmApi(api), [Api]);
    bind(MapLayer).toConstantValue(alarmCircleLayer);
  }),
  components: { page: () => import('./EventCenterPage') },
});
