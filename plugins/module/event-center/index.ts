import { definePlugin, HttpClient, pluginModule } from '@ops/sdk';
import { AlarmApi, createAlarmApi } from './alarmApi';

export default definePlugin({
  containerModule: pluginModule(({ bind }) => {
    bind(AlarmApi).toResolvedValue((http: HttpClient) => createAlarmApi(http), [HttpClient]);
  }),
  components: { page: () => import('./EventCenterPage') },
});
