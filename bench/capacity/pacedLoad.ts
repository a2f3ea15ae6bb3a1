// The paced device load of bench/capacity's CPU part, a child process of its own:
// `node --import tsx bench/capacity/pacedLoad.ts <spec.json>`.
//
// Every device connects with its own account (server/mqtt/testing/LeanDevice.ts, a minimal MQTT 5
// client). Unlike bench/scale/telemetryLoad.ts (as fast as it can), the messages go out at a FIXED rate,
// round-robin over the devices, so the server has headroom and its CPU per message is what is measured.
// The devices marked `flips` alternate an offline status with a telemetry report (back online): each of
// their messages changes the device's state, which the server pushes to the tenant's operators.
// Commands on stdin, one per line; events on stdout as JSON lines:
//   (start)        → {"type":"ready","connected":n,"failed":n}
//   run <seconds>  → publishes rate × seconds messages, paced   → {"type":"ran","published":n,"flips":n,"errors":n}
//   stop           → disconnects and exits.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { devicePassword, deviceUsername, loadSecret } from '../../server/mqtt/credentials';
import { LeanDevice } from '../../server/mqtt/testing/LeanDevice';
import { deviceTopic } from '../../server/mqtt/topics';
import { errorMessage } from '../../contracts/errorMessage';

export interface PacedDevice {
  tenantId: number;
  code: string;
  /** A numeric telemetry field of its kind. */
  field: string;
  /** Alternates offline status and telemetry (every message a state change that is pushed). */
  flips: boolean;
}

export interface PacedSpec {
  url: string;
  secretFile: string;
  devices: PacedDevice[];
  /** Messages per second over all devices. */
  rate: number;
}

export type PacedEvent =
  | { type: 'ready'; connected: number; failed: number; firstError?: string }
  | { type: 'ran'; published: number; flips: number; errors: number; firstError?: string; lateMs: number }
  | { type: 'error'; message: string };

const endProcess: (code?: number) => never = process.exit.bind(process);
const emit = (event: PacedEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

interface Member {
  device: PacedDevice;
  client: LeanDevice;
  statusTopic: string;
  sent: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as PacedSpec;
  const secret = loadSecret('', { create: false, secretFile: spec.secretFile });
  const broker = new URL(spec.url);
  const members: Member[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const queue = [...spec.devices];
  await Promise.all(
    Array.from({ length: Math.min(50, queue.length) }, async () => {
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
        } else members.push({ device, client, statusTopic: deviceTopic(device.tenantId, device.code, 'status'), sent: 0 });
      }
    }),
  );
  emit({ type: 'ready', connected: members.length, failed, ...(firstError ? { firstError } : {}) });

  let next = 0;
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, argument] = line.trim().split(/\s+/);
    if (command === 'stop') break;
    if (command !== 'run') continue;
    const total = Math.round(spec.rate * Number(argument));
    let published = 0;
    let flips = 0;
    let errors = 0;
    let runError: string | undefined;
    let lateMs = 0;
    const acks: Promise<void>[] = [];
    const start = performance.now();
    while (published < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * spec.rate) + 1);
      for (; published < due; published++) {
        const member = members[next++ % members.length]!;
        member.sent++;
        const offline = member.device.flips && member.sent % 2 === 1;
        if (member.device.flips) flips++;
        const sent = offline
          ? member.client.publish('{"online":false}', member.statusTopic)
          : member.client.publish(JSON.stringify({ values: { [member.device.field]: member.sent } }));
        acks.push(
          sent.then((error) => {
            if (!error) return;
            errors++;
            runError ??= `${member.device.code}：${error}`;
          }),
        );
      }
      // How far behind schedule this process fell (it must not be the limit).
      lateMs = Math.max(lateMs, performance.now() - start - (published / spec.rate) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(acks);
    emit({ type: 'ran', published, flips, errors, lateMs: Math.round(lateMs), ...(runError ? { firstError: runError } : {}) });
  }
  await Promise.all(members.map((member) => member.client.end().catch(() => undefined)));
  setTimeout(() => endProcess(0), 200).unref();
}

main().catch((error: unknown) => {
  emit({ type: 'error', message: errorMessage(error) });
  process.exitCode = 1;
});
