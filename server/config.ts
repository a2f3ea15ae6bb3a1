import type { SmsProvider } from './auth/SmsProvider';
import type { RuntimeConfig } from '../contracts/runtimeConfig';
import type { StreamOptions } from './stream/StreamService';
import { readOperabilityConfig, type OperabilityConfig } from './health/operabilityConfig';
import { parseRequestLog, type RequestLogOptions } from './http/requestLog';
import { parseServiceUrl } from './serviceUrl';
import { readJanusConfig, type JanusConfig } from './janus/janusConfig';

export { readJanusConfig, type JanusConfig };

/** What `/app-config.json` serves: the web app's own runtime config type. */
export type AppRuntimeConfig = RuntimeConfig;

/** SEED_HISTORY_DAYS when the environment does not say (a month: every page of a fresh start has a past). */
export const DEFAULT_SEED_HISTORY_DAYS = 30;

export interface ServerConfig {
  dataDir: string;
  /** The SQLite file (default `<dataDir>/dashboard.sqlite`), used when no `databaseUrl` is given. */
  dbFile?: string;
  /** `postgres://…`: run on that PostgreSQL database instead of the SQLite file. */
  databaseUrl?: string;
  apiPrefix?: string;
  staticDir?: string;
  smsDevEndpoint?: boolean;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  clock?: () => number;
  logger?: boolean | { level: string; stream?: { write(line: string): void }; transport?: LogTransport };
  requestLog?: RequestLogOptions;
  smsProvider?: SmsProvider;
  appConfig?: Partial<AppRuntimeConfig>;
  /** Where the plugin folders are (the server reads plugins/device/*). */
  pluginsDir?: string;
  simulator?: SimulatorConfig;
  /** How long a device list page may be served from memory while no device changes (ms; 0: never). Default LIST_PAGE_CACHE_MS. */
  deviceListCacheMs?: number;
  /** Origins besides the server's own that may open the push socket. */
  allowedOrigins?: string[];
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or loopback/linklocal/uniquelocal):
   * the per-address login limits then count the client behind the proxy. Absent: none.
   */
  trustProxy?: string[];
  /** CSP frame-ancestors: who may embed the app in a frame; `'none'` (default), `'self'` or origins. */
  frameAncestors?: string[];
  /** Devices over this MQTT broker instead of the in-process simulator (README "MQTT"); absent: the simulator. */
  mqtt?: MqttConfig;
  /** Live camera video (server/stream/): ffmpeg null switches the simulated cameras' sources off; absent, it is looked for. */
  stream?: StreamOptions;
  /** Several instances on one PostgreSQL database (server/cluster/): how often they retry (ms; tests shorten it). */
  cluster?: { leaderRetryMs?: number; listenerRetryMs?: number };
  /** Video rooms on Janus (server/videoRooms/; README "视频会商 (Janus)"); absent: unavailable. */
  janus?: JanusConfig;
  /** SINGLE_SESSION: a new login of an account ends its other sessions in the same tenant (their product sockets hear login -3). Default off. */
  singleSession?: boolean;
  /** SPEECH_TO_TEXT_URL: the engine POST /voice/speechToText forwards the wav to (audio/wav in, JSON { text } out); absent: 503. */
  speechToTextUrl?: string;
  /**
   * The field-work simulator (server/emergency/FieldWorkSimulator.ts): field teams accept and report
   * progress on dispatched tasks and work orders `delayMs` after each change. FIELD_WORK=0 (or absent, as
   * in tests): off. FIELD_WORK_DELAY_MS: the teams' reaction time (default 8000).
   */
  fieldWork?: { delayMs: number };
  /** Device operation and video diagnosis jobs (server/operations/); absent (tests): every job off. */
  operations?: OperationsConfig;
  /** Recognition snapshots (server/recognition/): kept this long (RECOGNITION_SNAPSHOT_DAYS, in ms here); absent: 7 days. */
  recognition?: { snapshotRetentionMs: number };
  /** Watchlists (server/watchlists/): WATCHLIST_ALARM_INTERVAL_MINUTES, a new deployment's default alarm interval; absent: 10. */
  watchlists?: { alarmIntervalMinutes: number };
  /** The sensor readings job (server/sensors/): absent (tests): off; a fresh tenant's day of seeded readings is written either way (unless seedHistoryDays is 0). */
  sensors?: SensorsConfig;
  /**
   * SEED_HISTORY_DAYS: how many days of history every tenant without one is given (server/seed/history/:
   * alarms, work orders, emergency events, diagnosis rounds, business; a new fleet also its status changes,
   * commands and maintenance rounds; a day of sensor readings). Default DEFAULT_SEED_HISTORY_DAYS from the
   * environment; absent here (a server made in code: tests, benches) or 0: none.
   */
  seedHistoryDays?: number;
  /** SEED_RECOGNITION_RECORDS: recognition records each tenant is brought to on start, in bulk over a year (seed/bulkRecognition.ts); 0: none. */
  seedRecognitionRecords?: number;
  operability?: OperabilityConfig; // METRICS_PORT, METRICS_HOST, SHUTDOWN_GRACE_MS (server/health/operabilityConfig.ts)
}

