/** Every API route the web app and the server share, by feature (see contracts/api/defineRoute.ts). */
import { workOrderRoutes } from './workOrderRoutes';

export const routes = {
  workOrders: workOrderRoutes,
};
