import { availableParallelism } from 'node:os';
import { type PushResult } from './protocol';
import { type Setup, DEVICES, MESSAGES, PUSH_CLIENTS, PUSH_RATE, PUSH_SECONDS, TARGETS, say } from './settings';
import { cpuUse } from './cpuTime';

// ---------------------------------------------------------------- the results and their report

export interface TelemetryResult {
  devices: number;
  messages: number;
  storedPerSecond: number;
  publishedPerSecond: number;
  seconds: number;
  rows: number;
  batches: number;
  cpu: ReturnType<typeof cpuUse>;
  /** PostgreSQL: what the instances' sessions waited for while it ran. */
  pgWaits?: string;
}

export interface SetupResult {
  setup: Setup;
  telemetry?: TelemetryResult;
  push?: PushResult;
  bare?: PushResult;
  /** Cores used while the push clients ran. */
  pushCpu?: ReturnType<typeof cpuUse>;
  /** PostgreSQL: what the instances' sessions waited for while the alarms were raised. */
  pushWaits?: string;
  errors: string[];
}

export const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value)
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const mark = (ok: boolean) => (ok ? '✓' : '✗');

export function report(results: SetupResult[], machine: string): void {
  say(`\n=== bench/scale 结果 results ===\n${machine}`);
  say(
    `设备 ${fmt(results.find((r) => r.telemetry)?.telemetry?.devices ?? DEVICES)} 台（各自的 MQTT 账号），每套共 ${fmt(results.find((r) => r.telemetry)?.telemetry?.messages ?? MESSAGES)} 条遥测（QoS 1）；MQTT_BATCH_MS/ROWS 默认；推送 ${PUSH_CLIENTS} 客户端 × ${PUSH_RATE} 告警/s × ${PUSH_SECONDS} s`,
  );
  const onePg = results.find((r) => r.setup.database === 'postgres' && r.setup.instances === 1)?.telemetry?.storedPerSecond;
  const header = `${'配置 setup'.padEnd(16)} ${'入库 stored msg/s'.padStart(18)} ${'发布 published'.padStart(15)} ${'×PG1'.padStart(6)} ${'实例核 cores'.padStart(12)} ${'他人核 other'.padStart(12)} ${'推送 p50'.padStart(9)} ${'推送 p99'.padStart(9)} ${'裸 bare p99'.padStart(11)} ${'p99 比 ratio'.padStart(12)} ${'推送时他人核'.padStart(12)}`;
  say(header);
  say('-'.repeat(header.length + 4));
  for (const r of results) {
    const stored = r.telemetry?.storedPerSecond;
    const ratio = r.push && r.bare ? r.push.p99 / r.bare.p99 : undefined;
    say(
      `${r.setup.label.padEnd(16)} ${fmt(stored).padStart(18)} ${fmt(r.telemetry?.publishedPerSecond).padStart(15)} ${(r.setup.database === 'postgres' && stored && onePg ? `${(stored / onePg).toFixed(2)}×` : '').padStart(6)} ${fmt(r.telemetry?.cpu.instances, 2).padStart(12)} ${fmt(r.telemetry?.cpu.other, 2).padStart(12)} ${fmt(r.push?.p50, 1).padStart(7)} ms ${fmt(r.push?.p99, 1).padStart(7)} ms ${fmt(r.bare?.p99, 1).padStart(8)} ms ${(ratio === undefined ? '—' : `${ratio.toFixed(2)}×`).padStart(12)} ${fmt(r.pushCpu?.other, 2).padStart(12)}`,
    );
  }
  say('（实例核 / 他人核：遥测入库期间各实例 / 本机其他进程占用的核数；推送时他人核：推送测量期间本机其他进程占用的核数）');
  for (const r of results) {
    if (r.telemetry?.pgWaits) say(`${r.setup.label} 入库期间 PostgreSQL：${r.telemetry.pgWaits}`);
    if (r.pushWaits) say(`${r.setup.label} 推送期间 PostgreSQL：${r.pushWaits}`);
  }
  say('\n目标 targets:');
  for (const r of results) {
    if (r.setup.instances === 1 && r.telemetry)
      say(
        `  ${mark(r.telemetry.storedPerSecond >= TARGETS.messagesPerSecond)} ${r.setup.label}：遥测入库 ${fmt(r.telemetry.storedPerSecond)} msg/s（目标 ≥ ${fmt(TARGETS.messagesPerSecond)}，比值 ${(r.telemetry.storedPerSecond / TARGETS.messagesPerSecond).toFixed(2)}）`,
      );
  }
  const threePg = results.find((r) => r.setup.database === 'postgres' && r.setup.instances === 3)?.telemetry?.storedPerSecond;
  if (threePg && onePg)
    say(
      `  ${mark(threePg / onePg >= TARGETS.threeInstances)} PostgreSQL ×3 / ×1 = ${(threePg / onePg).toFixed(2)}×（目标 ≥ ${TARGETS.threeInstances}×；本机 ${availableParallelism()} 核，实例、代理、数据库与负载进程共用）`,
    );
  for (const r of results) {
    if (!r.push || !r.bare) continue;
    const ratio = r.push.p99 / r.bare.p99;
    say(
      `  ${mark(r.push.p99 <= TARGETS.p99Ms && ratio <= TARGETS.p99VsBare)} ${r.setup.label}：推送 p99 ${r.push.p99.toFixed(1)} ms（目标 ≤ ${TARGETS.p99Ms} ms，比值 ${(r.push.p99 / TARGETS.p99Ms).toFixed(2)}）；相对裸广播 ${ratio.toFixed(2)}×（目标 ≤ ${TARGETS.p99VsBare}×）`,
    );
  }
  const errors = results.flatMap((r) => r.errors.map((error) => `${r.setup.label}：${error}`));
  if (errors.length) {
    say('\n错误 errors（退出码 1）:');
    for (const error of errors) say(`  ✗ ${error}`);
    process.exitCode = 1;
  }
}