export interface SensorsConfig {
  /** How often the leader stores every online water-level sensor's and hydrant's current reading (SENSOR_SAMPLE_MS; 0: off). */
  sampleMs: number;
  /** Readings are kept this long (SENSOR_READINGS_RETENTION_DAYS, in ms here). */
  retentionMs: number;
}

export interface OperationsConfig {
  /** How often the leader raises and closes faults and creates due inspections (OPS_FAULT_CHECK_MS, ms; 0: off). */
  faultCheckMs: number;
  /** A device offline this long gets a fault (OPS_OFFLINE_FAULT_MINUTES, in ms here). */
  offlineFaultMs: number;
  /** How often every camera is diagnosed (VIDEO_DIAGNOSIS_MS; 0: only 立即诊断). */
  videoDiagnosisMs: number;
  /** Diagnosis checks are kept this long (VIDEO_DIAGNOSIS_RETENTION_DAYS, in ms here). */
  videoDiagnosisRetentionMs: number;
}

export interface MqttConfig {
  /** mqtt://主机:1883, mqtts://, ws:// or wss:// (MQTT_URL). */
  url: string;
  /** The server's own broker account; default ops-server, its password derived from DATA_DIR/mqtt/secret. */
  username?: string;
  password?: string;
  /** The secret device and server passwords derive from (MQTT_SECRET_FILE); instances of one cluster share it. Default DATA_DIR/mqtt/secret. */
  secretFile?: string;
  /** A command no ack answers within this many ms is reported as 设备响应超时 (default 5000). */
  commandTimeoutMs?: number;
  /** Telemetry is written every this many ms (default 1000) … */
  batchMs?: number;
  /** … or once this many messages wait (default 500), in one transaction. */
  batchRows?: number;
  /** Wait between connection attempts while the broker is unreachable (default 5000 ms). */
  reconnectMs?: number;
  /** An instance's broker session not renewed for this long is taken over and drained by the leader (default 30000 ms). */
  sessionStaleMs?: number;
}

export interface SimulatorConfig {
  /** Background reports every this many ms; 0 turns the background off (commands still work). */
  tickMs: number;
  /** Commands take effect after a delay in this range (ms). */
  commandDelayMs: [number, number];
  /** Fleet size multiplier on first start: 1 ≈ 430 devices per tenant. */
  fleetScale: number;
  /** Alarms the simulated fleet raises per minute over all tenants (0 = none). */
  alarmsPerMinute?: number;
}

/** LOG_FORMAT: `pretty` for a person at a terminal, `json` (one object a line) for a log collector. */
export type LogFormat = 'json' | 'pretty';

export interface LogTransport {
  target: string;
  options?: Record<string, unknown>;
}

/** pino-pretty in pino's worker thread: local time, level names, the Chinese messages as written. */
export const PRETTY_LOG_TRANSPORT: LogTransport = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
};

