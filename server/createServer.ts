import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import AjvCompiler from '@fastify/ajv-compiler';
import ajvErrors from 'ajv-errors';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { DeviceGrants } from './access/DeviceGrants';
import { enforceRouteAccess, type DeclaredRoute } from './access/enforceRouteAccess';
import { CaptchaService } from './auth/CaptchaService';
import { RateLimiter } from './auth/RateLimiter';
import { SessionService } from './auth/SessionService';
import { SmsCodeService } from './auth/SmsCodeService';
import { LogSmsProvider } from './auth/SmsProvider';
import { UserDirectory } from './auth/UserDirectory';
import { loadDeviceCatalog } from './catalog/deviceCatalog';
import { ClusterLeader, LEADER_RELEASED } from './cluster/ClusterLeader';
import { PgListener } from './cluster/PgListener';
import type { AppRuntimeConfig, ServerConfig } from './config';
import { DEVICES_CHANGED } from './db/DeviceDataVersion';
import { openDatabase, sqliteFileOf } from './db/openDatabase';
import { emergencyResourceKinds } from './emergency/emergencyResourceKinds';
import type { AppError } from './envelope';
import { drainGate } from './health/drainGate';
import { registerHealth } from './health/registerHealth';
import { ServerHealth } from './health/ServerHealth';
import { requestIds } from './http/requestIds';
import { securityHeaders } from './http/securityHeaders';
import { toEnvelope } from './http/toEnvelope';
import { ProductSockets } from './intercom/ProductSockets';
import { currentMenuPerms } from './platform/menus';
import { MetricsServer } from './metrics/metricsServer';
import { OpsMetrics } from './metrics/OpsMetrics';
import { loadPlugins } from './pluginManifests';
import { PUSH_CHANNEL, PushHub } from './push/PushHub';
import { registerFeatures, type FeatureServices } from './registerFeatures';
import { prepareDatabase } from './seed/prepareDatabase';
import type { ServerContext } from './ServerContext';
import { bearerToken, sessionGuard } from './auth/AuthServices';
import type { ServerDeps } from './ServerDeps';
import { formatSchemaErrors, normalizeInput } from './validation';
import { DEFAULT_REQUEST_LOG, noteEnvelopeCodes, requestLogController } from './http/requestLog';

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Everything a running server offers besides HTTP: the shared services and every feature's handle. */
export interface ServerServices extends FeatureServices {
  /** Shared services; later features (push channel) subscribe to `sessions.onDidRevoke`. */
  ctx: ServerContext;
  /** Every API route with its declared access and inputs, as registered (tests walk it; server/ROUTES.md lists it). */
  routeTable: DeclaredRoute[];
  pushHub: PushHub;
  /** Whether this instance runs the cluster's background jobs (always, on SQLite). */
  leader: ClusterLeader;
  /** On PostgreSQL: the LISTEN connection that hands other instances' pushes to this one's sockets. */
  pushListener: PgListener | undefined;
  /** Readiness and the drain (server/health/). */
  health: ServerHealth;
  /** GET /metrics on its own port when configured (METRICS_PORT). */
  metrics: MetricsServer | undefined;
}

/** A server: its Fastify instance (HTTP, listen, close) and its services, typed, for tests, benches and scripts. */
export interface Server {
  app: FastifyInstance;
  services: ServerServices;
}

/**
 * Route validators compiled once per process, not once per server: the compiler (one Ajv) is kept for the
 * same options and reused with its cache of compiled schemas, which are the contracts' own objects. A
 * process runs one server in production; the test and bench suites start hundreds, and compiling every
 * route's schemas was over half of each start.
 */
const validatorsOfTheProcess = AjvCompiler();

