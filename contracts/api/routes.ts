/** Every API route the web app and the server share, by feature (see contracts/api/defineRoute.ts). */
import { alarmRoutes } from './alarmRoutes';
import { authRoutes } from './authRoutes';
import { businessRoutes } from './businessRoutes';
import { panelRoutes } from './panelRoutes';
import { platformRoutes } from './platformRoutes';
import { sensorRoutes } from './sensorRoutes';
import { statsRoutes } from './statsRoutes';
import { weatherRoutes } from './weatherRoutes';
import { workOrderRoutes } from './workOrderRoutes';

export const routes = {
  alarms: alarmRoutes,
  auth: authRoutes,
  business: businessRoutes,
  panels: panelRoutes,
  platform: platformRoutes,
  sensors: sensorRoutes,
  stats: statsRoutes,
  weather: weatherRoutes,
  workOrders: workOrderRoutes,
};
