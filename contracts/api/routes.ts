/** Every API route the web app and the server share, by feature (see contracts/api/defineRoute.ts). */
import { alarmRoutes } from './alarmRoutes';
import { analysisRoutes } from './analysisRoutes';
import { authRoutes } from './authRoutes';
import { businessRoutes } from './businessRoutes';
import { caseRoutes } from './caseRoutes';
import { deviceRoutes } from './deviceRoutes';
import { devRoutes } from './devRoutes';
import { emergencyRoutes } from './emergencyRoutes';
import { intercomRoutes, productSocketRoutes } from './intercomRoutes';
import { operationRoutes } from './operationRoutes';
import { overviewRoutes } from './overviewRoutes';
import { panelRoutes } from './panelRoutes';
import { perceptionRoutes } from './perceptionRoutes';
import { platformRoutes } from './platformRoutes';
import { pushRoutes } from './pushRoutes';
import { recognitionRoutes } from './recognitionRoutes';
import { sensorRoutes } from './sensorRoutes';
import { situationDevRoutes, situationRoutes } from './situationRoutes';
import { statsRoutes } from './statsRoutes';
import { streamRoutes } from './streamRoutes';
import { touristRoutes } from './touristRoutes';
import { videoRoomRoutes } from './videoRoomRoutes';
import { voiceRoutes } from './voiceRoutes';
import { watchlistDevRoutes, watchlistRoutes } from './watchlistRoutes';
import { lowAltitudeDevRoutes, lowAltitudeRoutes } from './lowAltitudeRoutes';
import { patrolDevRoutes, patrolRoutes } from './patrolRoutes';
import { fieldRoutes } from './fieldRoutes';
import { healthRoutes } from './healthRoutes';
import { weatherRoutes } from './weatherRoutes';
import { workOrderRoutes } from './workOrderRoutes';

export const routes = {
  alarms: alarmRoutes,
  analysis: analysisRoutes,
  auth: authRoutes,
  business: businessRoutes,
  devices: deviceRoutes,
  panels: panelRoutes,
  platform: platformRoutes,
  sensors: sensorRoutes,
  stats: statsRoutes,
  overview: overviewRoutes,
  weather: weatherRoutes,
  workOrders: workOrderRoutes,
  emergency: emergencyRoutes,
  operations: operationRoutes,
  stream: streamRoutes,
  videoRooms: videoRoomRoutes,
  intercom: intercomRoutes,
  productSocket: productSocketRoutes,
  voice: voiceRoutes,
  push: pushRoutes,
  recognition: recognitionRoutes,
  watchlists: watchlistRoutes,
  watchlistDev: watchlistDevRoutes,
  situation: situationRoutes,
  situationDev: situationDevRoutes,
  lowAltitude: lowAltitudeRoutes,
  lowAltitudeDev: lowAltitudeDevRoutes,
  patrols: patrolRoutes,
  patrolDev: patrolDevRoutes,
  cases: caseRoutes,
  field: fieldRoutes,
  tourists: touristRoutes,
  perception: perceptionRoutes,
  dev: devRoutes,
  health: healthRoutes,
};