/** LOG_FORMAT json or pretty; absent or empty: pretty when stdout is a terminal, JSON otherwise. */
export function parseLogFormat(value: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return stdoutIsTerminal ? 'pretty' : 'json';
  if (text === 'json' || text === 'pretty') return text;
  throw new Error(`LOG_FORMAT 只能是 json 或 pretty（不设置时：终端里为 pretty，否则为 json），当前为 "${value}"`);
}

export interface ListenConfig {
  port: number;
  host: string;
  server: ServerConfig;
}

/**
 * Reads `npm start`'s environment; a bad value is an error naming the variable, in Chinese. Whether stdout
 * is a terminal picks the log format when LOG_FORMAT does not.
 */
export function readServerConfigFromEnv(env: NodeJS.ProcessEnv, stdoutIsTerminal = process.stdout.isTTY === true): ListenConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 必须是 0 到 65535 之间的整数，当前为 "${env.PORT}"`);
  const host = env.HOST?.trim() || '127.0.0.1';
  if (/\s/.test(host)) throw new Error(`HOST 不能包含空白字符，当前为 "${env.HOST}"`);
  const apiPrefix = env.API_PREFIX ?? '/api';
  if (!/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(apiPrefix)) throw new Error(`API_PREFIX 必须形如 /api，当前为 "${apiPrefix}"`);
  const flag = (name: string, fallback: boolean) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
    throw new Error(`${name} 只能是 0 或 1，当前为 "${value}"`);
  };
  const positive = (name: string, fallback: number, max: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0 || parsed > max) throw new Error(`${name} 必须是 0 到 ${max} 之间的数，当前为 "${value}"`);
    return parsed;
  };
  const simulatorOn = flag('SIMULATOR', true);
  const tickMs = positive('SIM_TICK_MS', 3000, 3_600_000);
  const fleetScale = positive('FLEET_SCALE', 1, 100);
  const alarmsPerMinute = positive('SIM_ALARMS_PER_MINUTE', 2, 60_000);
  // Live video: recordings of watched cameras (DATA_DIR/recordings), kept within size and days.
  const recordingOn = flag('RECORDINGS', true);
  const recordingMaxMb = positive('RECORDINGS_MAX_MB', 2048, 10_000_000);
  const recordingMaxDays = positive('RECORDINGS_MAX_DAYS', 7, 3650);
  const segmentSeconds = positive('RECORDING_SEGMENT_SECONDS', 60, 3600);
  if (segmentSeconds < 1 || !Number.isInteger(segmentSeconds))
    throw new Error(`RECORDING_SEGMENT_SECONDS 必须是 1 到 3600 之间的整数，当前为 "${env.RECORDING_SEGMENT_SECONDS}"`);
  const imagery = env.MAP_IMAGERY_URL?.trim();
  if (imagery && !/^(https?:\/\/|\/)/.test(imagery))
    throw new Error(`MAP_IMAGERY_URL 必须以 http://、https:// 或 / 开头，当前为 "${imagery}"`);
  if (imagery && !['{z}', '{x}', '{y}'].every((part) => imagery.includes(part)))
    throw new Error(`MAP_IMAGERY_URL 必须含有 {z}、{x} 和 {y}，当前为 "${imagery}"`);
  const imageryCrsValue = env.MAP_IMAGERY_CRS?.trim().toLowerCase() || undefined;
  const imageryCrs = imageryCrsValue === 'wgs84' || imageryCrsValue === 'gcj02' ? imageryCrsValue : undefined;
  if (imageryCrsValue !== undefined && !imageryCrs)
    throw new Error(`MAP_IMAGERY_CRS 只能是 wgs84 或 gcj02，当前为 "${env.MAP_IMAGERY_CRS}"`);
  if (imageryCrs === 'gcj02' && !imagery) throw new Error('MAP_IMAGERY_CRS=gcj02 需要同时设置 MAP_IMAGERY_URL：内置的离线底图是 WGS-84');
  const frameAncestors = parseFrameAncestors(env.FRAME_ANCESTORS);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const mqttUrl = parseMqttUrl(env.MQTT_URL);
  const mqtt: MqttConfig | undefined = mqttUrl
    ? {
        url: mqttUrl,
        ...(env.MQTT_USERNAME?.trim() ? { username: env.MQTT_USERNAME.trim() } : {}),
        ...(env.MQTT_PASSWORD ? { password: env.MQTT_PASSWORD } : {}),
        ...(env.MQTT_SECRET_FILE?.trim() ? { secretFile: env.MQTT_SECRET_FILE.trim() } : {}),
        commandTimeoutMs: positive('MQTT_COMMAND_TIMEOUT_MS', 5000, 600_000),
        batchMs: positive('MQTT_BATCH_MS', 1000, 60_000),
        batchRows: Math.max(1, Math.floor(positive('MQTT_BATCH_ROWS', 500, 100_000))),
        reconnectMs: Math.max(100, positive('MQTT_RECONNECT_MS', 5000, 600_000)),
        sessionStaleMs: Math.max(1000, positive('MQTT_SESSION_STALE_MS', 30_000, 3_600_000)),
      }
    : undefined;
  if (mqtt?.username !== undefined && /[:\s]/.test(mqtt.username))
    throw new Error(`MQTT_USERNAME 不能包含冒号或空白字符，当前为 "${mqtt.username}"`);
  const speechToTextUrl = parseSpeechToTextUrl(env.SPEECH_TO_TEXT_URL);
  const janus = readJanusConfig(env, flag('JANUS', true));
  const operations: OperationsConfig = {
    faultCheckMs: positive('OPS_FAULT_CHECK_MS', 30_000, 86_400_000),
    offlineFaultMs: positive('OPS_OFFLINE_FAULT_MINUTES', 10, 10_080) * 60_000,
    videoDiagnosisMs: positive('VIDEO_DIAGNOSIS_MS', 300_000, 86_400_000),
    videoDiagnosisRetentionMs: positive('VIDEO_DIAGNOSIS_RETENTION_DAYS', 7, 365) * 86_400_000,
  };
  if (operations.faultCheckMs > 0 && operations.faultCheckMs < 1000)
    throw new Error(`OPS_FAULT_CHECK_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "${env.OPS_FAULT_CHECK_MS}"`);
  if (operations.videoDiagnosisMs > 0 && operations.videoDiagnosisMs < 1000)
    throw new Error(`VIDEO_DIAGNOSIS_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "${env.VIDEO_DIAGNOSIS_MS}"`);
  if (operations.videoDiagnosisRetentionMs < 86_400_000)
    throw new Error(`VIDEO_DIAGNOSIS_RETENTION_DAYS 必须是 1 到 365 之间的数，当前为 "${env.VIDEO_DIAGNOSIS_RETENTION_DAYS}"`);
  const sensors: SensorsConfig = {
    sampleMs: positive('SENSOR_SAMPLE_MS', 300_000, 86_400_000),
    retentionMs: positive('SENSOR_READINGS_RETENTION_DAYS', 30, 365) * 86_400_000,
  };
  if (sensors.sampleMs > 0 && sensors.sampleMs < 1000)
    throw new Error(`SENSOR_SAMPLE_MS 必须是 0（关闭）或 1000 到 86400000 之间的毫秒数，当前为 "${env.SENSOR_SAMPLE_MS}"`);
  if (sensors.retentionMs < 86_400_000)
    throw new Error(`SENSOR_READINGS_RETENTION_DAYS 必须是 1 到 365 之间的数，当前为 "${env.SENSOR_READINGS_RETENTION_DAYS}"`);
  const snapshotDays = positive('RECOGNITION_SNAPSHOT_DAYS', 7, 365);
  const alarmIntervalMinutes = positive('WATCHLIST_ALARM_INTERVAL_MINUTES', 10, 1440);
  if (!Number.isInteger(alarmIntervalMinutes) || alarmIntervalMinutes < 1)
    throw new Error(`WATCHLIST_ALARM_INTERVAL_MINUTES 必须是 1 到 1440 之间的整数，当前为 "${env.WATCHLIST_ALARM_INTERVAL_MINUTES}"`);
  if (snapshotDays < 1) throw new Error(`RECOGNITION_SNAPSHOT_DAYS 必须是 1 到 365 之间的数，当前为 "${env.RECOGNITION_SNAPSHOT_DAYS}"`);
  const fieldWorkOn = flag('FIELD_WORK', true);
  const fieldWorkDelayText = env.FIELD_WORK_DELAY_MS?.trim();
  const fieldWorkDelayMs = fieldWorkDelayText ? Number(fieldWorkDelayText) : 8000;
  if (!Number.isFinite(fieldWorkDelayMs) || fieldWorkDelayMs < 100 || fieldWorkDelayMs > 3_600_000)
    throw new Error(`FIELD_WORK_DELAY_MS 必须是 100 到 3600000 之间的毫秒数，当前为 "${env.FIELD_WORK_DELAY_MS}"`);
  const seedHistoryText = env.SEED_HISTORY_DAYS?.trim();
  const seedHistoryDays = seedHistoryText ? Number(seedHistoryText) : DEFAULT_SEED_HISTORY_DAYS;
  if (!(Number.isInteger(seedHistoryDays) && seedHistoryDays >= 0 && seedHistoryDays <= 365))
    throw new Error(`SEED_HISTORY_DAYS 必须是 0 到 365 之间的整数，当前为 "${env.SEED_HISTORY_DAYS}"`);
  const seedRecognitionRecords = Math.floor(positive('SEED_RECOGNITION_RECORDS', 0, 100_000_000));
  const level = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level)) throw new Error(`LOG_LEVEL 不正确："${level}"`);
  const logFormat = parseLogFormat(env.LOG_FORMAT, stdoutIsTerminal);
  return {
    port,
    host,
    server: {
      dataDir: env.DATA_DIR?.trim() || './data',
      ...(databaseUrl ? { databaseUrl } : {}),
      apiPrefix,
      staticDir: env.STATIC_DIR ?? './dist',
      smsDevEndpoint: flag('SMS_DEV_ENDPOINT', false),
      logger: { level, ...(logFormat === 'pretty' ? { transport: PRETTY_LOG_TRANSPORT } : {}) },
      requestLog: parseRequestLog(env),
      simulator: {
        tickMs: simulatorOn ? tickMs : 0,
        commandDelayMs: [300, 900],
        fleetScale,
        alarmsPerMinute: simulatorOn ? alarmsPerMinute : 0,
      },
      frameAncestors,
      ...(trustProxy.length ? { trustProxy } : {}),
      ...(mqtt ? { mqtt } : {}),
      janus,
      stream: {
        record: recordingOn ? { segmentSeconds, maxBytes: Math.round(recordingMaxMb * 1024 * 1024), maxDays: recordingMaxDays } : null,
      },
      singleSession: flag('SINGLE_SESSION', false),
      ...(speechToTextUrl ? { speechToTextUrl } : {}),
      operations,
      sensors,
      recognition: { snapshotRetentionMs: snapshotDays * 86_400_000 },
      watchlists: { alarmIntervalMinutes },
      seedHistoryDays,
      ...(seedRecognitionRecords ? { seedRecognitionRecords } : {}),
      operability: readOperabilityConfig(env, port),
      ...(fieldWorkOn ? { fieldWork: { delayMs: fieldWorkDelayMs } } : {}),
      ...(env.PUSH_ALLOWED_ORIGINS
        ? {
            allowedOrigins: env.PUSH_ALLOWED_ORIGINS.split(',')
              .map((origin) => origin.trim())
              .filter(Boolean),
          }
        : {}),
      appConfig: {
        apiBaseUrl: env.APP_API_BASE_URL || apiPrefix,
        showErrorMessages: flag('APP_SHOW_ERRORS', true),
        disabledPlugins: (env.DISABLED_PLUGINS ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
        mapImageryUrl: imagery || null,
        ...(imageryCrs ? { mapImageryCrs: imageryCrs } : {}),
      },
    },
  };
}

