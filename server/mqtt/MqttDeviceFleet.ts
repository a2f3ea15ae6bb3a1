import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { applyCommandEffect, walkTelemetry } from '../devices/FleetSimulator';
import { reportSimulatedPicture } from '../operations/simulatedPicture';
import { seededRandom } from '../simulation/seededRandom';
import { deviceUsername } from './credentials';
import type { MqttLog } from './MqttIngest';
import { parsePayload, type AckMessage } from './payloads';
import { deviceTopic, type UplinkChannel } from './topics';

type Scalar = string | number | boolean;

export interface FleetDevice {
  deviceId: number;
  tenantId: number;
  code: string;
  kind: string;
  telemetry: Record<string, Scalar>;
  state: Record<string, Scalar>;
}

export interface MqttFleetOptions {
  url: string;
  catalog: DeviceCatalog;
  devices: readonly FleetDevice[];
  /** Each device's broker password (credentials.ts `devicePassword`). */
  password(device: FleetDevice): string;
  /** Reports every this many ms; 0 = none in the background (`tick()` still reports). */
  tickMs: number;
  /** Share of the devices that report on each tick (default 0.05, as the in-process simulator). */
  reportShare?: number;
  /** Alarms per minute over the whole fleet (default 0). */
  alarmsPerMinute?: number;
  /** Alarm type codes the server knows (alarm plugins); a kind's simulated alarm of another type is not raised. */
  alarmTypes?: ReadonlySet<string>;
  /** A command is acknowledged after a delay in this range (ms). */
  ackDelayMs?: [number, number];
  /**
   * Answer as an MQTT 3.1.1 device would: on the plain ack topic with the id in the payload, ignoring
   * the command's response topic and correlation data (default false: MQTT 5 devices).
   */
  plainAcks?: boolean | ((device: FleetDevice) => boolean);
  seed?: number;
  log: MqttLog;
}

interface Member {
  device: FleetDevice;
  client: MqttClient;
}

/**
 * The simulated fleet as real MQTT devices: each device connects with its own credentials (so the
 * broker's ACL applies to it as to a field device), says it is online (its last will says offline),
 * reports telemetry the way the in-process simulator does, raises its kind's simulated alarms, and
 * answers commands on its command topic with an ack carrying its new state. scripts/mqttDevices.ts
 * runs it against a broker; the MQTT tests drive the same class.
 */
export class MqttDeviceFleet {
  private readonly members: Member[] = [];
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  /** Commands answered, by device id (tests read it). */
  readonly commandsAnswered = new Map<number, number>();

  constructor(private readonly options: MqttFleetOptions) {
    this.random = seededRandom(options.seed ?? Date.now());
  }

  get connected(): number {
    return this.members.filter((member) => member.client.connected).length;
  }

