import { definePlugin, HttpClient, MapLayer, pluginModule } from '@ops/sdk';
import { AlarmApi, createAlarmApi } from './alarmApi';
import { alarmCircleLayer } from './alarmCircleLayer';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(AlarmApi).toResolvedValue((http: HttpClient) => createAlarmApi(http), [HttpClient]);
    bind(MapLayer).toConstantValue(alarmCircleLayer);
  }),
  components: { page: () => import('./EventCenterPage') },
});
