import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmPushTopic, definePushTopic } from '../../contracts/push';
import { integer, object } from '../../contracts/push/pushSchema';
import { SimpleEventBus } from './EventBus';
import { PUSH_CLOSE_RECONNECT_NOW } from '../../contracts/push';
import { PUSH_DRAIN_RECONNECT_JITTER_MS, PUSH_RECONNECT_MS, PushClient, pushUrlFor } from './PushClient';
import { PUSH_TOPIC_ALL, routedPushTopic, type RoutedPush } from './RoutedPush';

class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  deliver(data: unknown) {
    this.onmessage?.({ data });
  }
}

/** A frame of an event type no topic declares (a production backend's alarm kind): it is only routed. */
const frame = (seq: number, eventType = 'FIRE_FIGHTING_EVENT', data: object = { alarmContent: `告警${seq}` }) =>
  JSON.stringify({ code: 200, eventType, seq, data });

/** A DEVICE_ALARM as the reference server pushes it (alarmPushTopic). */
const alarm = (alarmId: number) => ({
  alarmId,
  alarmType: 'SMOKE',
  alarmTypeName: '烟感报警',
  grade: 'ALARM_GRADE_HIGH',
  status: 'ALARM_STATUS_UNTREATED',
  statusName: '待处理',
  deviceId: 3,
  deviceName: '烟感 3',
  longitude: 106.5,
  latitude: 29.5,
  alarmContent: '烟雾浓度超标',
  alarmDesc: '',
  assigneeId: null,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  targetPage: { module: 'alarmManage', child: 'eventCenter' },
});