/** The one composition root: the database, the push channel, the shared services, then every feature's register. */
export async function createServer(config: ServerConfig): Promise<Server> {
  const now = config.clock ?? Date.now;
  const apiPrefix = config.apiPrefix ?? '/api';
  const app = Fastify({
    logger: config.logger ?? false,
    // One line per request at most, and only when it says something (server/http/requestLog.ts).
    logController: requestLogController(config.requestLog ?? DEFAULT_REQUEST_LOG),
    bodyLimit: BODY_LIMIT_BYTES,
    ...(config.trustProxy?.length ? { trustProxy: config.trustProxy } : {}),
    // No type coercion: text inputs are converted strictly by normalizeInput, JSON keeps its types.
    ajv: {
      customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true },
      plugins: [ajvErrors as never],
    },
    schemaController: { compilersFactory: { buildValidator: validatorsOfTheProcess } },
    // Ids are ours (never taken from a client header) and short enough to read out on the phone.
    genReqId: requestIds(),
    requestIdHeader: false,
    schemaErrorFormatter: formatSchemaErrors,
  });
  const reportError = (message: string) => (error: unknown) => app.log.error({ err: error }, message);

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
  const { db, dialect, deviceVersion, poolStats, close } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileOf(config),
    onIdleError: reportError('数据库连接中断'),
    // Committed device changes are told to the other instances on the push channel (their list pages are cached).
    notifyChannel: PUSH_CHANNEL,
  });
  // A server that does not start leaves no connection open behind it.
  const closingOnFailure = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      await close();
      throw error;
    }
  };
  // Days of history a tenant without one is given: SEED_HISTORY_DAYS for `npm start` (config.ts); a server
  // made in code (tests, benches, scripts) starts without one unless it asks.
  const historyDays = config.seedHistoryDays ?? 0;
  const freshDatabase = await closingOnFailure(() =>
    prepareDatabase(db, dialect, {
      catalog,
      resourceKinds,
      plugins,
      fleetScale: config.simulator?.fleetScale ?? 1,
      historyDays,
      recognitionRecords: config.seedRecognitionRecords ?? 0,
      now: now(),
      info: (message) => app.log.info(message),
    }),
  );
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
          // Another instance's leader stopped on purpose (drain): try the lock now.
          if (payload === LEADER_RELEASED) return leader.tryNow();
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
  const deps: ServerDeps = { config, db, now, ctx, catalog, pushHub, log: app.log, reportError };

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const envelope = toEnvelope(error, request.id);
    if (envelope.code === 500) request.log.error({ err: error, reqId: request.id, route: request.routeOptions.url }, '请求处理失败');
    return reply.status(200).send(envelope);
  });

  if (config.logger) noteEnvelopeCodes(app);
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

  // Readiness and drain (server/health/); the leader and the broker are read when asked, after they exist.
  const health = new ServerHealth({
    db,
    dialect,
    pushListener,
    broker: () => api?.features.services.mqttGateway,
    leader: {
      get isLeader() {
        return leader.isLeader;
      },
    },
  });
  drainGate(app, health, apiPrefix);

  // The API's scope: session and permission are checked before the input (401 or 403 whatever was sent).
  let api: { routeTable: DeclaredRoute[]; features: Awaited<ReturnType<typeof registerFeatures>> } | undefined;
  await closingOnFailure(async () => {
    await app.register(
      async (scope) => {
        const routeTable = enforceRouteAccess(scope, { db, grants, requireSession: ctx.requireSession });
        scope.addHook('preValidation', normalizeInput);
        const features = await registerFeatures(scope, deps, {
          plugins,
          resourceKinds,
          menuPerms,
          deviceVersion,
          productSockets,
          freshDatabase,
          historyDays,
        });
        await registerHealth(scope, health);
        api = { routeTable, features };
      },
      { prefix: apiPrefix },
    );
  });
  if (!api) throw new Error('API 路由未注册');
  const { routeTable, features } = api;

  // Background jobs run once per cluster, on the instance holding the leader lock (on SQLite: this one).
  const leader = new ClusterLeader({
    url: sharedDatabaseUrl,
    jobs: features.lifecycles.flatMap((feature) => feature.jobs),
    log: app.log,
    ...(config.cluster?.leaderRetryMs ? { retryMs: config.cluster.leaderRetryMs } : {}),
    ...(sharedDatabaseUrl ? { releaseChannel: PUSH_CHANNEL } : {}),
  });
  health.onWillDrain(() => {
    for (const feature of features.lifecycles) feature.drain?.();
  });
  const metricsAt = config.operability?.metrics;
  const metrics = metricsAt
    ? new MetricsServer(
        new OpsMetrics({
          pushHub,
          pushListener,
          mqtt: () => features.services.mqttGateway?.ingest.stats,
          pool: poolStats,
          leader,
          simulator: features.services.simulator,
        }).observe(app),
        metricsAt,
      )
    : undefined;
  app.addHook('onReady', async () => {
    await metrics?.start();
    // Listening before the first socket can open, so no commit of another instance goes unheard.
    await pushListener?.start();
    await features.devices.start();
    await leader.start();
    health.markServing();
  });
  app.addHook('onClose', async () => {
    await leader.stop();
    for (const feature of features.lifecycles) await feature.stop?.();
    await pushListener?.stop();
    pushHub.close();
    await close();
    await metrics?.stop();
  });

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

  return { app, services: { ...features.services, ctx, routeTable, pushHub, leader, pushListener, health, metrics } };
}
