import type { FastifyInstance } from 'fastify';
import type { LoadedManifest } from '../contracts/manifests/validateManifests';
import type { AlarmService } from './alarms/AlarmService';
import { emergencyAlarms } from './alarms/alarmTypes';
import { registerAlarms } from './alarms/registerAlarms';
import { registerAnalysis } from './analysis/registerAnalysis';
import { registerAuth } from './auth/registerAuth';
import { CaseSituationSource } from './cases/CaseSituationSource';
import { registerCases } from './cases/registerCases';
import { registerBusiness } from './business/registerBusiness';
import type { BusinessSimulator } from './business/BusinessSimulator';
import type { DeviceDataVersion } from './db/DeviceDataVersion';
import { devRoutes } from './dev/devRoutes';
import { registerDevices, type DevicesFeature } from './devices/registerDevices';
import type { Emergency } from './emergency/Emergency';
import type { EmergencyResourceKinds } from './emergency/emergencyResourceKinds';
import type { FieldWorkSimulator } from './emergency/FieldWorkSimulator';
import { registerEmergency } from './emergency/registerEmergency';
import type { ProductSockets } from './intercom/ProductSockets';
import { MqttDeviceGateway } from './mqtt/MqttDeviceGateway';
import { registerIntercom } from './intercom/registerIntercom';
import { registerOperations, type OperationsFeature } from './operations/registerOperations';
import { registerPanels } from './panels/registerPanels';
import { registerPatrols, type PatrolsFeature } from './patrols/registerPatrols';
import { registerPlatform } from './platform/registerPlatform';
import { registerPush } from './push/registerPush';
import type { RecognitionService } from './recognition/RecognitionService';
import type { RecognitionSimulator } from './recognition/RecognitionSimulator';
import { registerRecognition } from './recognition/registerRecognition';
import type { SensorReadingService } from './sensors/SensorReadingService';
import { registerSensors } from './sensors/registerSensors';
import { registerSituation } from './situation/registerSituation';
import type { SituationService } from './situation/SituationService';
import type { FeatureLifecycle, ServerDeps } from './ServerDeps';
import { registerStats } from './stats/registerStats';
import { registerStreams } from './stream/registerStreams';
import type { StreamService } from './stream/StreamService';
import type { VideoRoomService } from './videoRooms/VideoRoomService';
import { registerVideoRooms } from './videoRooms/registerVideoRooms';
import { registerVoice } from './voice/registerVoice';
import { registerLowAltitude } from './lowAltitude/registerLowAltitude';
import { registerField } from './field/registerField';
import { registerWatchlists } from './watchlists/registerWatchlists';
import type { WatchlistService } from './watchlists/WatchlistService';
import { registerWeather } from './weather/registerWeather';
import type { WeatherService } from './weather/WeatherService';
import { OrderCounters } from './workOrders/OrderCounters';
import { registerWorkOrders } from './workOrders/registerWorkOrders';
import type { WorkOrders } from './workOrders/WorkOrders';

/** The features' handles: what tests, benches and scripts reach besides HTTP. */
export interface FeatureServices {
  simulator: DevicesFeature['simulator'];
  /** The MQTT device gateway when MQTT_URL names a broker; else undefined (devices are simulated in-process). */
  mqttGateway: MqttDeviceGateway | undefined;
  alarms: AlarmService;
  /** The tenants' current weather (read by GET /weather/current and GET /getInfo, moved on by the weather simulator). */
  weather: WeatherService;
  /** Live camera video: the stream endpoint and the simulated cameras' ffmpeg sources. */
  streams: StreamService;
  /** Visitors, tickets, parking and merchants' sales of the seeded scenic areas (a leader job; tests run it by hand). */
  businessSimulator: BusinessSimulator;
  /** Video rooms of each tenant on Janus (server/videoRooms/); the intercom creates its audio rooms through it. */
  videoRooms: VideoRoomService;
  /** Work orders (server/workOrders/); tests run its escalation (a leader job) by hand. */
  workOrders: WorkOrders;
  /** Emergency dispatch (server/emergency/): events, tasks, resources. */
  emergency: Emergency;
  /** Water levels and hydrant pressures over time (server/sensors/). */
  sensors: SensorReadingService;
  /** Field teams accepting and reporting on tasks and work orders (a leader job when FIELD_WORK is on; tests call step()). */
  fieldWork: FieldWorkSimulator;
  /** Device operation and video diagnosis (server/operations/); tests run their leader jobs by hand. */
  operations: OperationsFeature;
  /** The AI cameras' recognition records and snapshots (server/recognition/). */
  recognition: RecognitionService;
  /** Produces the cameras' records on the simulator's tick (a leader job; tests call tick()). */
  recognitionSimulator: RecognitionSimulator;
  /** 人脸布防 and 车辆布防 (server/watchlists/): deployments; hits are matched as records are stored. */
  watchlists: WatchlistService;
  /** 低空管理 (server/lowAltitude/): UAV flights and geofences. */
  lowAltitude: Awaited<ReturnType<typeof registerLowAltitude>>;
  /** 态势回放 (server/situation/): the situation at a past time and the timeline's marks. */
  situation: SituationService;
  /** 巡查与打卡 (server/patrols/): routes, check-ins, the missed-checkpoint job (tests call missed.run()). */
  patrols: PatrolsFeature;
  /** 综合执法's cases (server/cases/); tests run its simulator (a leader job) with caseSimulator.step(). */
  cases: Awaited<ReturnType<typeof registerCases>>;
  /** 班组 (server/field/): members, tracks, calls, and the people simulator (tests call simulator.step). */
  field: Awaited<ReturnType<typeof registerField>>;
}

