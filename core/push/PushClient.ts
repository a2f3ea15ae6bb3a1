import { pushRoutes } from '../../contracts/api/pushRoutes';
import { parsePushMessage, PUSH_CLOSE_RECONNECT_NOW, PUSH_TOPICS, type PushMessage, type PushTopicDeclaration } from '../../contracts/push';
import pushEvents from '../../registry/pushEvents.json';
import type { PushEventRoute } from '../../schemas/registry/push-events.schema.gen';
import type { EventBus } from './EventBus';
import { PUSH_TOPIC_ALL, routedPushTopic, type RoutedPush } from './RoutedPush';
import { declaredPushValidator, pushSchemaError } from './pushValidator';

/** Spec section 4: reconnect 10 s after an unintended close; jitter spreads a fleet of browsers. */
export const PUSH_RECONNECT_MS = 10_000;
export const PUSH_RECONNECT_JITTER_MS = 2_000;
/** After a draining server's close (1012): at once, spread over this much so a fleet does not land in one tick. */
export const PUSH_DRAIN_RECONNECT_JITTER_MS = 250;
/** A frame larger than this is not a push message; it is logged and dropped. */
export const MAX_PUSH_FRAME_CHARS = 64 * 1024;

export type { PushMessage, RoutedPush };
export { PUSH_TOPIC_ALL };

const routes = (pushEvents as { events: Record<string, PushEventRoute | undefined> }).events;

export interface PushClientDeps {
  /** Trades the session for a single-use ticket (POST /push/ticket). */
  getTicket(): Promise<string>;
  /** ws(s):// address of the push socket. */
  url(): string;
  bus: EventBus;
  /** Where the last sequence id seen is kept per tenant, so a reload resumes without loss. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  /** Overrides the spec's 10 s (tests that restart the server many times). */
  reconnectMs?: number;
  /** The topics whose data is checked before anything sees a message (default: every topic the server sends). */
  topics?: readonly PushTopicDeclaration[];
}

/**
 * The push connection: connects with the last sequence id seen, receives what it missed first,
 * drops duplicates, forwards each message on the in-app bus under its registry topic, and reconnects
 * 10 s (plus jitter) after an unintended close, at once after a draining server's (1012).
 */
export class PushClient {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private tenantKey = '';
  private readonly topics: ReadonlyMap<string, PushTopicDeclaration>;

  constructor(private readonly deps: PushClientDeps) {
    this.topics = new Map((deps.topics ?? PUSH_TOPICS).map((topic) => [topic.eventType, topic]));
  }

  start(tenantId: number): void {
    this.stop();
    this.stopped = false;
    this.tenantKey = `push-last-seq:${tenantId}`;
    void this.connect();
  }

  /** Closes on purpose: no reconnect (logout, tenant switch). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'client stop');
  }

  get lastSeq(): number | undefined {
    const stored = this.deps.storage?.getItem(this.tenantKey);
    return stored ? Number(stored) : undefined;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let ticket: string;
    try {
      ticket = await this.deps.getTicket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) return;
    const query = new URLSearchParams({ token: ticket });
    if (this.lastSeq !== undefined) query.set('lastId', String(this.lastSeq));
    const socket = (this.deps.createSocket ?? ((url) => new WebSocket(url)))(`${this.deps.url()}?${query.toString()}`);
    this.socket = socket;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event?: CloseEvent) => {
      if (this.socket === socket) this.socket = undefined;
      this.scheduleReconnect(event?.code === PUSH_CLOSE_RECONNECT_NOW);
    };
  }

  private scheduleReconnect(now = false): void {
    if (this.stopped || this.timer) return;
    const random = (this.deps.random ?? Math.random)();
    const base = this.deps.reconnectMs ?? PUSH_RECONNECT_MS;
    const delay = now
      ? Math.floor(random * PUSH_DRAIN_RECONNECT_JITTER_MS)
      : base + Math.floor(random * Math.min(PUSH_RECONNECT_JITTER_MS, base / 5));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }

  /**
   * Checks, de-duplicates and routes one frame: a message of a declared topic whose data fails the
   * topic's schema is dropped like a malformed frame; anything dropped is logged and ignored.
   */
  receive(raw: unknown): void {
    if (typeof raw !== 'string' || raw.length > MAX_PUSH_FRAME_CHARS) {
      console.warn('忽略推送：帧为空或过大');
      return;
    }
    const message = parsePushMessage(raw);
    if (!message) {
      console.warn('忽略推送：格式不正确');
      return;
    }
    const last = this.lastSeq;
    if (last !== undefined && message.seq <= last) return;
    this.deps.storage?.setItem(this.tenantKey, String(message.seq));
    const route = routes[message.eventType];
    if (!route) {
      console.warn(`忽略推送：未知事件类型 ${message.eventType}`);
      return;
    }
    const topic = this.topics.get(message.eventType);
    if (topic) {
      const validate = declaredPushValidator(topic);
      if (!validate(message.data)) {
        console.warn(`忽略推送：${message.eventType} 的数据不符合约定（${pushSchemaError(validate)}）`);
        return;
      }
    }
    const routed: RoutedPush = { message, route };
    this.deps.bus.publish(routedPushTopic(route.topic), routed);
    this.deps.bus.publish(PUSH_TOPIC_ALL, routed);
  }
}

/** The socket address: the configured one, else the API base with a ws scheme. */
export function pushUrlFor(pushUrl: string | null, apiBaseUrl: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (pushUrl) return pushUrl;
  const path = pushRoutes.socket.path;
  if (/^https?:\/\//.test(apiBaseUrl)) return `${apiBaseUrl.replace(/^http/, 'ws')}${path}`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiBaseUrl}${path}`;
}