function setup() {
  const bus = new SimpleEventBus();
  const received: RoutedPush[] = [];
  bus.subscribe(PUSH_TOPIC_ALL, (push) => received.push(push));
  const store = new Map<string, string>();
  const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
  let tickets = 0;
  const client = new PushClient({
    bus,
    storage,
    url: () => 'ws://host/api/push/ws',
    getTicket: async () => `ticket-${++tickets}`,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0.5,
  });
  return { client, received, store, bus };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PushClient', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
  });
  afterEach(() => vi.useRealTimers());

  it('forwards messages on their registry topic and drops duplicates and old ones', async () => {
    const { client, received, bus } = setup();
    const alarms: RoutedPush[] = [];
    bus.subscribe(routedPushTopic('emergency.fireFighting'), (push) => alarms.push(push));
    client.start(1);
    await flush();
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toBe('ws://host/api/push/ws?token=ticket-1');
    socket.deliver(frame(1));
    socket.deliver(frame(2));
    socket.deliver(frame(2));
    socket.deliver(frame(1));
    expect(received.map((entry) => entry.message.seq)).toEqual([1, 2]);
    expect(alarms).toHaveLength(2);
    expect(received[0]!.route).toMatchObject({ action: 'toast', topic: 'emergency.fireFighting' });
  });

  it("drops and logs a message of a declared topic whose data fails the topic's schema; good ones pass", async () => {
    const { client, received } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.start(1);
    await flush();
    const socket = FakeSocket.opened[0]!;
    socket.deliver(frame(1, alarmPushTopic.eventType, { ...alarm(1), alarmId: '1' }));
    socket.deliver(frame(2, alarmPushTopic.eventType, { alarmContent: '缺字段' }));
    socket.deliver(frame(3, alarmPushTopic.eventType, { ...alarm(3), longitude: 'east' }));
    expect(received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]![0]).toContain('忽略推送：DEVICE_ALARM 的数据不符合约定');
    expect(warn.mock.calls[0]![0]).toContain('data/alarmId');
    socket.deliver(frame(4, alarmPushTopic.eventType, alarm(4)));
    socket.deliver(frame(5, alarmPushTopic.eventType, { ...alarm(5), extraField: 'a newer server may add fields' }));
    expect(received.map((entry) => entry.message.seq)).toEqual([4, 5]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('checks the topics it is given instead of the default list', async () => {
    const bus = new SimpleEventBus();
    const received: number[] = [];
    bus.subscribe(PUSH_TOPIC_ALL, (push) => received.push(push.message.seq));
    const strict = definePushTopic<{ count: number }>({ eventType: 'FIRE_FIGHTING_EVENT', schema: object({ count: integer() }) });
    const client = new PushClient({
      bus,
      url: () => 'ws://host/api/push/ws',
      getTicket: async () => 'ticket',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      topics: [strict],
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.start(1);
    await flush();
    FakeSocket.opened[0]!.deliver(frame(1));
    FakeSocket.opened[0]!.deliver(frame(2, 'FIRE_FIGHTING_EVENT', { count: 2 }));
    FakeSocket.opened[0]!.deliver(frame(3, alarmPushTopic.eventType, { notAnAlarm: true }));
    expect(received).toEqual([2, 3]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('ignores malformed frames, unknown event types and oversized frames without throwing', async () => {
    const { client, received } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.start(1);
    await flush();
    const socket = FakeSocket.opened[0]!;
    const malformed = [
      '{nope',
      '42',
      JSON.stringify({ seq: 'x' }),
      JSON.stringify({ code: 200, eventType: 'DEVICE_ALARM', seq: 1, data: [] }),
      JSON.stringify({ code: 200, eventType: 'DEVICE_ALARM', seq: 1, data: null }),
      frame(1, 'NO_SUCH_EVENT'),
      'x'.repeat(70_000),
      new ArrayBuffer(4),
    ];
    for (const bad of malformed) expect(() => socket.deliver(bad)).not.toThrow();
    socket.deliver(frame(2));
    expect(received.map((entry) => entry.message.seq)).toEqual([2]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reconnects 10 s (plus jitter) after an unintended close, asking for what it missed', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    client.start(7);
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.opened[0]!.deliver(frame(5));
    FakeSocket.opened[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000 + 1);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(FakeSocket.opened[1]!.url).toBe('ws://host/api/push/ws?token=ticket-2&lastId=5');
  });

  it('reconnects at once, with its lastId, when a draining server closes with 1012', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    client.start(7);
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.opened[0]!.deliver(frame(9));
    FakeSocket.opened[0]!.onclose?.({ code: PUSH_CLOSE_RECONNECT_NOW });
    // random() is 0.5: half the drain jitter, far below the 10 s of an unintended close.
    await vi.advanceTimersByTimeAsync(PUSH_DRAIN_RECONNECT_JITTER_MS / 2 + 1);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(FakeSocket.opened[1]!.url).toBe('ws://host/api/push/ws?token=ticket-2&lastId=9');
    // Any other code keeps the spec's wait.
    FakeSocket.opened[1]!.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS - 1);
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('does not reconnect after it was closed on purpose', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    client.start(1);
    await vi.advanceTimersByTimeAsync(0);
    client.stop();
    expect(FakeSocket.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('keeps the last sequence id per tenant', async () => {
    const { client, store } = setup();
    client.start(1);
    await flush();
    FakeSocket.opened[0]!.deliver(frame(9));
    client.start(2);
    await flush();
    expect(FakeSocket.opened[1]!.url).not.toContain('lastId');
    expect(store.get('push-last-seq:1')).toBe('9');
  });
});

describe('pushUrlFor', () => {
  it('uses the configured address, else the API base with a ws scheme', () => {
    expect(pushUrlFor('wss://push.example.com/ws', '/api', { protocol: 'https:', host: 'a' })).toBe('wss://push.example.com/ws');
    expect(pushUrlFor(null, '/api', { protocol: 'https:', host: 'ops.example.com' })).toBe('wss://ops.example.com/api/push/ws');
    expect(pushUrlFor(null, '/api', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/push/ws');
    expect(pushUrlFor(null, 'https://ops.example.com/prod-api', { protocol: 'http:', host: 'x' })).toBe(
      'wss://ops.example.com/prod-api/push/ws',
    );
  });
});
