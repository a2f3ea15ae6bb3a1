import { productSocketRoutes } from '../../contracts/api/intercomRoutes';
import type { ProductSocketMessage, TempCallData } from '../../contracts/videoRooms';
import { busTopic, type EventBus } from '../push/EventBus';

/** Spec section 4: reconnect on close fewer than 3 times, 500 ms × the attempt number. */
export const PRODUCT_SOCKET_RETRY_MS = 500;
export const PRODUCT_SOCKET_MAX_RECONNECTS = 2;

/** In-app topics the product socket publishes on (EventBus). */
export const PRODUCT_SOCKET_TOPICS = {
  /** Results -3 / -4. */
  repeatLogin: busTopic<RepeatLogin>('productSocket.repeatLogin'),
  /** tempcall result 2. */
  incomingCall: busTopic<TempCallData>('productSocket.tempcall.incoming'),
  /** tempcall result 1. */
  hangup: busTopic<TempCallHangup>('productSocket.tempcall.hangup'),
};

export interface RepeatLogin {
  result: -3 | -4;
  message: string;
}
export type { TempCallData };
/** Someone left the call `gid`. */
export interface TempCallHangup {
  gid: number;
  byUserId: number;
}

export interface ProductSocketDeps {
  /** Trades the session for a one-time ticket (POST /productSocket/ticket). */
  getTicket(): Promise<string>;
  /** ws(s):// address of the product socket. */
  url(): string;
  bus: EventBus;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The product socket (spec sections 3, 4, 7): logout closes it for good; results -3 and -4 raise the
 * repeat-login event; tempcall result 1 is a hangup and result 2 an incoming call. An unintended close
 * reconnects at most twice, 500 ms × the attempt, counting again once a connection opens.
 */
export class ProductSocketClient {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private attempts = 0;

  constructor(private readonly deps: ProductSocketDeps) {}

  start(): void {
    this.stop();
    this.stopped = false;
    this.attempts = 0;
    void this.connect();
  }

  /** Closes on purpose: no reconnect. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client stop');
    }
  }

  get running(): boolean {
    return !this.stopped;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let ticket: string;
    try {
      ticket = await this.deps.getTicket();
    } catch {
      return this.reconnect();
    }
    if (this.stopped) return;
    const socket = (this.deps.createSocket ?? ((url) => new WebSocket(url)))(
      `${this.deps.url()}?${new URLSearchParams({ token: ticket }).toString()}`,
    );
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket === socket) this.socket = undefined;
      this.reconnect();
    };
  }

  private reconnect(): void {
    if (this.stopped || this.timer || this.attempts >= PRODUCT_SOCKET_MAX_RECONNECTS) return;
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, PRODUCT_SOCKET_RETRY_MS * this.attempts);
  }

  /** Reads one frame; anything that is not a product socket message is ignored. */
  receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: ProductSocketMessage;
    try {
      message = JSON.parse(raw) as ProductSocketMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if (message.response === 'logout') return this.stop();
    if (message.result === -3 || message.result === -4) {
      const text = (message.data as { message?: unknown } | undefined)?.message;
      const event: RepeatLogin = { result: message.result, message: typeof text === 'string' ? text : '' };
      // The session is over elsewhere: no reconnect with it.
      this.stop();
      return this.deps.bus.publish(PRODUCT_SOCKET_TOPICS.repeatLogin, event);
    }
    if (message.response === 'tempcall') {
      if (message.result === 1 && message.data) this.deps.bus.publish(PRODUCT_SOCKET_TOPICS.hangup, message.data);
      else if (message.result === 2 && message.data) this.deps.bus.publish(PRODUCT_SOCKET_TOPICS.incomingCall, message.data);
    }
  }
}

/** The socket address: the configured one, else the declared socket path under the API base, with a ws scheme. */
export function productSocketUrlFor(
  productSocketUrl: string | null | undefined,
  apiBaseUrl: string,
  location: Pick<Location, 'protocol' | 'host'>,
): string {
  if (productSocketUrl) return productSocketUrl;
  const path = productSocketRoutes.socket.path;
  if (/^https?:\/\//.test(apiBaseUrl)) return `${apiBaseUrl.replace(/^http/, 'ws')}${path}`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiBaseUrl}${path}`;
}
