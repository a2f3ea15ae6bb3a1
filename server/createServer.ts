import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import ajvErrors from 'ajv-errors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authRoutes } from './auth/authRoutes';
import { CaptchaService } from './auth/CaptchaService';
import { RateLimiter } from './auth/RateLimiter';
import { SessionService } from './auth/SessionService';
import { SmsCodeService } from './auth/SmsCodeService';
import { UserDirectory } from './auth/UserDirectory';
import { LogSmsProvider } from './auth/SmsProvider';
import type { AppRuntimeConfig, ServerConfig } from './config';
import { openDatabase } from './db/openDatabase';
import { migrate } from './db/migrations';
import { seedIfEmpty } from './seed/seed';
import { seedFleet } from './seed/seedFleet';
import { SEEDED_HISTORY_DAYS, seedMaintenanceHistory, seedStatusHistory } from './seed/seedOperationsHistory';
import { currentMenuPerms, syncMenus } from './platform/menus';
import { PlatformService } from './platform/PlatformService';
import { platformRoutes } from './platform/platformRoutes';
import { AppError, type Envelope } from './envelope';
import { loadDeviceCatalog } from './devices/deviceCatalog';
import { loadPlugins } from './pluginManifests';
import { DeviceService } from './devices/DeviceService';
import { FleetSimulator } from './devices/FleetSimulator';
import type { DeviceGateway } from './devices/DeviceGateway';
import { MqttDeviceGateway } from './mqtt/MqttDeviceGateway';
import { deviceRoutes } from './devices/deviceRoutes';
import { AlarmService } from './alarms/AlarmService';
import { emergencyAlarms, loadAlarmTypes } from './alarms/alarmTypes';
import { alarmRoutes } from './alarms/alarmRoutes';
import { devRoutes } from './dev/devRoutes';
import { PushHub } from './push/PushHub';
import { pushSockets } from './push/pushSockets';
import { PushTickets } from './push/PushTickets';
import { PUSH_CHANNEL } from './push/PushHub';
import { IntercomService } from './intercom/IntercomService';
import { intercomRoutes } from './intercom/intercomRoutes';
import { ProductSockets } from './intercom/ProductSockets';
import { productSocketRoutes } from './intercom/productSocketRoutes';
import { VoiceService } from './voice/VoiceService';
import { voiceRoutes } from './voice/voiceRoutes';
import { ClusterLeader, type LeaderJob } from './cluster/ClusterLeader';
import { PgListener } from './cluster/PgListener';
import { DEVICES_CHANGED } from './db/DeviceDataVersion';
import { securityHeaders } from './http/securityHeaders';
import { bearerToken, sessionGuard, type ServerContext } from './ServerContext';
import { formatSchemaErrors, normalizeInput } from './validation';
import { DeviceGrants } from './access/DeviceGrants';
import { enforceRouteAccess, type DeclaredRoute } from './access/enforceRouteAccess';
import { seedBusiness } from './seed/seedBusiness';
import { StatsService } from './stats/StatsService';
import { statsRoutes } from './stats/statsRoutes';
import { BusinessService } from './business/BusinessService';
import { BusinessSimulator } from './business/BusinessSimulator';
import { businessRoutes } from './business/businessRoutes';
import { WeatherService, WeatherSimulator } from './weather/WeatherService';
import { weatherRoutes } from './weather/weatherRoutes';
import { StreamService } from './stream/StreamService';
import { streamPushRoutes, streamRoutes } from './stream/streamRoutes';
import { loadPanelCatalog } from './panels/panelCatalog';
import { PanelLayoutService } from './panels/PanelLayoutService';
import { panelRoutes } from './panels/panelRoutes';
import { VideoRoomService } from './videoRooms/VideoRoomService';
import { videoRoomRoutes } from './videoRooms/videoRoomRoutes';
import { seedTeams } from './seed/seedTeams';
import { OrderCounters } from './workOrders/OrderCounters';
import { WorkOrderService } from './workOrders/WorkOrderService';
import { workOrderRoutes } from './workOrders/workOrderRoutes';
import { EmergencyService } from './emergency/EmergencyService';
import { emergencyResourceKinds } from './emergency/emergencyResourceKinds';
import { emergencyRoutes } from './emergency/emergencyRoutes';
import { FieldWorkSimulator } from './emergency/FieldWorkSimulator';
import { seedEmergencyResources } from './emergency/seedEmergencyResources';
import { SensorReadingService } from './sensors/SensorReadingService';
import { sensorRoutes } from './sensors/sensorRoutes';
import { SEEDED_READINGS_HOURS, seedSensorHistory } from './sensors/seedSensorHistory';
import { AvailabilityService } from './operations/AvailabilityService';
import { FaultService } from './operations/FaultService';
import { IntervalJob } from './cluster/IntervalJob';
import { MaintenanceService } from './operations/MaintenanceService';
import { operationRoutes } from './operations/operationRoutes';
import { pruneStatusHistory, recordBaselines, STATUS_HISTORY_MS } from './operations/StatusRecorder';
import { VideoDiagnosisService } from './operations/VideoDiagnosisService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared services; later features (push channel) subscribe to `sessions.onDidRevoke`. */
    ctx: ServerContext;
    /** Every API route with its declared access and inputs, as registered (tests walk it; server/ROUTES.md lists it). */
    routeTable: DeclaredRoute[];
    simulator: FleetSimulator;
    /** The MQTT device gateway when MQTT_URL names a broker; else undefined (devices are simulated in-process). */
    mqttGateway: MqttDeviceGateway | undefined;
    alarms: AlarmService;
    pushHub: PushHub;
    /** Whether this instance runs the cluster's background jobs (always, on SQLite). */
    leader: ClusterLeader;
    /** On PostgreSQL: the LISTEN connection that hands other instances' pushes to this one's sockets. */
    pushListener: PgListener | undefined;
    /** The tenants' current weather (read by GET /weather/current and GET /getInfo, moved on by the weather simulator). */
    weather: WeatherService;
    /** Live camera video: the stream endpoint and the simulated cameras' ffmpeg sources. */
    streams: StreamService;
    /** Visitors, tickets, parking and merchants' sales of the seeded scenic areas (a leader job; tests run it by hand). */
    businessSimulator: BusinessSimulator;
    /** Video rooms of each tenant on Janus (server/videoRooms/); the intercom creates its audio rooms through it. */
    videoRooms: VideoRoomService;
    /** Work orders (server/workOrders/); tests run its escalation (a leader job) by hand. */
    workOrders: WorkOrderService;
    /** Emergency dispatch (server/emergency/): events, tasks, resources. */
    emergency: EmergencyService;
    /** Water levels and hydrant pressures over time (server/sensors/). */
    sensors: SensorReadingService;
    /** Field teams accepting and reporting on tasks and work orders (a leader job when FIELD_WORK is on; tests call step()). */
    fieldWork: FieldWorkSimulator;
    /** Device operation and video diagnosis (server/operations/); tests run their leader jobs by hand. */
    operations: {
      faults: FaultService;
      maintenance: MaintenanceService;
      video: VideoDiagnosisService;
      availability: AvailabilityService;
      offlineFaultMs: number;
    };
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/** How often the leader escalates overdue work orders. */
export const WORK_ORDER_ESCALATE_MS = 60_000;