/** What only the composition root has: the plugins read, the push channel's other half, the database's state. */
export interface FeatureInputs {
  plugins: readonly LoadedManifest[];
  resourceKinds: EmergencyResourceKinds;
  menuPerms: ReadonlySet<string>;
  deviceVersion: DeviceDataVersion;
  productSockets: ProductSockets;
  freshDatabase: boolean;
  /** Days of demo history a new database is given (0: none). */
  historyDays: number;
}

/**
 * Every feature, each through its own `register…(api, deps)`: it builds its services and leader jobs and
 * registers its routes on `api` (the API prefix's scope, where access and input checks run). In
 * dependency order; returns the features' handles and lifecycles (jobs, and what to stop on close).
 */
export async function registerFeatures(
  api: FastifyInstance,
  deps: ServerDeps,
  inputs: FeatureInputs,
): Promise<{ services: FeatureServices; devices: DevicesFeature; lifecycles: FeatureLifecycle[] }> {
  const { config, db, catalog, now } = deps;
  const orderCounters = new OrderCounters(db);
  await registerAuth(api, deps);
  const weather = await registerWeather(api, deps);
  await registerPlatform(api, deps, { menuPerms: inputs.menuPerms, weather: weather.weather });
  const { alarms, alarmTypes } = await registerAlarms(api, deps, inputs.plugins);
  // Devices over the MQTT broker when one is configured (their background reports come from the devices),
  // else the in-process simulator. The simulator object stays for the dev endpoints either way.
  const mqttGateway = config.mqtt
    ? new MqttDeviceGateway({ db, catalog, alarms, status: deps.pushHub, now, log: deps.log, dataDir: config.dataDir }, config.mqtt)
    : undefined;
  const devices = await registerDevices(api, deps, { alarms, deviceVersion: inputs.deviceVersion, orderCounters, remote: mqttGateway });
  const streams = await registerStreams(api, deps, devices.devices);
  await registerStats(api, deps, { alarmTypes, alarms });
  await registerAnalysis(api, deps, { alarmTypes });
  const business = await registerBusiness(api, deps);
  await registerPanels(api, deps, inputs.plugins);
  const { videoRooms } = await registerVideoRooms(api, deps);
  const push = await registerPush(api, deps);
  const intercom = await registerIntercom(api, deps, { productSockets: inputs.productSockets, videoRooms });
  await registerVoice(api, deps);
  const workOrders = await registerWorkOrders(api, deps, { alarms, orderCounters });
  const emergency = await registerEmergency(api, deps, {
    alarms,
    openingAlarms: emergencyAlarms(alarmTypes).opening,
    resourceKinds: inputs.resourceKinds,
    workOrders: workOrders.workOrders,
  });
  const sensors = await registerSensors(api, deps, inputs.resourceKinds);
  const { simulator } = devices;
  const operations = await registerOperations(api, deps, {
    orders: workOrders.workOrders.actions,
    sources: {
      streamAvailable: () => streams.streams.available,
      ...(mqttGateway ? {} : { simulatedPicture: (deviceId: number) => simulator.diagnosePicture(deviceId) }),
    },
  });
  const recognition = await registerRecognition(api, deps);
  const { watchlists } = await registerWatchlists(api, deps, { alarms, alarmTypes, ...recognition });
  const lowAltitude = await registerLowAltitude(api, deps, { alarms });
  // Sources of other features (cases open at T …) join the replay here: registerSituation(…, { sources: [casesSource] }).
  const situation = await registerSituation(api, deps, { alarms, alarmTypes, sources: [new CaseSituationSource(db)] });
  const patrols = await registerPatrols(api, deps, { alarms, historyDays: inputs.historyDays });
  const cases = await registerCases(api, deps, { alarms, orderCounters, workOrders: workOrders.workOrders });
  // The people simulator walks the patrols' routes of the day and checks in on arrival (their seam).
  const field = await registerField(api, deps, {
    devices: devices.devices,
    patrols: {
      waypointsOf: (tenantId, memberId, day) => patrols.checkIns.waypointsOf(tenantId, memberId, day),
      arrived: (tenantId, memberId, checkpointId, at, lng, lat) => patrols.checkIns.arrived(tenantId, memberId, checkpointId, at, lng, lat),
    },
  });
  if (config.smsDevEndpoint) await devRoutes(api, deps.ctx, alarms, simulator);
  return {
    services: {
      simulator,
      mqttGateway,
      alarms,
      weather: weather.weather,
      streams: streams.streams,
      businessSimulator: business.businessSimulator,
      videoRooms,
      workOrders: workOrders.workOrders,
      emergency: emergency.emergency,
      sensors: sensors.sensors,
      fieldWork: emergency.fieldWork,
      operations: operations.operations,
      recognition: recognition.recognition,
      recognitionSimulator: recognition.recognitionSimulator,
      watchlists,
      lowAltitude,
      situation: situation.situation,
      patrols,
      cases,
      field,
    },
    devices,
    // In the order their jobs start (and their parts stop); the streams stop last, as before.
    lifecycles: [
      push,
      intercom,
      devices,
      business,
      weather,
      workOrders,
      emergency,
      operations,
      sensors,
      recognition,
      patrols,
      cases,
      lowAltitude,
      field,
      streams,
    ],
  };
}
