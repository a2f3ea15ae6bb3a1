// Device list and search latency of the reference server at about 1k and 10k devices per tenant,
// measured in the same run (Fastify inject, real SQLite files). Budget: search under 100 ms at 10k.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../server/createServer';

const SEARCH_BUDGET_MS = 100;
const RUNS = 30;

interface Figures {
  devices: number;
  firstPage: number;
  deepPage: number;
  search: number;
  groupPage: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(fleetScale: number): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-'));
  const app = await createServer({ dataDir, simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale } });
  const login = (await app.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json() as { token: string };
  const headers = { authorization: `Bearer ${login.token}` };
  const summary = (await app.app.inject({ method: 'GET', url: '/api/devi/aep/summary', headers })).json() as { data: { total: number }[] };
  const devices = summary.data.reduce((sum, entry) => sum + entry.total, 0);
  const lamps = (await app.app.inject({ method: 'GET', url: '/api/devi/aep/child?deviceType=lamp&pageSize=1', headers })).json() as {
    total: number;
  };
  const group = (
    (await app.app.inject({ method: 'GET', url: '/api/devi/aep/groups?deviceType=lamp', headers })).json() as {
      data: { groupId: number }[];
    }
  ).data[0]!.groupId;
  const time = async (url: string) => {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = process.hrtime.bigint();
      const response = await app.app.inject({ method: 'GET', url, headers });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      if ((response.json() as { code: number }).code !== 200) throw new Error(`${url} 失败：${response.body}`);
    }
    return median(samples);
  };
  const lastPage = Math.max(1, Math.ceil(lamps.total / 50));
  const figures = {
    devices,
    firstPage: await time('/api/devi/aep/child?deviceType=lamp&pageNum=1&pageSize=50'),
    deepPage: await time(`/api/devi/aep/child?deviceType=lamp&pageNum=${lastPage}&pageSize=50`),
    search: await time(`/api/devi/aep/search?deviceType=lamp&keyword=${encodeURIComponent('奥体中心')}&pageSize=50`),
    groupPage: await time(`/api/devi/aep/groupChild?groupId=${group}&pageSize=50`),
  };
  await app.app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

// Scale 1 seeds ≈ 430 devices per tenant.
const small = await measure(2.4);
const large = await measure(24);
const row = (label: string, key: keyof Omit<Figures, 'devices'>) =>
  console.info(
    `${label.padEnd(22)} ${small[key].toFixed(2).padStart(8)} ms ${large[key].toFixed(2).padStart(8)} ms   ratio ${(large[key] / small[key]).toFixed(2)}`,
  );
console.info(`devices per tenant      ${String(small.devices).padStart(8)}    ${String(large.devices).padStart(8)}`);
row('list, first page', 'firstPage');
row('list, last page', 'deepPage');
row('search by name', 'search');
row('group members', 'groupPage');
console.info(
  `search at ${large.devices} devices: ${large.search.toFixed(2)} ms (budget ${SEARCH_BUDGET_MS} ms, ratio ${(large.search / SEARCH_BUDGET_MS).toFixed(2)})`,
);
if (large.search > SEARCH_BUDGET_MS) process.exitCode = 1;
