import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugins/definePlugin';
import { HttpClient } from '../../../core/http/HttpClient';
import { AlarmApi, createAlarmApi } from './alarmApi';

export default definePlugin({
  containerModule: new ContainerModule(({ bind }) => {
    bind<AlarmApi>(AlarmApi).toResolvedValue((http: HttpClient) => createAlarmApi(http), [HttpClient]);
  }),
  components: { page: () => import('./EventCenterPage') },
});
