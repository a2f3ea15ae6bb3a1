// Loaded into each server instance by bench/scale.ts (`node --import tsx --import <this file> server/main.ts`):
// reads the MQTT ingest's own counters (MqttIngest.stats: received, dropped, reports written, batches)
// so the benchmark can check that every message it published was stored and none was dropped. It only
// reads: on SIGUSR2 it prints one line `BENCH_INGEST {…}` with the counters summed over the process's
// ingests. The ingest is found by the first message it handles (the server keeps it private).
import { MqttIngest, type IngestStats } from '../../server/mqtt/MqttIngest';
import { PROBE_PREFIX } from './protocol';

const ingests = new Set<MqttIngest>();
const handle = MqttIngest.prototype.handle;
MqttIngest.prototype.handle = function (this: MqttIngest, ...args: Parameters<MqttIngest['handle']>) {
  ingests.add(this);
  return handle.apply(this, args);
};

process.on('SIGUSR2', () => {
  const total: Record<string, number> = {};
  for (const ingest of ingests) {
    for (const [key, value] of Object.entries(ingest.stats as IngestStats & Record<string, unknown>))
      if (typeof value === 'number') total[key] = (total[key] ?? 0) + value;
  }
  process.stdout.write(`${PROBE_PREFIX}${JSON.stringify({ ...total, ingests: ingests.size })}\n`);
});
