// The bare baseline of bench/capacity's CPU part: the SAME paced load (bench/capacity/pacedLoad.ts, the
// same devices and rate) through a Mosquitto of its own with the same accounts and ACL, split over N bare
// consumers (bench/capacity/bareConsumer.ts: mqtt.js, the instances' shared subscriptions, no database)
// instead of N server instances. Measured right after the instances' setup of the same N, in the same
// run, so both see the same machine: its x3/x1 is what splitting one stream over three processes costs
// here with no coordination at all, and the instances' x3/x1 divided by it is what the cluster adds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SERVER_USERNAME, loadSecret, secretFileOf, serverPassword, writeBrokerFiles } from '../../server/mqtt/credentials';
import { DEFAULTS } from '../../server/mqtt/MqttDeviceGateway';
import { freePort, startMosquitto, type RunningBroker } from '../../server/mqtt/testing/mosquitto';
import { processTicks, TICKS, wakeups } from '../scale/cpuTime';
import { ROOT, sleep } from '../scale/settings';
import type { BareConsumerEvent, BareConsumerSpec } from './bareConsumer';
import { startJsonChild, type JsonChild } from './jsonChild';
import type { PacedDevice, PacedEvent, PacedSpec } from './pacedLoad';
import { waitUntil } from './waitUntil';

export interface BareSetup {
  consumers: number;
  messages: number;
  seconds: number;
  /** The consumers' CPU seconds in the window, in all and each. */
  cpu: number;
  perConsumer: number[];
  /** Their wake-ups (voluntary context switches) in the window. */
  wakeups: number;
}

export interface BareBaseline {
  measure(consumers: number): Promise<BareSetup>;
  stop(): Promise<void>;
}

export async function startBareBaseline(options: {
  dir: string;
  devices: PacedDevice[];
  rate: number;
  warmupSeconds: number;
  seconds: number;
}): Promise<BareBaseline> {
  const dir = join(options.dir, 'bare');
  mkdirSync(join(dir, 'mosquitto'), { recursive: true });
  const secret = loadSecret(dir, { create: true });
  const account = { username: DEFAULT_SERVER_USERNAME, password: serverPassword(secret, DEFAULT_SERVER_USERNAME) };
  const port = await freePort();
  const files = writeBrokerFiles(dir, { server: account, devices: options.devices, secret }, { host: '127.0.0.1', port });
  const broker: RunningBroker = await startMosquitto({
    dir: join(dir, 'mosquitto'),
    passwordFile: files.passwordFile,
    aclFile: files.aclFile,
    port,
  });
  let load: JsonChild<PacedEvent> | undefined;
  try {
    const specFile = join(dir, 'paced.json');
    const spec: PacedSpec = { url: broker.url, secretFile: secretFileOf(dir), devices: options.devices, rate: options.rate };
    writeFileSync(specFile, JSON.stringify(spec));
    load = startJsonChild<PacedEvent>(join(ROOT, 'bench', 'capacity', 'pacedLoad.ts'), [specFile]);
    const ready = await load.next('ready');
    if (ready.failed) throw new Error(`基线：${ready.failed} 台设备未能连接 MQTT 代理（${ready.firstError ?? ''}）`);
  } catch (error) {
    await load?.stop();
    await broker.stop();
    throw error;
  }
  const paced = load;
  let round = 0;

  const run = async (seconds: number) => {
    paced.send(`run ${seconds}`);
    const ran = await paced.next('ran');
    if (ran.errors) throw new Error(`基线：${ran.errors} 条消息发布失败（${ran.firstError ?? ''}）`);
    return ran.published;
  };

  return {
    async measure(count) {
      round++;
      const consumers = Array.from({ length: count }, (_, index) =>
        startJsonChild<BareConsumerEvent>(join(ROOT, 'bench', 'capacity', 'bareConsumer.ts'), [
          JSON.stringify({
            url: broker.url,
            ...account,
            clientId: `bare-${round}-${index + 1}`,
            // As MqttDeviceGateway asks for: room for a few batches unacknowledged.
            receiveMaximum: Math.min(65_535, Math.max(1000, DEFAULTS.batchRows * 4)),
          } satisfies BareConsumerSpec),
        ]),
      );
      try {
        await Promise.all(consumers.map((consumer) => consumer.next('ready')));
        const received = async () => {
          let total = 0;
          for (const consumer of consumers) {
            consumer.send('count');
            total += (await consumer.next('count')).received;
          }
          return total;
        };
        const allIn = (target: number) => waitUntil(async () => (await received()) >= target, '基线消息全部收到', 30_000, 100);
        if (options.warmupSeconds > 0) {
          const from = await received();
          await allIn(from + (await run(options.warmupSeconds)));
        }
        await sleep(1500);
        const pids = consumers.map((consumer) => consumer.child.pid!);
        const from = await received();
        const ticksBefore = pids.map(processTicks);
        const wakeupsBefore = wakeups(pids);
        const startedAt = performance.now();
        const published = await run(options.seconds);
        await allIn(from + published);
        const ticksAfter = pids.map(processTicks);
        const wakeupsAfter = wakeups(pids);
        const seconds = (performance.now() - startedAt) / 1000;
        const got = (await received()) - from;
        if (got !== published) throw new Error(`基线消息不符：发布 ${published}，收到 ${got}`);
        const perConsumer = pids.map((_, index) => (ticksAfter[index]! - ticksBefore[index]!) / TICKS);
        return {
          consumers: count,
          messages: published,
          seconds,
          cpu: perConsumer.reduce((total, value) => total + value, 0),
          perConsumer,
          wakeups: wakeupsAfter - wakeupsBefore,
        };
      } finally {
        await Promise.all(consumers.map((consumer) => consumer.stop()));
      }
    },
    async stop() {
      await paced.stop();
      await broker.stop();
    },
  };
}