  /** Connects every device (a few dozen at a time); resolves when all are connected or have failed once. */
  async start(): Promise<number> {
    const queue = [...this.options.devices];
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) await this.join(device);
    };
    await Promise.all(Array.from({ length: Math.min(32, queue.length) }, worker));
    const connected = this.connected;
    this.options.log.info(`模拟设备已连接 MQTT 代理：${connected}/${this.options.devices.length} 台`);
    if (this.options.tickMs > 0 && !this.timer) {
      let alarmDebt = 0;
      this.timer = setInterval(() => {
        void this.tick().catch(() => undefined);
        alarmDebt += ((this.options.alarmsPerMinute ?? 0) * this.options.tickMs) / 60_000;
        const due = Math.floor(alarmDebt);
        alarmDebt -= due;
        for (let index = 0; index < due; index++) void this.raiseRandomAlarm().catch(() => undefined);
      }, this.options.tickMs);
    }
    return connected;
  }

  /** Says offline and disconnects every device. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(
      this.members.splice(0).map(async ({ device, client }) => {
        if (client.connected) await this.publish(client, device, 'status', { online: false }).catch(() => undefined);
        await Promise.race([client.endAsync(!client.connected), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      }),
    );
  }

  /** One round of reports: a share of the devices publish their next telemetry. */
  async tick(share = this.options.reportShare ?? 0.05): Promise<number> {
    const reporting = this.members.filter((member) => member.client.connected && this.random() < share);
    await Promise.all(reporting.map((member) => this.report(member.device.deviceId)));
    return reporting.length;
  }

  /** The device publishes its next telemetry (or these values); a kind with no numeric field has nothing to report. */
  async report(deviceId: number, values?: Record<string, Scalar>): Promise<void> {
    const member = this.member(deviceId);
    const kind = this.options.catalog.byPage(member.device.kind);
    let next = values;
    if (!next) {
      next = this.numericTelemetry(walkTelemetry(kind, member.device.telemetry, this.random));
      // A camera's report carries its picture analysis (视频诊断 reads it).
      reportSimulatedPicture(kind, deviceId, Date.now(), next);
    }
    if (Object.keys(next).length) await this.publish(member.client, member.device, 'telemetry', { values: next });
  }

  /** The device loses its connection without a goodbye (power cut): the broker publishes its last will, status offline. */
  dropConnection(deviceId: number): void {
    const member = this.member(deviceId);
    this.members.splice(this.members.indexOf(member), 1);
    member.client.end(true);
  }

  /** The device raises one of its kind's simulated alarms (or this one). */
  async raiseAlarm(deviceId: number, alarm?: { alarmType: string; content?: string }): Promise<boolean> {
    const member = this.member(deviceId);
    const candidates = (this.options.catalog.byPage(member.device.kind)?.simulatedAlarms ?? []).filter(
      (option) => !this.options.alarmTypes || this.options.alarmTypes.has(option.code),
    );
    const chosen =
      alarm ??
      (candidates.length
        ? (({ code, content }) => ({ alarmType: code, ...(content ? { content } : {}) }))(
            candidates[Math.floor(this.random() * candidates.length)]!,
          )
        : undefined);
    if (!chosen) return false;
    await this.publish(member.client, member.device, 'alarm', chosen);
    return true;
  }

  private async raiseRandomAlarm(): Promise<void> {
    const able = this.members.filter(
      (member) => member.client.connected && (this.options.catalog.byPage(member.device.kind)?.simulatedAlarms?.length ?? 0) > 0,
    );
    const member = able[Math.floor(this.random() * able.length)];
    if (member) await this.raiseAlarm(member.device.deviceId);
  }

  private member(deviceId: number): Member {
    const member = this.members.find((candidate) => candidate.device.deviceId === deviceId);
    if (!member) throw new Error(`模拟设备未连接：${deviceId}`);
    return member;
  }

  private numericTelemetry(telemetry: Record<string, Scalar>): Record<string, Scalar> {
    return Object.fromEntries(Object.entries(telemetry).filter(([, value]) => typeof value === 'number'));
  }

  private publish(client: MqttClient, device: FleetDevice, channel: UplinkChannel, body: object): Promise<unknown> {
    return client.publishAsync(deviceTopic(device.tenantId, device.code, channel), JSON.stringify(body), { qos: 1 });
  }

  private async join(source: FleetDevice): Promise<void> {
    const device: FleetDevice = { ...source, telemetry: { ...source.telemetry }, state: { ...source.state } };
    const client = mqtt.connect(this.options.url, {
      clientId: deviceUsername(device.tenantId, device.code),
      username: deviceUsername(device.tenantId, device.code),
      password: this.options.password(device),
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 5000,
      connectTimeout: 10_000,
      will: {
        topic: deviceTopic(device.tenantId, device.code, 'status'),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: false,
      },
    });
    this.members.push({ device, client });
    client.on('connect', () => {
      void this.publish(client, device, 'status', { online: true }).catch(() => undefined);
      client.subscribe(deviceTopic(device.tenantId, device.code, 'command'), { qos: 1 });
    });
    client.on('message', (_topic, payload, packet) => void this.answer(client, device, payload, packet));
    await new Promise<void>((resolve) => {
      client.once('connect', () => resolve());
      client.once('error', (error) => {
        this.options.log.warn({ device: device.code }, `模拟设备 ${device.code} 连接失败：${error.message}，稍后重试`);
        resolve();
      });
      // A connection that times out closes without an error.
      client.once('close', () => resolve());
    });
  }

  /**
   * Applies a command as the in-process simulator does, then acks it with the new state: on the
   * command's response topic with its correlation data (MQTT 5), or on the plain ack topic with the id.
   */
  private async answer(client: MqttClient, device: FleetDevice, payload: Uint8Array, packet: IPublishPacket): Promise<void> {
    const command = parsePayload('command', payload);
    if (!command.ok) {
      this.options.log.warn({ device: device.code, reason: command.reason }, `模拟设备 ${device.code} 收到无效命令：${command.reason}`);
      return;
    }
    const [min, max] = this.options.ackDelayMs ?? [0, 0];
    if (max > 0) await new Promise((resolve) => setTimeout(resolve, min + (max - min) * this.random()));
    applyCommandEffect(this.options.catalog.byPage(device.kind), command.value.command, command.value.params, device.state);
    const state = Object.keys(device.state).length ? { state: { ...device.state } } : {};
    this.commandsAnswered.set(device.deviceId, (this.commandsAnswered.get(device.deviceId) ?? 0) + 1);
    const { responseTopic, correlationData } = packet.properties ?? {};
    // A device publishes only under its own topics (the broker's ACL would refuse anything else anyway).
    const plain = typeof this.options.plainAcks === 'function' ? this.options.plainAcks(device) : this.options.plainAcks === true;
    if (!plain && responseTopic?.startsWith(`${deviceTopic(device.tenantId, device.code, 'ack')}/`) && correlationData) {
      const ack: AckMessage = { success: true, message: '执行成功', ...state };
      await client.publishAsync(responseTopic, JSON.stringify(ack), { qos: 1, properties: { correlationData } }).catch(() => undefined);
      return;
    }
    const ack: AckMessage = { id: command.value.id, success: true, message: '执行成功', ...state };
    await this.publish(client, device, 'ack', ack).catch(() => undefined);
  }
}
