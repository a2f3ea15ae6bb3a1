import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimpleEventBus } from '../push/EventBus';
import { PRODUCT_SOCKET_TOPICS, ProductSocketClient, productSocketUrlFor } from './ProductSocket';

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const bus = new SimpleEventBus();
  const events: [string, unknown][] = [];
  const { repeatLogin, incomingCall, hangup } = PRODUCT_SOCKET_TOPICS;
  bus.subscribe(repeatLogin, (payload) => events.push([repeatLogin.name, payload]));
  bus.subscribe(incomingCall, (payload) => events.push([incomingCall.name, payload]));
  bus.subscribe(hangup, (payload) => events.push([hangup.name, payload]));
  const getTicket = vi.fn(async () => `ticket-${getTicket.mock.calls.length}`);
  const client = new ProductSocketClient({
    bus,
    getTicket,
    url: () => 'ws://host/api/productSocket',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { client, sockets, events, getTicket };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('ProductSocketClient (spec sections 3, 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects with a one-time ticket', async () => {
    const { client, sockets } = setup();
    client.start();
    await flush();
    expect(sockets[0]!.url).toBe('ws://host/api/productSocket?token=ticket-1');
  });

  it('reconnects fewer than 3 times, 500 ms × the attempt; an open connection counts again', async () => {
    const { client, sockets } = setup();
    client.start();
    await flush();
    sockets[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.onclose?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.onclose?.();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(3);

    const again = setup();
    again.client.start();
    await flush();
    again.sockets[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(500);
    again.sockets[1]!.onopen?.();
    again.sockets[1]!.onclose?.();
    await vi.advanceTimersByTimeAsync(500);
    expect(again.sockets).toHaveLength(3);
  });

  it('logout closes it for good', async () => {
    const { client, sockets } = setup();
    client.start();
    await flush();
    client.receive(JSON.stringify({ response: 'logout', result: 0 }));
    expect(sockets[0]!.closed).toBe(true);
    expect(client.running).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('results -3 and -4 raise the repeat-login event', async () => {
    const { client, events } = setup();
    client.start();
    await flush();
    client.receive(JSON.stringify({ response: 'login', result: -3, data: { message: '账号在其他地方登录' } }));
    client.receive(JSON.stringify({ response: 'login', result: -4, data: { message: '管理员强制下线' } }));
    expect(events).toEqual([
      [PRODUCT_SOCKET_TOPICS.repeatLogin.name, { result: -3, message: '账号在其他地方登录' }],
      [PRODUCT_SOCKET_TOPICS.repeatLogin.name, { result: -4, message: '管理员强制下线' }],
    ]);
  });

  it('tempcall: result 1 is a hangup, result 2 an incoming call; anything else is ignored', () => {
    const { client, events } = setup();
    const call = { gid: 5, name: '群组12', fromUserId: 2, fromName: '乙', uids: [1, 2], join: { room: 9 } };
    client.receive(JSON.stringify({ response: 'tempcall', result: 2, data: call }));
    client.receive(JSON.stringify({ response: 'tempcall', result: 1, data: { gid: 5, byUserId: 2 } }));
    client.receive('not json');
    client.receive(JSON.stringify({ response: 'tempcall', result: 7, data: {} }));
    expect(events).toEqual([
      [PRODUCT_SOCKET_TOPICS.incomingCall.name, call],
      [PRODUCT_SOCKET_TOPICS.hangup.name, { gid: 5, byUserId: 2 }],
    ]);
  });

  it('address: configured, else the API base with a ws scheme plus /productSocket', () => {
    const location = { protocol: 'https:', host: 'ops.example.com' };
    expect(productSocketUrlFor('wss://ps.example.com/socket', '/api', location)).toBe('wss://ps.example.com/socket');
    expect(productSocketUrlFor(null, '/api', location)).toBe('wss://ops.example.com/api/productSocket');
    expect(productSocketUrlFor(undefined, 'http://10.0.0.2:8080/prod-api', location)).toBe('ws://10.0.0.2:8080/prod-api/productSocket');
  });
});