/**
 * FRAME_ANCESTORS: comma-separated origins (https://wall.example.com) or the keyword 'none' / 'self',
 * quoted or not. Only these go into the CSP verbatim, so anything else (a path, a bare word, `*`,
 * spaces or `;` that would inject a directive) is refused.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return ["'none'"];
  const refuse = (item: string) =>
    new Error(
      `FRAME_ANCESTORS 只能是逗号分隔的来源（如 https://wall.example.com）或 'none'、'self'，${item === value ? '' : `其中 "${item}" 不符合，`}当前为 "${value}"`,
    );
  const items = value
    .split(',')
    .map((raw) => raw.trim())
    .filter(Boolean);
  if (items.length === 0) throw refuse(value);
  const sources = items.map((item) => {
    const keyword = /^(?:(none|self)|'(none|self)')$/i.exec(item);
    if (keyword) return `'${(keyword[1] ?? keyword[2] ?? '').toLowerCase()}'`;
    const origin = /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}))?$/i.exec(item);
    const port = origin?.[5] === undefined ? 1 : Number(origin[5]);
    if (!origin || port < 1 || port > 65535) throw refuse(item);
    return item.toLowerCase();
  });
  if (sources.includes("'none'") && sources.length > 1)
    throw new Error(`FRAME_ANCESTORS 中的 'none' 不能与其他来源同时出现，当前为 "${value}"`);
  return [...new Set(sources)];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-f:]*:[0-9a-f:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;

/**
 * TRUST_PROXY: `0` (default, trust nobody), `1` (a proxy on this machine, e.g. nginx on loopback), or
 * comma-separated addresses / CIDRs / loopback, linklocal, uniquelocal. Never "everyone": a client
 * could then pick its own address and slip past the per-address limits.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return [];
  if (text === '1' || text === 'true') return ['loopback'];
  return text.split(',').map((raw) => {
    const item = raw.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item) || IPV4.test(item) || IPV6.test(item)) return item;
    throw new Error(
      `TRUST_PROXY 只能是 0、1，或逗号分隔的地址、网段（如 10.0.0.0/8）与 loopback、linklocal、uniquelocal，其中 "${item}" 不符合`,
    );
  });
}

/**
 * DATABASE_URL: empty or absent for the embedded SQLite file under DATA_DIR, else a PostgreSQL URL
 * (postgres://用户:密码@主机:端口/数据库, options such as ?sslmode=require allowed). The password never
 * appears in the error.
 */
