// `npm test`: every check of the project, in two lanes so CI's 2 cores both work.
//
//   1. lint, type-check and the generated-types check, at once (short; a failure stops here);
//   2. lane "browser": the end-to-end suite (one build, Chromium files one at a time), and at the same
//      time lane "node": unit and story tests, then the server suite on SQLite, then on PostgreSQL.
//
// Most of the end-to-end time is Chromium waiting on software WebGL and the server suites waiting on
// databases, so the lanes overlap well. Each step's output is kept and printed whole when the step ends
// (two interleaved vitest reports would be unreadable), with its time; the run fails if any step fails,
// after both lanes have finished. TEST_LANES=serial runs every step one after the other instead.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Failed steps and their output, summarised again at the very end (CI logs are read from their tail). */
const failures = [];

/** Where a vitest report says what failed: its failed tests and unhandled errors, without colours, at most `limit` lines. */
function failureDigest(output, limit = 60) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /⎯{3,} (Failed Tests|Unhandled Errors?|Failed Suites)/.test(line));
  const picked = start >= 0 ? lines.slice(start, start + limit) : lines.slice(-limit);
  return picked.join('\n');
}

/** Runs `npm run <script>`, keeping its output; resolves with whether it passed. */
function run(script) {
  const started = performance.now();
  console.log(`▶ ${script}`);
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const passed = code === 0;
      process.stdout.write(`\n━━━━ ${script} ━━━━\n`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`${passed ? '✓' : '✗'} ${script}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      if (!passed) failures.push({ script, output: Buffer.concat(chunks).toString('utf8') });
      resolve(passed);
    });
  });
}

/** Runs the scripts one after the other, going on after a failure; resolves with whether all passed. */
async function lane(scripts) {
  let passed = true;
  for (const script of scripts) passed = (await run(script)) && passed;
  return passed;
}

const started = performance.now();
const checks = ['lint', 'typecheck', 'gen:check'];
const browser = ['test:e2e'];
const node = ['test:unit', 'test:server', 'test:server:pg'];

let passed;
if (process.env.TEST_LANES === 'serial') {
  passed = await lane([...checks, ...node, ...browser]);
} else {
  passed = (await Promise.all(checks.map(run))).every(Boolean);
  if (passed) passed = (await Promise.all([lane(browser), lane(node)])).every(Boolean);
}
for (const { script, output } of failures) process.stdout.write(`\n━━━━ 未通过：${script}（摘要）━━━━\n${failureDigest(output)}\n`);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(passed ? `所有检查通过（${minutes} 分钟）` : `有检查未通过（${minutes} 分钟），见上方标 ✗ 的步骤`);
process.exit(passed ? 0 : 1);
