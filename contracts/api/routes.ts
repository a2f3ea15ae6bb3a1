/** Every API route the web app and the server share, by feature (see contracts/api/defineRoute.ts). */
import { devRoutes } from './devRoutes';
import { emergencyRoutes } from './emergencyRoutes';
import { intercomRoutes, productSocketRoutes } from './intercomRoutes';
import { operationRoutes } from './operationRoutes';
import { pushRoutes } from './pushRoutes';
import { streamRoutes } from './streamRoutes';
import { videoRoomRoutes } from './videoRoomRoutes';
import { voiceRoutes } from './voiceRoutes';
import { workOrderRoutes } from './workOrderRoutes';

export const routes = {
  workOrders: workOrderRoutes,
  emergency: emergencyRoutes,
  operations: operationRoutes,
  stream: streamRoutes,
  videoRooms: videoRoomRoutes,
  intercom: intercomRoutes,
  productSocket: productSocketRoutes,
  voice: voiceRoutes,
  push: pushRoutes,
  dev: devRoutes,
};
