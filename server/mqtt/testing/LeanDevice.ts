// A minimal MQTT 5 device connection for load generators (bench/scale, the shared-ingest test): CONNECT with user name and password,
// PUBLISH at QoS 1, PUBACK, DISCONNECT, and nothing else (no will, no subscriptions, no keep-alive
// pings, no reconnect). A full client (mqtt.js, which the simulated fleet uses) spends several times
// the CPU per message, and on a machine of few cores the generator shares them with the servers it
// measures. The packets are standard MQTT 5: the broker checks the account and the ACL as for any device.
import { connect as connectTcp, type Socket } from 'node:net';

const utf8 = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(2 + bytes.length);
  out.writeUInt16BE(bytes.length, 0);
  bytes.copy(out, 2);
  return out;
};

/** MQTT's variable byte integer. */
function varint(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return Buffer.from(bytes);
}

const packet = (first: number, body: Buffer) => Buffer.concat([Buffer.from([first]), varint(body.length), body]);

/** CONNECT, protocol 5, clean start, user name and password, keep-alive 0 (no pings), no properties. */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const header = Buffer.concat([utf8('MQTT'), Buffer.from([5, 0x80 | 0x40 | 0x02, 0, 0, 0])]);
  return packet(0x10, Buffer.concat([header, utf8(clientId), utf8(username), utf8(password)]));
}

/** The reason codes of a refused CONNACK (MQTT 5). */
const CONNACK_REASONS: Record<number, string> = {
  0x86: '用户名或密码错误',
  0x87: '未授权',
  0x85: '客户端标识无效',
  0x84: '协议版本不支持',
  0x89: '服务器忙',
  0x97: '超出配额',
};

export class LeanDevice {
  private socket: Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number, (error?: string) => void>();
  private readonly topicBytes: Buffer;
  private connected: ((error?: string) => void) | undefined;
  private closedWith: string | undefined;

  constructor(
    private readonly options: { host: string; port: number; clientId: string; username: string; password: string; topic: string },
  ) {
    this.topicBytes = utf8(options.topic);
  }

  /** Resolves with undefined once the broker accepted the connection, or with why not. */
  connect(timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish('连接超时'), timeoutMs);
      const finish = (error?: string) => {
        clearTimeout(timer);
        this.connected = undefined;
        resolve(error);
      };
      this.connected = finish;
      const socket = connectTcp({ host: this.options.host, port: this.options.port, noDelay: true });
      this.socket = socket;
      socket.once('connect', () => socket.write(connectPacket(this.options.clientId, this.options.username, this.options.password)));
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', (error) => this.close(error.message));
      socket.on('close', () => this.close('连接被关闭'));
    });
  }

  /** Publishes at QoS 1 (to its topic, or this one); resolves with undefined on the broker's PUBACK, or with why it failed. */
  publish(payload: string, topic?: string): Promise<string | undefined> {
    if (this.closedWith || !this.socket) return Promise.resolve(this.closedWith ?? '未连接');
    const id = this.nextId;
    this.nextId = this.nextId === 0xffff ? 1 : this.nextId + 1;
    const body = Buffer.from(payload, 'utf8');
    // Topic, packet id, properties length 0, payload.
    const head = Buffer.allocUnsafe(3);
    head.writeUInt16BE(id, 0);
    head[2] = 0;
    const topicBytes = topic === undefined ? this.topicBytes : utf8(topic);
    const length = topicBytes.length + 3 + body.length;
    this.socket.write(Buffer.concat([Buffer.from([0x32]), varint(length), topicBytes, head, body]));
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  async end(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => socket.end(Buffer.from([0xe0, 0x00]), () => resolve()));
    socket.destroy();
  }

  private close(reason: string): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.connected?.(reason);
    for (const resolve of this.waiting.values()) resolve(reason);
    this.waiting.clear();
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.buffer.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let at = 1;
      for (;;) {
        if (at >= this.buffer.length) return;
        const byte = this.buffer[at++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if (!(byte & 0x80)) break;
      }
      if (this.buffer.length < at + length) return;
      const type = this.buffer[0]! >> 4;
      const body = this.buffer.subarray(at, at + length);
      this.buffer = this.buffer.subarray(at + length);
      if (type === 2) {
        const reason = body[1] ?? 0;
        this.connected?.(reason === 0 ? undefined : (CONNACK_REASONS[reason] ?? `代理拒绝连接（原因码 0x${reason.toString(16)}）`));
      } else if (type === 4) {
        const id = body.readUInt16BE(0);
        const reason = length > 2 ? body[2]! : 0;
        const resolve = this.waiting.get(id);
        this.waiting.delete(id);
        // 0x10: accepted, no subscriber matched (nobody would store it) — a failure for the benchmark.
        resolve?.(reason === 0 ? undefined : `PUBACK 原因码 0x${reason.toString(16)}`);
      } else if (type === 14) this.close(`代理断开了连接（原因码 0x${(body[0] ?? 0).toString(16)}）`);
    }
  }
}
