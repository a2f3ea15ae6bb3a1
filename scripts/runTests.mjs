// `npm test`: every check of the project, in lanes so CI's 2 cores both work.
//
//   1. lint, type-check, the generated-types check, the format check, the production build the
//      end-to-end suite serves and the network-namespace test, at once (short; a failure stops here),
//      while the Janus of the video-room e2e tests starts in a namespace held until the end (holdJanus);
//   2. three lanes at the same time, each running its steps one after the other:
//      "globe"  — the end-to-end files that draw the 3D globe (tests/e2e project e2e-globe), the longest;
//      "pages"  — the other end-to-end files (e2e-pages), then unit and story tests;
//      "server" — the server suite on SQLite, then on PostgreSQL.
//      Both end-to-end groups serve the one build made in step 1 (E2E_SKIP_BUILD), each from a server of
//      its own, Chromium one file at a time per group.
//
// Much of the end-to-end time is Chromium waiting (on its server, on Janus, on timers) and the server
// suites wait on databases, so three lanes keep both cores busy until the end where two lanes left one
// idle for the last minutes; unit tests follow the shortest lane (the page e2e files since issue 23's server
// tests: a day of 1 Hz tracks on both databases) so the lanes end close together.
// Each step's output is kept and printed whole when the step ends (interleaved vitest reports would be
// unreadable), with its time; the run fails if any step fails, after every lane has finished, and ends
// with a table of every step's and lane's time.
// TEST_LANES=serial runs every step one after the other instead; TEST_LANES=plan prints the plan and runs nothing.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Failed steps and their output, summarised again at the very end (CI logs are read from their tail). */
const failures = [];
/** Every step run, in the order they ended: its name, whether it passed and its seconds. */
const timings = [];

/** Where a vitest report says what failed: its failed tests and unhandled errors, without colours, at most `limit` lines. */
function failureDigest(output, limit = 60) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /⎯{3,} (Failed Tests|Unhandled Errors?|Failed Suites)/.test(line));
  const picked = start >= 0 ? lines.slice(start, start + limit) : lines.slice(-limit);
  return picked.join('\n');
}

const secondsSince = (started) => (performance.now() - started) / 1000;

/** Runs `npm run <script>` (with `env` added), keeping its output; resolves with whether it passed. */
function run(script, env = {}) {
  const started = performance.now();
  console.log(`▶ ${script}`);
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = secondsSince(started);
      const passed = code === 0;
      process.stdout.write(`\n━━━━ ${script} ━━━━\n`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(
        `${passed ? '✓' : '✗'} ${script}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s\n`,
      );
      if (!passed) failures.push({ script, output: Buffer.concat(chunks).toString('utf8') });
      timings.push({ script, passed, seconds });
      resolve(passed);
    });
  });
}

/** Runs a lane's steps one after the other, going on after a failure; resolves with whether all passed. */
async function lane(name, steps, lanes) {
  const started = performance.now();
  let passed = true;
  for (const [script, env] of steps) passed = (await run(script, env)) && passed;
  lanes.push({ name, passed, seconds: secondsSince(started) });
  return passed;
}

// Rounded to the second first, so 959.6 s reads 16:00 and not 15:60.
const minutesAndSeconds = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The closing table: each step's time, then each lane's (CI logs are read from their tail). */
function printTimes(lanes, totalSeconds) {
  const rows = [
    ...timings.map(({ script, passed, seconds }) => [`  ${script}`, passed ? '✓' : '✗', minutesAndSeconds(seconds)]),
    ...lanes.map(({ name, passed, seconds }) => [`泳道 ${name}`, passed ? '✓' : '✗', minutesAndSeconds(seconds)]),
    ['合计', '', minutesAndSeconds(totalSeconds)],
  ];
  // A Chinese character takes two columns of a terminal.
  const columns = (text) => [...text].reduce((sum, char) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);
  const width = Math.max(...rows.map(([label]) => columns(label))) + 2;
  console.log('\n━━━━ 用时（分:秒）━━━━');
  for (const [label, mark, time] of rows) console.log(`${label}${' '.repeat(width - columns(label))}${mark.padEnd(2)} ${time.padStart(6)}`);
}

/**
 * Starts the Janus the pages lane's video rooms use, in a network namespace held for the whole run
 * (server/testing/holdJanusNamespace.ts): its veth pair is made before any Chromium starts and removed after
 * the last ends, as changing the host's addresses fails a running Chromium's requests (ERR_NETWORK_CHANGED).
 * Resolves with the holder's JSON line and a stop function.
 */
function holdJanus() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/holdJanusNamespace.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.startsWith('{'));
      if (line && output.includes('\n'))
        resolve({
          line,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
    });
    exited.then((code) => reject(new Error(`Janus 网络命名空间守护进程退出（${code}）：${output}`)));
  });
}

const started = performance.now();
// The end-to-end suite serves the build made here, beside the checks, instead of building in its lane.
// The network-namespace test runs here too, before any Chromium (see holdJanus).
const checks = [['lint'], ['typecheck'], ['gen:check'], ['format:check'], ['build', { NODE_ENV: 'production' }], ['test:janus-namespace']];
const served = { E2E_SKIP_BUILD: '1' };
/** The lanes of step 2: name and steps (see the top of this file for why this split); `janus`: the held Janus's line. */
const planOf = (janus) => [
  ['globe', [['test:e2e:globe', served]]],
  ['pages', [['test:e2e:pages', { ...served, ...(janus ? { E2E_HELD_JANUS: janus } : {}) }], ['test:unit']]],
  ['server', [['test:server', { SEPARATE_NAMESPACE_TEST: '1' }], ['test:server:pg']]],
];
const plan = planOf(undefined);

if (process.env.TEST_LANES === 'plan') {
  const describe = (steps, joint) =>
    steps.map(([script, env]) => (env ? `${script} (${Object.keys(env).join(', ')})` : script)).join(joint);
  console.log(`检查（同时）: ${describe(checks, ' · ')}`);
  for (const [name, steps] of plan) console.log(`泳道 ${name}: ${describe(steps, ' → ')}`);
  process.exit(0);
}

const lanes = [];
let passed;
if (process.env.TEST_LANES === 'serial') {
  passed = await lane('serial', [...checks, ...plan.flatMap(([, steps]) => steps)], lanes);
} else {
  const checksStarted = performance.now();
  const janus = holdJanus();
  passed = (await Promise.all(checks.map(([script, env]) => run(script, env)))).every(Boolean);
  const held = await janus.catch((error) => {
    console.error(`✗ ${error.message}`);
    return undefined;
  });
  passed &&= held !== undefined;
  lanes.push({ name: 'checks', passed, seconds: secondsSince(checksStarted) });
  if (passed) passed = (await Promise.all(planOf(held.line).map(([name, steps]) => lane(name, steps, lanes)))).every(Boolean);
  await held?.stop();
}
for (const { script, output } of failures) process.stdout.write(`\n━━━━ 未通过：${script}（摘要）━━━━\n${failureDigest(output)}\n`);
const totalSeconds = secondsSince(started);
printTimes(lanes, totalSeconds);
const minutes = (totalSeconds / 60).toFixed(1);
console.log(passed ? `所有检查通过（${minutes} 分钟）` : `有检查未通过（${minutes} 分钟），见上方标 ✗ 的步骤`);
process.exit(passed ? 0 : 1);
