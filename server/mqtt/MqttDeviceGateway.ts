import { randomBytes, randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { AlarmService } from '../alarms/AlarmService';
import type { MqttConfig } from '../config';
import { dialectOf, type Db } from '../db/Database';
import type { DeviceCatalog } from '../devices/deviceCatalog';
import { GATEWAY_MESSAGES, type DeviceGateway, type GatewayDevice, type GatewayResult } from '../devices/DeviceGateway';
import type { StatusSink } from '../devices/FleetSimulator';
import { DEFAULT_SERVER_USERNAME, loadSecret, serverPassword, writeBrokerFiles, type BrokerFiles } from './credentials';
import { DeviceDirectory, type DirectoryEntry } from './DeviceDirectory';
import { MqttIngest, withRetry, type MqttLog } from './MqttIngest';
import type { AckMessage, CommandMessage } from './payloads';
import { DEVICE_CODE_PATTERN, deviceTopic, SERVER_SUBSCRIPTIONS } from './topics';

export interface MqttGatewayDependencies {
  db: Db;
  catalog: DeviceCatalog;
  alarms: Pick<AlarmService, 'raise' | 'alarmTypeName'>;
  status?: StatusSink;
  now: () => number;
  log: MqttLog;
  /** Where the broker's account files go (`<dataDir>/mqtt/`). */
  dataDir: string;
}

type Scalar = string | number | boolean;

interface PendingCommand {
  deviceId: number;
  /** The ack came: no timeout any more, whatever the state write takes. */
  claim(): void;
  settle(result: GatewayResult): void;
}

export const DEFAULTS = { commandTimeoutMs: 5000, batchMs: 1000, batchRows: 500, reconnectMs: 5000 } as const;
/** A broker that keeps failing the same way is reminded of at most this often. */
const REPEAT_LOG_MS = 60_000;

/** The URL as logged: no password (config refuses one in the URL; this is belt and braces). */
const shownUrl = (url: string) => url.replace(/^([^:/]+:\/\/[^:@/]*):[^/]*@/, '$1:***@');

/** Connack reason codes (MQTT 3 and 5) in Chinese. */
function describeConnectionError(error: Error & { code?: string | number }): string {
  switch (error.code) {
    case 4:
    case 134:
      return '用户名或密码错误';
    case 5:
    case 135:
      return '代理拒绝了服务器的账号（用户名、密码或权限不对；代理改过账号文件后需重新加载）';
    case 'ECONNREFUSED':
      return '连接被拒绝（代理未启动或端口不对）';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return '找不到主机';
    case 'ETIMEDOUT':
      return '连接超时';
    default:
      return error.message;
  }
}

/**
 * The device gateway over a real MQTT broker. Commands are published to the device's command topic
 * with a correlation id and settled by the device's ack with that id, or after the timeout as
 * 设备响应超时. What devices publish goes through MqttIngest (checked, batched, written). On start it
 * writes the broker's account and ACL files for every device (credentials.ts) and connects; an
 * unreachable broker is logged and retried, never fatal.
 */
export class MqttDeviceGateway implements DeviceGateway {
  readonly directory: DeviceDirectory;
  readonly ingest: MqttIngest;
  brokerFiles: BrokerFiles | undefined;
  private client: MqttClient | undefined;
  private readonly pending = new Map<string, PendingCommand>();
  private readonly settings: Required<Omit<MqttConfig, 'username' | 'password' | 'secretFile'>>;
  private wasConnected = false;
  private lastProblem: { text: string; at: number } | undefined;
  private connectedListeners: (() => void)[] = [];

  constructor(
    private readonly deps: MqttGatewayDependencies,
    private readonly config: MqttConfig,
  ) {
    this.settings = {
      url: config.url,
      commandTimeoutMs: config.commandTimeoutMs ?? DEFAULTS.commandTimeoutMs,
      batchMs: config.batchMs ?? DEFAULTS.batchMs,
      batchRows: config.batchRows ?? DEFAULTS.batchRows,
      reconnectMs: config.reconnectMs ?? DEFAULTS.reconnectMs,
    };
    this.directory = new DeviceDirectory(deps.db);
    this.ingest = new MqttIngest(
      { db: deps.db, catalog: deps.catalog, directory: this.directory, alarms: deps.alarms, ...(deps.status ? { status: deps.status } : {}), now: deps.now, log: deps.log, onAck: (device, ack) => this.settle(device, ack) },
      { batchMs: this.settings.batchMs, batchRows: this.settings.batchRows },
    );
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Resolves once connected to the broker (at once if it is). */
  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectedListeners.push(resolve));
  }

  /** Writes the broker's files for the devices in the database, then starts connecting (in the background). */
  async start(): Promise<void> {
    if (this.client) return;
    await this.directory.load();
    const secret = loadSecret(this.deps.dataDir, { create: true, ...(this.config.secretFile ? { secretFile: this.config.secretFile } : {}) });
    const username = this.config.username ?? DEFAULT_SERVER_USERNAME;
    const password = this.config.password ?? serverPassword(secret, username);
    const url = new URL(this.settings.url);
    this.brokerFiles = writeBrokerFiles(
      this.deps.dataDir,
      { server: { username, password }, devices: this.directory.all(), secret },
      { host: url.protocol === 'mqtt:' && url.hostname ? url.hostname.replace(/^\[|\]$/g, '') : '127.0.0.1', port: url.protocol === 'mqtt:' && url.port ? Number(url.port) : 1883 },
    );
    this.deps.log.info(`已生成 MQTT 代理的账号与权限文件（${this.brokerFiles.devices} 台设备）：${this.brokerFiles.passwordFile}、${this.brokerFiles.aclFile}`);
    if (this.brokerFiles.skipped.length) {
      this.deps.log.warn({ codes: this.brokerFiles.skipped.slice(0, 20) }, `${this.brokerFiles.skipped.length} 台设备的编码不能用于 MQTT 主题，未为其生成账号`);
    }
    this.connect(username, password);
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    for (const pending of [...this.pending.values()]) pending.settle({ success: false, message: GATEWAY_MESSAGES.closed });
    if (client) {
      // Connected: a clean DISCONNECT after what is in flight; otherwise stop retrying at once.
      await Promise.race([client.endAsync(!client.connected), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    await this.ingest.flush();
  }

  async execute(device: GatewayDevice, command: number, params: Record<string, unknown>): Promise<GatewayResult> {
    if (!device.online) return { success: false, message: GATEWAY_MESSAGES.offline };
    const entry = await this.directory.byId(device.deviceId);
    if (!entry) return { success: false, message: '设备不存在' };
    if (!DEVICE_CODE_PATTERN.test(entry.code)) return { success: false, message: '设备编码不能用于 MQTT 主题，命令未发送' };
    const client = this.client;
    if (!client?.connected) return { success: false, message: GATEWAY_MESSAGES.notConnected };
    const commandType = this.deps.catalog.byPage(entry.kind)?.commands?.find((candidate) => candidate.command === command)?.commandType ?? '';
    const message: CommandMessage = { id: randomUUID(), command, commandType, params };
    return new Promise<GatewayResult>((resolve) => {
      let settled = false;
      const timer = setTimeout(() => pending.settle({ success: false, message: GATEWAY_MESSAGES.timeout }), this.settings.commandTimeoutMs);
      const pending: PendingCommand = {
        deviceId: entry.deviceId,
        claim: () => {
          clearTimeout(timer);
          this.pending.delete(message.id);
        },
        settle: (result) => {
          if (settled) return;
          settled = true;
          pending.claim();
          resolve(result);
        },
      };
      this.pending.set(message.id, pending);
      client.publish(deviceTopic(entry.tenantId, entry.code, 'command'), JSON.stringify(message), { qos: 1 }, (error) => {
        if (error) {
          this.deps.log.warn({ err: error, deviceId: entry.deviceId }, '命令发送失败');
          pending.settle({ success: false, message: GATEWAY_MESSAGES.sendFailed });
        }
      });
    });
  }

  /** The device's ack of a command it was sent: its reported state is stored, then the command settles. */
  private async settle(device: DirectoryEntry, ack: AckMessage): Promise<string | undefined> {
    const pending = this.pending.get(ack.id);
    if (!pending) return `应答 ${ack.id} 没有等待中的命令（已超时，或由其他服务器实例发出）`;
    if (pending.deviceId !== device.deviceId) return `应答 ${ack.id} 来自设备 ${device.code}，而该命令发往另一台设备`;
    // Claimed before the write, so the timeout cannot answer for it meanwhile.
    pending.claim();
    let state: Record<string, Scalar> | undefined;
    if (ack.success && ack.state) {
      try {
        state = await this.saveState(device.deviceId, ack.state);
      } catch (error) {
        this.deps.log.error({ err: error, deviceId: device.deviceId }, '设备应答的状态未能保存');
      }
    }
    pending.settle({ success: ack.success, message: ack.message ?? (ack.success ? '执行成功' : '设备执行失败'), ...(state ? { state } : {}) });
    return undefined;
  }

  private async saveState(deviceId: number, reported: Record<string, Scalar>): Promise<Record<string, Scalar> | undefined> {
    return withRetry(() => this.deps.db.transaction().execute(async (trx) => {
      let select = trx.selectFrom('devices').select('state').where('device_id', '=', deviceId);
      if (dialectOf(this.deps.db) === 'postgres') select = select.forUpdate();
      const row = await select.executeTakeFirst();
      if (!row) return undefined;
      const state = { ...(JSON.parse(row.state) as Record<string, Scalar>), ...reported };
      await trx.updateTable('devices').set({ state: JSON.stringify(state), updated_at: this.deps.now() }).where('device_id', '=', deviceId).execute();
      return state;
    }));
  }

  private connect(username: string, password: string): void {
    const url = shownUrl(this.settings.url);
    const seconds = Math.round(this.settings.reconnectMs / 100) / 10;
    const client = mqtt.connect(this.settings.url, {
      clientId: `ops-server-${randomBytes(4).toString('hex')}`,
      username,
      password,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: this.settings.reconnectMs,
      connectTimeout: Math.max(1000, Math.min(30_000, this.settings.reconnectMs * 2)),
      // A refused login (files not yet reloaded by the broker) is retried like an unreachable broker.
      reconnectOnConnackError: true,
      resubscribe: false,
      queueQoSZero: false,
    });
    this.client = client;
    let problem: string | undefined;
    client.on('connect', () => {
      this.wasConnected = true;
      this.lastProblem = undefined;
      problem = undefined;
      this.deps.log.info(`已连接 MQTT 代理 ${url}`);
      client.subscribe([...SERVER_SUBSCRIPTIONS], { qos: 1 }, (error, granted) => {
        const refused = (granted ?? []).filter((grant) => grant.qos === 128).map((grant) => grant.topic);
        if (error || refused.length) this.deps.log.error({ err: error, refused }, `MQTT 订阅失败：${refused.join('、') || error?.message}`);
      });
      for (const listener of this.connectedListeners.splice(0)) listener();
    });
    client.on('message', (topic, payload) => void this.ingest.handle(topic, payload));
    client.on('error', (error) => {
      problem = describeConnectionError(error);
    });
    client.on('close', () => {
      if (this.client !== client) return;
      if (this.wasConnected) {
        this.wasConnected = false;
        this.deps.log.warn({ url }, `与 MQTT 代理 ${url} 的连接已断开${problem ? `（${problem}）` : ''}，${seconds} 秒后重连`);
        return;
      }
      const text = `无法连接 MQTT 代理 ${url}：${problem ?? '连接被关闭'}，${seconds} 秒后重试`;
      const at = Date.now();
      if (!this.lastProblem || this.lastProblem.text !== text || at - this.lastProblem.at >= REPEAT_LOG_MS) {
        this.lastProblem = { text, at };
        this.deps.log.error({ url }, text);
      }
      problem = undefined;
    });
  }
}
