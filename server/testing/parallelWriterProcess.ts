// One server instance in its own process for server/db/parallelWriters.test.ts: starts on DATA_DIR
// (SQLite) or DATABASE_URL (PostgreSQL), says "ready", waits for "go" on stdin so that every instance
// writes at the same moment, writes, prints what it wrote as one JSON line and stops.
import { createInterface } from 'node:readline';
import { createServer } from '../createServer';
import { writeAtOnce } from './parallelWriters';

const { DATA_DIR, DATABASE_URL, LABEL, TENANT_ID, COUNT, ALARM_TYPE } = process.env;
const app = await createServer({ dataDir: DATA_DIR ?? '', ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}) });
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) if (line.trim() === 'go') break;
lines.close();
const written = await writeAtOnce(app.services, {
  label: LABEL ?? 'child',
  tenantId: Number(TENANT_ID),
  count: Number(COUNT),
  alarmType: ALARM_TYPE ?? '',
});
process.stdout.write(`${JSON.stringify(written)}\n`);
await app.app.close();
