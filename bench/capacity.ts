// Capacity figures that do not depend on the core count (npm run bench:capacity; issue 24):
//   cpu   — CPU seconds per 1,000 device messages ingested and pushed at ×1, ×2, ×3 instances under one
//           fixed load (bench/capacity/cpuPerMessage.ts); x2/x1 and x3/x1 of the instances' CPU per message;
//   video — server-side video fan-out to headless subscribers, 9/1 and 25/1 (bench/capacity/videoFanout.ts);
//   push  — 2,000 push sockets on one instance, p99 against a bare `ws` broadcast (bench/capacity/pushScale.ts).
// `--only=cpu,video,push` runs some of them (default: all). The last line is always, for scripts:
//   capacity: cpu-per-msg x2/x1 <r> x3/x1 <r>; video-server 9/1 <r> 25/1 <r>; push 2000 p99/bare <r>
// with `—` for a part not run or failed. Exit code 1 when a part failed.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { errorMessage } from '../contracts/errorMessage';
import { measureCpuPerMessage } from './capacity/cpuPerMessage';
import { measurePushScale } from './capacity/pushScale';
import { measureVideoFanout } from './capacity/videoFanout';

const PARTS = ['cpu', 'video', 'push'] as const;
type Part = (typeof PARTS)[number];

function readParts(argv: string[]): Set<Part> {
  const chosen = new Set<Part>(PARTS);
  for (const argument of argv) {
    const match = /^--only=(.*)$/.exec(argument);
    if (!match) throw new Error(`未知参数：${argument}（可用：--only=${PARTS.join(',')}）`);
    chosen.clear();
    for (const name of match[1]!.split(',').map((part) => part.trim())) {
      const part = PARTS.find((candidate) => candidate === name);
      if (!part) throw new Error(`--only 的取值应为 ${PARTS.join('、')} 之一或以逗号分隔的几项，当前为 "${name}"`);
      chosen.add(part);
    }
  }
  return chosen;
}

const ratio = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(2));

async function main(): Promise<void> {
  const parts = readParts(process.argv.slice(2));
  console.info(
    `本机 ${availableParallelism()} 核（${cpus()[0]?.model ?? ''}），负载 ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}；Node ${process.version}；测量：${[...parts].join('、')}`,
  );
  const figures: { cpu2?: number; cpu3?: number; video9?: number; video25?: number; push?: number } = {};
  // The same figures over the bare baselines measured in the same run (what the machine costs by itself).
  const net: { cpu2?: number; cpu3?: number; video9?: number; video25?: number } = {};
  const failures: string[] = [];
  const run = async (part: Part, title: string, work: () => Promise<string[]>) => {
    if (!parts.has(part)) return;
    console.info(`\n=== ${title} ===`);
    try {
      for (const line of await work()) console.info(line);
    } catch (error) {
      failures.push(`${title}：${errorMessage(error)}`);
      console.error(`✗ ${title}失败：${errorMessage(error)}`);
    }
  };
  await run('cpu', '每条消息的 CPU（×1/×2/×3 实例）', async () => {
    const result = await measureCpuPerMessage();
    figures.cpu2 = result.ratio2;
    figures.cpu3 = result.ratio3;
    net.cpu2 = result.net2;
    net.cpu3 = result.net3;
    return result.report;
  });
  await run('video', '服务器端视频分发（无头订阅者）', async () => {
    const result = await measureVideoFanout();
    figures.video9 = result.ratio9;
    figures.video25 = result.ratio25;
    net.video9 = result.ratio9 / result.bare9;
    net.video25 = result.ratio25 / result.bare25;
    return result.report;
  });
  await run('push', '单实例 2,000 个推送连接', async () => {
    const result = await measurePushScale();
    figures.push = result.p99Ratio;
    return result.report;
  });
  if (failures.length) process.exitCode = 1;
  console.info(
    `\n扣除同一次运行中裸基线后（裸 mqtt.js 消费者、只有 werift 的端点）：cpu-per-msg x2/x1 ${ratio(net.cpu2)} x3/x1 ${ratio(net.cpu3)}; video-server 9/1 ${ratio(net.video9)} 25/1 ${ratio(net.video25)}`,
  );
  console.info(
    `capacity: cpu-per-msg x2/x1 ${ratio(figures.cpu2)} x3/x1 ${ratio(figures.cpu3)}; video-server 9/1 ${ratio(figures.video9)} 25/1 ${ratio(figures.video25)}; push 2000 p99/bare ${ratio(figures.push)}`,
  );
}

main().catch((error: unknown) => {
  console.error(`bench/capacity 失败：${errorMessage(error)}`);
  process.exitCode = 1;
  console.info('capacity: cpu-per-msg x2/x1 — x3/x1 —; video-server 9/1 — 25/1 —; push 2000 p99/bare —');
});
