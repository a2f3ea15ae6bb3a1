import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { acknowledgeWhenStored } from './acknowledgeWhenStored';
import type { AlarmService } from '../alarms/AlarmService';
import type { MqttConfig } from '../config';
import { dialectOf, type Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { GATEWAY_MESSAGES, type DeviceGateway, type GatewayDevice, type GatewayResult } from '../devices/DeviceGateway';
import type { StatusSink } from '../devices/FleetSimulator';
import { DEFAULT_SERVER_USERNAME, loadSecret, serverPassword, writeBrokerFiles, type BrokerFiles } from './credentials';
import { DeviceDirectory, type DirectoryEntry } from './DeviceDirectory';
import { MqttIngest, withRetry, type MqttLog } from './MqttIngest';
import type { CommandMessage, DeviceAck } from './payloads';
import { instanceKeyOf, MqttSessions } from './MqttSessions';
import {
  commandId,
  DEVICE_CODE_PATTERN,
  deviceTopic,
  LEGACY_ACK_FILTER,
  replyFilter,
  replyTopic,
  senderOf,
  serverSubscriptions,
  SHARED_SUBSCRIPTIONS,
} from './topics';

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

export const DEFAULTS = { commandTimeoutMs: 5000, batchMs: 1000, batchRows: 500, reconnectMs: 5000, sessionStaleMs: 30_000 } as const;
/** How long the broker keeps an instance's session (and what it routes to it) while the instance is away. */
export const SESSION_EXPIRY_S = 24 * 3600;
/** A session being drained is done once nothing has arrived for this long. */
const DRAIN_IDLE_MS = 1000;
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
  private readonly sessions: MqttSessions;
  private account: { username: string; password: string } | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private renewProblem = false;
  /** Acks that came on the plain ack topic for another instance's command and were handed on to its reply topic. */
  acksForwarded = 0;

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
      sessionStaleMs: config.sessionStaleMs ?? DEFAULTS.sessionStaleMs,
    };
    this.sessions = new MqttSessions(deps.db, deps.now);
    this.directory = new DeviceDirectory(deps.db);
    this.ingest = new MqttIngest(
      {
        db: deps.db,
        catalog: deps.catalog,
        directory: this.directory,
        alarms: deps.alarms,
        ...(deps.status ? { status: deps.status } : {}),
        now: deps.now,
        log: deps.log,
        onAck: (device, ack, replyTo) => this.settle(device, ack, replyTo),
      },
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
    const secret = loadSecret(this.deps.dataDir, {
      create: true,
      ...(this.config.secretFile ? { secretFile: this.config.secretFile } : {}),
    });
    const username = this.config.username ?? DEFAULT_SERVER_USERNAME;
    const password = this.config.password ?? serverPassword(secret, username);
    const url = new URL(this.settings.url);
    this.brokerFiles = writeBrokerFiles(
      this.deps.dataDir,
      { server: { username, password }, devices: this.directory.all(), secret },
      {
        host: url.protocol === 'mqtt:' && url.hostname ? url.hostname.replace(/^\[|\]$/g, '') : '127.0.0.1',
        port: url.protocol === 'mqtt:' && url.port ? Number(url.port) : 1883,
      },
    );
    this.deps.log.info(
      `已生成 MQTT 代理的账号与权限文件（${this.brokerFiles.devices} 台设备）：${this.brokerFiles.passwordFile}、${this.brokerFiles.aclFile}`,
    );
    if (this.brokerFiles.skipped.length) {
      this.deps.log.warn(
        { codes: this.brokerFiles.skipped.slice(0, 20) },
        `${this.brokerFiles.skipped.length} 台设备的编码不能用于 MQTT 主题，未为其生成账号`,
      );
    }
    this.account = { username, password };
    // The session is on record before it exists at the broker, so it can never be forgotten there.
    await this.renew();
    this.renewTimer = setInterval(() => void this.renew(), Math.max(200, Math.floor(this.settings.sessionStaleMs / 5)));
    this.renewTimer.unref();
    this.connect(username, password);
  }

  /** This instance's client id at the broker (its session's name). */
  get clientId(): string {
    return this.sessions.clientId;
  }

  /** This instance's key: its reply topics end with it and its command ids start with it. */
  get instanceKey(): string {
    return this.sessions.instanceKey;
  }

  async stop(): Promise<void> {
    clearInterval(this.renewTimer);
    this.stopSweeping();
    await this.sweeping;
    const client = this.client;
    this.client = undefined;
    for (const pending of [...this.pending.values()]) pending.settle({ success: false, message: GATEWAY_MESSAGES.closed });
    // What arrived is stored (or, with the database away, left unacknowledged with the broker) first.
    await this.ingest.stop();
    if (client) {
      // Connected: a clean DISCONNECT after the acknowledgements; otherwise stop retrying at once.
      await Promise.race([client.endAsync(!client.connected), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    // The broker keeps routing a share of the reports to the session: the leader drains it from now on.
    await this.sessions
      .release()
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'MQTT 会话未能标记为已释放，主节点将在其过期后接管'));
  }

  /**
   * The leader's job: sessions of instances that stopped renewing them (killed, or stopped while the
   * broker still queued for them) are taken over, drained into the database and ended, so what the
   * broker routed to them is stored, not lost. On SQLite there is one instance: every other session is an orphan.
   */
  startSweeping(): void {
    if (this.sweepTimer) return;
    const everyMs = Math.max(500, Math.floor(this.settings.sessionStaleMs / 3));
    const sweep = () => {
      this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
    };
    sweep();
    this.sweepTimer = setInterval(sweep, everyMs);
    this.sweepTimer.unref();
  }

  stopSweeping(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  private async sweep(): Promise<void> {
    if (!this.account || !this.sweepTimer) return;
    const shared = dialectOf(this.deps.db) === 'postgres';
    let orphans: string[];
    try {
      orphans = await this.sessions.orphans(shared ? this.deps.now() - this.settings.sessionStaleMs : Number.MAX_SAFE_INTEGER);
    } catch (error) {
      this.deps.log.warn({ err: error }, '读取遗留的 MQTT 会话失败，稍后重试');
      return;
    }
    for (const clientId of orphans) {
      if (!this.sweepTimer) return;
      const startedAt = this.deps.now();
      try {
        const drained = await this.drainSession(clientId);
        await this.sessions.forget(clientId, startedAt);
        this.deps.log.info(`已接管并清空遗留的 MQTT 会话 ${clientId}：写入 ${drained} 条消息`);
      } catch (error) {
        this.deps.log.warn({ err: error, clientId }, `接管遗留的 MQTT 会话 ${clientId} 失败，稍后重试`);
      }
    }
  }

  /**
   * Connects as a dead instance's session, stops its subscriptions (so nothing new is routed to it),
   * stores what the broker had queued for it, acknowledging each message once stored, then ends the session.
   */
  async drainSession(clientId: string): Promise<number> {
    const { username, password } = this.account!;
    const client = mqtt.connect(this.settings.url, { ...this.connectOptions(username, password), clientId, reconnectPeriod: 0 });
    let handled = 0;
    const activity = { lastAt: Date.now() };
    const storing = new Set<Promise<boolean>>();
    acknowledgeWhenStored(client, (topic, payload, properties) => {
      handled++;
      activity.lastAt = Date.now();
      const stored = this.ingest.handle(topic, payload, properties);
      storing.add(stored);
      void stored.finally(() => storing.delete(stored));
      return stored;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error('连接被关闭')));
      });
      const key = instanceKeyOf(clientId);
      await client.unsubscribeAsync([...SHARED_SUBSCRIPTIONS, LEGACY_ACK_FILTER, ...(key ? [replyFilter(key)] : [])]);
      activity.lastAt = Date.now();
      while (Date.now() - activity.lastAt < DRAIN_IDLE_MS || storing.size) {
        if (!client.connected) throw new Error('接管期间连接中断');
        await new Promise((resolve) => setTimeout(resolve, storing.size ? 20 : 100));
        if (storing.size) void this.ingest.flush();
      }
      // Expiry 0 on the way out ends the session at the broker.
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
      return handled;
    } finally {
      if (!client.disconnected) client.end(true);
    }
  }

  private async renew(): Promise<void> {
    try {
      await this.sessions.renew();
      if (this.renewProblem) this.deps.log.info('MQTT 会话记录已恢复续期');
      this.renewProblem = false;
    } catch (error) {
      if (!this.renewProblem) this.deps.log.warn({ err: error }, 'MQTT 会话记录续期失败，稍后重试');
      this.renewProblem = true;
    }
  }

  private connectOptions(username: string, password: string): IClientOptions {
    return {
      username,
      password,
      protocolVersion: 5,
      // A persistent session: while this instance is away the broker keeps what it routes to it.
      clean: false,
      // Acknowledged only once stored (acknowledgeWhenStored): room for a few batches in flight.
      properties: {
        sessionExpiryInterval: SESSION_EXPIRY_S,
        receiveMaximum: Math.min(65_535, Math.max(1000, this.settings.batchRows * 4)),
      },
      connectTimeout: Math.max(1000, Math.min(30_000, this.settings.reconnectMs * 2)),
      resubscribe: false,
      queueQoSZero: false,
    };
  }

  async execute(device: GatewayDevice, command: number, params: Record<string, unknown>): Promise<GatewayResult> {
    if (!device.online) return { success: false, message: GATEWAY_MESSAGES.offline };
    const entry = await this.directory.byId(device.deviceId);
    if (!entry) return { success: false, message: '设备不存在' };
    if (!DEVICE_CODE_PATTERN.test(entry.code)) return { success: false, message: '设备编码不能用于 MQTT 主题，命令未发送' };
    const client = this.client;
    if (!client?.connected) return { success: false, message: GATEWAY_MESSAGES.notConnected };
    const commandType =
      this.deps.catalog.byPage(entry.kind)?.commands?.find((candidate) => candidate.command === command)?.commandType ?? '';
    const message: CommandMessage = { id: commandId(this.instanceKey, randomUUID()), command, commandType, params };
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
      // MQTT 5: the device answers on this instance's reply topic with the correlation data; a device
      // that ignores them answers on its plain ack topic with the id, which names this instance too.
      const properties = {
        responseTopic: replyTopic(entry.tenantId, entry.code, this.instanceKey),
        correlationData: Buffer.from(message.id),
      };
      client.publish(deviceTopic(entry.tenantId, entry.code, 'command'), JSON.stringify(message), { qos: 1, properties }, (error) => {
        if (error) {
          this.deps.log.warn({ err: error, deviceId: entry.deviceId }, '命令发送失败');
          pending.settle({ success: false, message: GATEWAY_MESSAGES.sendFailed });
        }
      });
    });
  }

  /** The device's ack of a command it was sent: its reported state is stored, then the command settles. */
  private async settle(device: DirectoryEntry, ack: DeviceAck, replyTo: string | undefined): Promise<string | undefined> {
    const pending = this.pending.get(ack.id);
    if (!pending) {
      const sender = senderOf(ack.id);
      // A plain ack reaches one instance of the group: another instance's command goes on to its reply topic.
      if (replyTo === undefined && sender !== undefined && sender !== this.instanceKey) return this.forward(device, ack, sender);
      return `应答 ${ack.id} 没有等待中的命令（已超时）`;
    }
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
    pending.settle({
      success: ack.success,
      message: ack.message ?? (ack.success ? '执行成功' : '设备执行失败'),
      ...(state ? { state } : {}),
    });
    return undefined;
  }

  /** Hands a plain ack to the instance that sent the command, on its reply topic; the PUBACK waits for the broker's. */
  private async forward(device: DirectoryEntry, ack: DeviceAck, sender: string): Promise<string | undefined> {
    const client = this.client;
    if (!client?.connected) return `应答 ${ack.id} 未能转交发出命令的实例：未连接 MQTT 代理`;
    try {
      await client.publishAsync(replyTopic(device.tenantId, device.code, sender), JSON.stringify(ack), {
        qos: 1,
        properties: { correlationData: Buffer.from(ack.id) },
      });
    } catch (error) {
      return `应答 ${ack.id} 未能转交发出命令的实例：${error instanceof Error ? error.message : String(error)}`;
    }
    this.acksForwarded++;
    return undefined;
  }

  private async saveState(deviceId: number, reported: Record<string, Scalar>): Promise<Record<string, Scalar> | undefined> {
    return withRetry(() =>
      this.deps.db.transaction().execute(async (trx) => {
        let select = trx.selectFrom('devices').select('state').where('device_id', '=', deviceId);
        if (dialectOf(this.deps.db) === 'postgres') select = select.forUpdate();
        const row = await select.executeTakeFirst();
        if (!row) return undefined;
        const state = { ...(JSON.parse(row.state) as Record<string, Scalar>), ...reported };
        await trx
          .updateTable('devices')
          .set({ state: JSON.stringify(state), updated_at: this.deps.now() })
          .where('device_id', '=', deviceId)
          .execute();
        return state;
      }),
    );
  }

  private connect(username: string, password: string): void {
    const url = shownUrl(this.settings.url);
    const seconds = Math.round(this.settings.reconnectMs / 100) / 10;
    const client = mqtt.connect(this.settings.url, {
      ...this.connectOptions(username, password),
      clientId: this.sessions.clientId,
      reconnectPeriod: this.settings.reconnectMs,
      // A refused login (files not yet reloaded by the broker) is retried like an unreachable broker.
      reconnectOnConnackError: true,
    });
    this.client = client;
    let problem: string | undefined;
    client.on('connect', () => {
      this.wasConnected = true;
      this.lastProblem = undefined;
      problem = undefined;
      this.deps.log.info(`已连接 MQTT 代理 ${url}`);
      client.subscribe(serverSubscriptions(this.instanceKey), { qos: 1 }, (error, granted) => {
        const refused = (granted ?? []).filter((grant) => grant.qos === 128).map((grant) => grant.topic);
        if (error || refused.length) this.deps.log.error({ err: error, refused }, `MQTT 订阅失败：${refused.join('、') || error?.message}`);
      });
      for (const listener of this.connectedListeners.splice(0)) listener();
    });
    acknowledgeWhenStored(client, (topic, payload, properties) => this.ingest.handle(topic, payload, properties));
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