export function parseDatabaseUrl(value: string | undefined): string | undefined {
  return parseServiceUrl('DATABASE_URL', value, {
    protocols: ['postgres:', 'postgresql:'],
    protocolsText: 'PostgreSQL（postgres:// 或 postgresql://）',
    example: 'postgres://用户:密码@主机:5432/数据库',
    hostInQuery: true,
    pathRequired: '缺少数据库名',
  });
}

/**
 * MQTT_URL: empty or absent for the in-process simulator, else the broker the devices speak to
 * (mqtt://主机:1883, mqtts://, ws://, wss://). Credentials go in MQTT_USERNAME / MQTT_PASSWORD, never
 * in the URL (it is logged).
 */
export function parseMqttUrl(value: string | undefined): string | undefined {
  return parseServiceUrl('MQTT_URL', value, {
    protocols: ['mqtt:', 'mqtts:', 'ws:', 'wss:'],
    protocolsText: 'mqtt://、mqtts://、ws:// 或 wss://',
    example: 'mqtt://主机:1883',
    credentialsRefused: '不能包含账号密码（请用 MQTT_USERNAME、MQTT_PASSWORD）',
  });
}

/**
 * SPEECH_TO_TEXT_URL: empty or absent for none (POST /voice/speechToText answers 503), else the http(s)
 * address of the engine. Credentials in the URL are allowed (the error hides the password).
 */
export function parseSpeechToTextUrl(value: string | undefined): string | undefined {
  return parseServiceUrl('SPEECH_TO_TEXT_URL', value, {
    protocols: ['http:', 'https:'],
    protocolsText: 'http:// 或 https://',
    example: 'http://主机:端口/路径',
  });
}
