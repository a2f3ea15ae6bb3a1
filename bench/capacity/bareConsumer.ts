// One bare consumer of bench/capacity's CPU baseline, a child process of its own:
// `node --import tsx bench/capacity/bareConsumer.ts '<spec json>'`.
//
// What a server instance does to receive the devices' messages and nothing more: the same library
// (mqtt.js), protocol (MQTT 5), account, shared subscriptions, QoS 1 and receive maximum as
// MqttDeviceGateway, each payload parsed as JSON and counted; mqtt.js acknowledges it at once. No
// database, no batches, no push, no cluster: N of these splitting one stream show what splitting it
// over N processes costs on this machine by itself.
// Commands on stdin: `count` → {"type":"count","received":n}; `stop` → exits.
// Prints {"type":"ready"} once subscribed.
import mqtt from 'mqtt';
import { createInterface } from 'node:readline';
import { errorMessage } from '../../contracts/errorMessage';
import { SHARED_SUBSCRIPTIONS } from '../../server/mqtt/topics';

export interface BareConsumerSpec {
  url: string;
  username: string;
  password: string;
  clientId: string;
  receiveMaximum: number;
}

export type BareConsumerEvent = { type: 'ready' } | { type: 'count'; received: number } | { type: 'error'; message: string };

const endProcess: (code?: number) => never = process.exit.bind(process);
const emit = (event: BareConsumerEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as BareConsumerSpec;
  let received = 0;
  let malformed = 0;
  const client = mqtt.connect(spec.url, {
    protocolVersion: 5,
    clientId: spec.clientId,
    username: spec.username,
    password: spec.password,
    clean: true,
    reconnectPeriod: 0,
    properties: { receiveMaximum: spec.receiveMaximum },
  });
  client.on('message', (_topic, payload) => {
    try {
      JSON.parse(payload.toString('utf8'));
      received++;
    } catch {
      malformed++;
    }
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const granted = await client.subscribeAsync([...SHARED_SUBSCRIPTIONS], { qos: 1 });
  const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
  if (refused.length) throw new Error(`订阅被拒绝：${refused.join('、')}`);
  emit({ type: 'ready' });
  for await (const line of createInterface({ input: process.stdin })) {
    const command = line.trim();
    if (command === 'count') {
      if (malformed) throw new Error(`${malformed} 条消息不是 JSON`);
      emit({ type: 'count', received });
    } else if (command === 'stop') break;
  }
  await client.endAsync(true);
  setTimeout(() => endProcess(0), 100).unref();
}

main().catch((error: unknown) => {
  emit({ type: 'error', message: errorMessage(error) });
  process.exitCode = 1;
  setTimeout(() => endProcess(1), 100).unref();
});