/**
 * Request ids: 6 random bytes as 12 hex digits, cut from a block of random bytes drawn a few hundred ids
 * at a time (a call to the random source per request cost more than the id is worth).
 */
function requestIds(): () => string {
  const ID_BYTES = 6;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + ID_BYTES > block.length) {
      block = randomBytes(ID_BYTES * 512);
      offset = 0;
    }
    offset += ID_BYTES;
    return block.toString('hex', offset - ID_BYTES, offset);
  };
}

/** Maps any error to the envelope; only AppError and input errors reach the client with their text. */
function toEnvelope(error: FastifyError | AppError | Error, requestId: string): Envelope {
  if (error instanceof AppError) return { code: error.code, msg: error.message };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return { code: 400, msg: error.message };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { code: 413, msg: '请求体过大' };
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { code: 415, msg: '不支持的请求体类型' };
  if (fastifyError.code?.startsWith('FST_ERR_CTP_') || fastifyError.statusCode === 400) return { code: 400, msg: '请求体格式不正确' };
  // The request id ties the operator's report to the logged error; the error itself stays in the log.
  return { code: 500, msg: `服务器内部错误（请求编号 ${requestId}）` };
}

export async function createServer(config: ServerConfig): Promise<FastifyInstance> {
  const now = config.clock ?? Date.now;
  const apiPrefix = config.apiPrefix ?? '/api';
  const app = Fastify({
    logger: config.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    ...(config.trustProxy?.length ? { trustProxy: config.trustProxy } : {}),
    // No type coercion: text inputs are converted strictly by normalizeInput, JSON keeps its types.
    ajv: {
      customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true },
      plugins: [ajvErrors as never],
    },
    // Ids are ours (never taken from a client header) and short enough to read out on the phone.
    genReqId: requestIds(),
    requestIdHeader: false,
    schemaErrorFormatter: formatSchemaErrors,
  });

  // The same plugins as the web app: DISABLED_PLUGINS switches a kind off on both sides. Read before
  // the database is opened, so a bad manifest stops the server without leaving it open.
  const { plugins, switchedOff } = loadPlugins(config.pluginsDir ?? 'plugins', {
    disabledPlugins: config.appConfig?.disabledPlugins ?? [],
  });
  for (const message of switchedOff) app.log.warn(message);
  const catalog = loadDeviceCatalog(plugins);
  // The kinds the emergency resources and the sensor readings read (hydrants, water levels, cameras).
  const resourceKinds = emergencyResourceKinds(catalog);
  // PostgreSQL when DATABASE_URL names one, else the embedded SQLite file.
  const { db, dialect, deviceVersion, close } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.dbFile ?? join(config.dataDir, 'dashboard.sqlite'),
    onIdleError: (error) => app.log.error({ err: error }, '数据库连接中断'),
    // Committed device changes are told to the other instances on the push channel (their list pages are cached).
    notifyChannel: PUSH_CHANNEL,
  });
  // Demo histories a new database is seeded with (test servers start without them unless a test asks).
  const historyDays = config.seedHistoryDays ?? SEEDED_HISTORY_DAYS;
  let freshDatabase: boolean;
  try {
    await migrate(db);
    freshDatabase = await seedIfEmpty(db, catalog, now());
    if (freshDatabase) {
      const devices = await seedFleet(db, catalog, { scale: config.simulator?.fleetScale ?? 1, now: now() });
      app.log.info(`数据库已初始化并写入演示数据（${devices} 台设备）`);
      // The fleet's past days (status changes, command results), so 设备运维 has curves on day one.
      if (historyDays > 0) {
        const history = await seedStatusHistory(db, catalog, now(), historyDays);
        app.log.info(`已写入设备近 ${historyDays} 天的在线状态变化 ${history.changes} 条、命令结果 ${history.commands} 条`);
      }
      // Statistics for the devices just written: until autovacuum gathers them (a minute or more later)
      // PostgreSQL plans blind, counting a device page's total over all the tenant's devices instead of
      // through the kind's index. The other seeded tables are small and looked up by key.
      if (dialect === 'postgres') await sql`analyze devices`.execute(db);
    } else {
      const added = await syncMenus(db, catalog);
      if (added) app.log.info(`已为新插件补充 ${added} 个菜单`);
    }
    // Gates, car parks, merchants and weather: for a new database and for one made before migration 008.
    const business = await seedBusiness(db, now());
    if (business.tenants) app.log.info(`已为 ${business.tenants} 个租户写入景区业务基础数据（闸机、停车场、商户）`);
    // Teams work orders are dispatched to: for a new database and for one made before migration 011.
    const teams = await seedTeams(db);
    if (teams) app.log.info(`已为 ${teams} 个租户写入处置班组`);
    // Shelters and evacuation routes: for a new database and for one made before migration 012.
    const shelters = await seedEmergencyResources(db);
    if (shelters) app.log.info(`已为 ${shelters} 个租户写入避难场所与疏散路线`);
    // A day of seeded water levels and pressures for tenants without readings (a new database, one from before migration 015).
    const readings = historyDays > 0 ? await seedSensorHistory(db, resourceKinds, now()) : 0;
    if (readings) app.log.info(`已写入水位与消火栓水压近 ${SEEDED_READINGS_HOURS} 小时的演示读数 ${readings} 条`);
    // Availability counts from each device's first recorded state: a new fleet's (or one from before migration 013) is recorded now.
    const baselines = await recordBaselines(db, now());
    if (baselines) app.log.info(`已记录 ${baselines} 台设备的初始在线状态（设备可用率自此开始统计）`);
  } catch (error) {
    // A server that does not start leaves no connection open behind it.
    await close();
    throw error;
  }
  const menuPerms = currentMenuPerms(catalog);
  const grants = new DeviceGrants(catalog, menuPerms);
  // On PostgreSQL several instances may share the database: pushes fan out through LISTEN/NOTIFY.
  const sharedDatabaseUrl = dialect === 'postgres' ? config.databaseUrl : undefined;
  const pushHub = new PushHub(db, now, { shared: sharedDatabaseUrl !== undefined, log: app.log });
  // Logout, repeat login and intercom calls; across instances through the push channel's NOTIFY.
  const productSockets = new ProductSockets(db, { shared: sharedDatabaseUrl !== undefined, log: app.log });
  const pushListener = sharedDatabaseUrl
    ? new PgListener({
        url: sharedDatabaseUrl,
        channel: PUSH_CHANNEL,
        log: app.log,
        ...(config.cluster?.listenerRetryMs ? { retryMs: config.cluster.listenerRetryMs } : {}),
        onNotification: (payload) => {
          if (payload === DEVICES_CHANGED) return deviceVersion.bump();
          pushHub.noticeCommitted(payload);
          productSockets.notice(payload);
        },
        onListening: () => {
          // Changes committed while nobody listened went unheard: no page read before counts.
          deviceVersion.bump();
          return pushHub.catchUp();
        },
      })
    : undefined;
  // Device list pages are cached only while other instances' changes are heard.
  if (pushListener) deviceVersion.trusted = () => pushListener.listening;
  const alarmTypes = loadAlarmTypes(plugins);
  for (const kind of catalog.kinds) {
    for (const alarm of kind.simulatedAlarms ?? [])
      if (!alarmTypes.has(alarm.code)) app.log.warn(`${kind.pluginId} 的模拟告警 ${alarm.code} 没有对应的告警插件，模拟器不会产生该告警`);
  }
  const alarms = new AlarmService(db, alarmTypes, pushHub, now, catalog.responderKinds);
  const simulator = new FleetSimulator(
    db,
    catalog,
    {
      tickMs: config.simulator?.tickMs ?? 0,
      commandDelayMs: config.simulator?.commandDelayMs ?? [0, 0],
      alarmsPerMinute: config.simulator?.alarmsPerMinute ?? 0,
    },
    now,
    alarms,
    pushHub,
  );
  // Devices over the MQTT broker when one is configured (its background reports come from the devices),
  // else the in-process simulator. The simulator object stays for the dev endpoints either way.
  const mqttGateway = config.mqtt
    ? new MqttDeviceGateway({ db, catalog, alarms, status: pushHub, now, log: app.log, dataDir: config.dataDir }, config.mqtt)
    : undefined;
  const gateway: DeviceGateway = mqttGateway ?? simulator;
  // Business rows and weather are simulated too, whatever the devices speak: on the simulator's tick
  // (SIM_TICK_MS; SIMULATOR=0 turns them off), the weather every 20 ticks.
  const tickMs = config.simulator?.tickMs ?? 0;
  const weather = new WeatherService(db, now, pushHub);
  const weatherSimulator = new WeatherSimulator(weather, tickMs > 0 ? tickMs * 20 : 0, Date.now(), (error) =>
    app.log.error({ err: error }, '天气模拟失败'),
  );
  const businessSimulator = new BusinessSimulator(db, now, { tickMs }, (error) => app.log.error({ err: error }, '景区业务模拟失败'));

  const smsProvider = config.smsProvider ?? new LogSmsProvider(app.log, config.smsDevEndpoint === true);
  const sessions = new SessionService(db, now, { singleSession: config.singleSession === true });
  const ctx: ServerContext = {
    db,
    now,
    sessions,
    smsProvider,
    sms: new SmsCodeService(db, smsProvider, now),
    captcha: new CaptchaService(db, now),
    limits: new RateLimiter(db, now),
    users: new UserDirectory(db),
    bearerToken,
    requireSession: sessionGuard(sessions),
  };
  app.decorate('ctx', ctx);
  app.decorate('simulator', simulator);
  app.decorate('mqttGateway', mqttGateway);
  app.decorate('alarms', alarms);
  app.decorate('pushHub', pushHub);
  app.decorate('weather', weather);
  app.decorate('businessSimulator', businessSimulator);
  const orderCounters = new OrderCounters(db);
  const workOrders = new WorkOrderService(db, orderCounters, alarms, config.dataDir, now, {
    push: pushHub,
    onPushError: (error) => app.log.error({ err: error }, '工单变更推送失败'),
  });
  app.decorate('workOrders', workOrders);
  const emergency = new EmergencyService(db, alarms, resourceKinds, now, {
    openingAlarms: emergencyAlarms(alarmTypes).opening,
    push: pushHub,
    onPushError: (error) => app.log.error({ err: error }, '应急调度推送失败'),
  });
  app.decorate('emergency', emergency);
  const sensors = new SensorReadingService(db, resourceKinds, now);
  app.decorate('sensors', sensors);
  // An alarm of an emergency type opens or joins an event after it committed; a failure there is logged, the alarm stands.
  alarms.onRaised(
    (alarm, tenantId) => emergency.alarmRaised(alarm, tenantId).then(() => undefined),
    (error) => app.log.error({ err: error }, '告警启动应急事件失败'),
  );
  const fieldWork = new FieldWorkSimulator(emergency, workOrders, now, {
    delayMs: config.fieldWork?.delayMs ?? 0,
    tenantIds: async () => (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id),
    onError: (error) => app.log.error({ err: error }, '现场处置模拟失败'),
  });
  app.decorate('fieldWork', fieldWork);
  const escalator = new IntervalJob(
    '工单超时升级',
    WORK_ORDER_ESCALATE_MS,
    () => workOrders.escalateOverdue(),
    (error) => app.log.error({ err: error }, '工单超时升级失败'),
  );
  const operationsConfig = config.operations ?? {
    faultCheckMs: 0,
    offlineFaultMs: 10 * 60_000,
    videoDiagnosisMs: 0,
    videoDiagnosisRetentionMs: 7 * 86_400_000,
  };
  const faults = new FaultService(db, catalog, workOrders, pushHub, now);
  const maintenance = new MaintenanceService(db, catalog, faults, workOrders, now);
  const availability = new AvailabilityService(db, catalog, now);
  // A new database's maintenance plans and their past inspections, made through the services above.
  if (freshDatabase && historyDays > 0)
    await seedMaintenanceHistory(db, catalog, workOrders, now()).catch(async (error: unknown) => {
      await close();
      throw error;
    });
  // Cameras are checked against the stream endpoint (app.streams, decorated below) and, when simulated in-process, the simulator's picture analysis.
  const video = new VideoDiagnosisService(
    db,
    catalog,
    {
      streamAvailable: () => app.streams.available,
      ...(mqttGateway ? {} : { simulatedPicture: (deviceId: number) => simulator.diagnosePicture(deviceId) }),
    },
    pushHub,
    { intervalMs: operationsConfig.videoDiagnosisMs, retentionMs: operationsConfig.videoDiagnosisRetentionMs },
    now,
  );
  app.decorate('operations', { faults, maintenance, video, availability, offlineFaultMs: operationsConfig.offlineFaultMs });
  // Background jobs run once per cluster, on the instance holding the leader lock (on SQLite: this one).
  // The MQTT gateway is not one: every instance sends commands and shares the broker's subscriptions;
  // only draining the sessions of instances that went away is the leader's.
  const jobs: LeaderJob[] = [
    ...(mqttGateway
      ? [{ name: 'MQTT 遗留会话接管', start: () => mqttGateway.startSweeping(), stop: () => mqttGateway.stopSweeping() }]
      : [{ name: '设备模拟器', start: () => simulator.start(), stop: () => simulator.stop() }]),
    { name: '景区业务模拟', start: () => businessSimulator.start(), stop: () => businessSimulator.stop() },
    { name: '天气模拟', start: () => weatherSimulator.start(), stop: () => weatherSimulator.stop() },
    escalator,
    { name: '现场处置模拟', start: () => fieldWork.start(), stop: () => fieldWork.stop() },
    new IntervalJob(
      '设备故障检查与巡检生成',
      operationsConfig.faultCheckMs,
      async () => {
        await faults.sweep(operationsConfig.offlineFaultMs);
        await maintenance.createDue();
        await pruneStatusHistory(db, now() - STATUS_HISTORY_MS);
      },
      (error) => app.log.error({ err: error }, '设备故障检查失败'),
    ),
    new IntervalJob(
      '视频诊断',
      operationsConfig.videoDiagnosisMs,
      () => video.run(),
      (error) => app.log.error({ err: error }, '视频诊断失败'),
    ),
    new IntervalJob(
      '传感器读数采样',
      config.sensors?.sampleMs ?? 0,
      async () => {
        await sensors.sample();
        await sensors.prune(config.sensors?.retentionMs ?? 30 * 86_400_000);
      },
      (error) => app.log.error({ err: error }, '传感器读数采样失败'),
    ),
  ];
  const leader = new ClusterLeader({
    url: sharedDatabaseUrl,
    jobs,
    log: app.log,
    ...(config.cluster?.leaderRetryMs ? { retryMs: config.cluster.leaderRetryMs } : {}),
  });
  app.decorate('leader', leader);
  app.decorate('pushListener', pushListener);
  // Watched cameras are recorded under DATA_DIR/recordings unless the configuration says otherwise.
  const streamOptions = {
    ...config.stream,
    record: config.stream?.record === null ? null : { root: join(config.dataDir, 'recordings'), ...config.stream?.record },
  };
  const streams = new StreamService(streamOptions, { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) });
  app.decorate('streams', streams);
  const videoRooms = new VideoRoomService(db, now, config.janus);
  app.decorate('videoRooms', videoRooms);
  app.addHook('onReady', async () => {
    // Listening before the first socket can open, so no commit of another instance goes unheard.
    await pushListener?.start();
    await mqttGateway?.start();
    await leader.start();
  });
  app.addHook('onClose', async () => {
    await leader.stop();
    simulator.stop();
    await businessSimulator.stop();
    await weatherSimulator.stop();
    await mqttGateway?.stop();
    await pushListener?.stop();
    pushHub.close();
    await streams.close();
    await close();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const envelope = toEnvelope(error, request.id);
    if (envelope.code === 500) request.log.error({ err: error, reqId: request.id, route: request.routeOptions.url }, '请求处理失败');
    return reply.status(200).send(envelope);
  });

  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const appConfig: AppRuntimeConfig = {
    apiBaseUrl: apiPrefix,
    pushUrl: null,
    showErrorMessages: true,
    authCode: 'ops-dashboard-web',
    disabledPlugins: [],
    mapImageryUrl: null,
    ...config.appConfig,
  };
  const janusPublicUrl = config.janus?.off ? undefined : (config.janus?.publicUrl ?? config.janus?.url);
  await app.register(securityHeaders, {
    frameAncestors: config.frameAncestors ?? ["'none'"],
    appConfig,
    ...(janusPublicUrl ? { janusPublicUrl } : {}),
  });
  app.get('/app-config.json', async () => appConfig);

  await app.register(
    async (api) => {
      // Session and permission are checked before the input: without them, 401 or 403 whatever was sent.
      app.decorate('routeTable', enforceRouteAccess(api, { db, grants, requireSession: ctx.requireSession }));
      api.addHook('preValidation', normalizeInput);
      await authRoutes(api, ctx);
      await platformRoutes(api, ctx, new PlatformService(db, menuPerms), (tenantId) => weather.current(tenantId));
      const deviceService = new DeviceService(db, catalog, gateway, now, {
        version: deviceVersion,
        ...(config.deviceListCacheMs !== undefined ? { cacheMs: config.deviceListCacheMs } : {}),
      });
      await deviceRoutes(api, ctx, deviceService, orderCounters);
      await streamRoutes(api, deviceService, streams);
      await streamPushRoutes(api, streams, ctx.users);
      await alarmRoutes(api, ctx, alarms);
      await statsRoutes(api, new StatsService(db, catalog, alarmTypes, now));
      await businessRoutes(api, new BusinessService(db, now));
      await weatherRoutes(api, weather);
      await panelRoutes(api, new PanelLayoutService(db, loadPanelCatalog(plugins), now));
      await videoRoomRoutes(api, videoRooms);
      await pushSockets(api, ctx, pushHub, new PushTickets(db, now), config.allowedOrigins);
      const intercom = new IntercomService(db, ctx.users, videoRooms, productSockets, now, app.log);
      await productSocketRoutes(api, ctx, productSockets, new PushTickets(db, now), config.allowedOrigins, async (tenantId, userId) =>
        (await intercom.ringing(tenantId, userId)).map((data) => ({ response: 'tempcall', result: 2, data }) as const),
      );
      await intercomRoutes(api, intercom);
      await voiceRoutes(api, new VoiceService(db, config.dataDir, now, config.speechToTextUrl));
      await workOrderRoutes(api, workOrders);
      await emergencyRoutes(api, emergency);
      await sensorRoutes(api, sensors);
      await operationRoutes(api, { availability, faults, maintenance, video });
      if (config.smsDevEndpoint) await devRoutes(api, ctx, alarms, simulator);
    },
    { prefix: apiPrefix },
  );

  const staticRoot = config.staticDir ? resolve(config.staticDir) : undefined;
  const serveApp = staticRoot !== undefined && existsSync(join(staticRoot, 'index.html'));
  if (serveApp) await app.register(fastifyStatic, { root: staticRoot, wildcard: true, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === apiPrefix || request.url.startsWith(`${apiPrefix}/`);
    // SPA fallback: any other GET that is not a file serves the app, whose router decides.
    if (!isApi && serveApp && request.method === 'GET' && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? ''))
      return reply.type('text/html').sendFile('index.html');
    return reply.status(200).send({ code: 404, msg: '请求地址不存在' });
  });

  return app;
}
