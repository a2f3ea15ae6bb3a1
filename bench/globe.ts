// Globe frame time in headless Chromium with software WebGL (SwiftShader), in one run:
// an empty globe, 5,000 device markers + 50 live effects, and 20,000 markers, each timed by forcing
// frames while the camera turns a little (bench/globe/globeBench.ts). Also checks that an idle
// globe renders no frames at all. Targets: ≤ 1.5× and ≤ 2.5× the empty globe; 0 idle frames. Issue 23's
// case: 500 people + 50 UAVs (the movingSubjects effect) updated at 1 Hz inside the timed frames, ≤ 1.5× the
// empty globe, and at most one frame per update while only the updates happen.
import { createServer } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser';

const FRAMES = Number(process.env.GLOBE_FRAMES ?? 60);
const ROUNDS = Number(process.env.GLOBE_ROUNDS ?? 2);
const SCENARIOS = [
  { name: '空地球', markers: 0, effects: 0 },
  { name: '5000 个标记 + 50 个效果', markers: 5000, effects: 50, budget: 1.5 },
  { name: '20000 个标记', markers: 20_000, effects: 0, budget: 2.5 },
  { name: '500 人 + 50 架无人机 每秒更新', markers: 0, effects: 0, people: 500, uavs: 50, budget: 1.5 },
] as const;

interface Bench {
  renders(): number;
  setup(markers: number, effects: number, only?: string, people?: number, uavs?: number): Promise<{ shown: number; effects: number }>;
  framesOverUpdates(updates: number): Promise<number>;
  measure(frames: number): Promise<number[]>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function openBench(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'globeBench' in window);
  await page.evaluate(async () => {
    await (window as unknown as { globeBench: Promise<Bench> }).globeBench;
  });
}

const vite = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'warn', clearScreen: false });
await vite.listen();
const address = vite.httpServer!.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const url = `${base}/bench/globe/index.html${process.env.GLOBE_ONLY ? `?only=${process.env.GLOBE_ONLY}` : ''}`;
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('页面错误：', error.message));

  // Idle: after the globe has settled, time passing alone must not render anything.
  await openBench(page, url);
  await page.evaluate(() => (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.setup(0, 0)));
  await page.waitForTimeout(1500);
  const before = await page.evaluate(() =>
    (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.renders()),
  );
  await page.waitForTimeout(3000);
  const idleFrames =
    (await page.evaluate(() => (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.renders()))) - before;

  // Moving subjects: each 1 Hz update may ask for one frame, and nothing renders between updates.
  const UPDATES = 4;
  await page.evaluate(() =>
    (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.setup(0, 0, undefined, 500, 50)),
  );
  const movingFrames = await page.evaluate(
    (updates) => (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.framesOverUpdates(updates)),
    UPDATES,
  );

  const times = new Map<string, number[]>(SCENARIOS.map((scenario) => [scenario.name, []]));
  const shown = new Map<string, number>();
  // Interleaved rounds, so a slow moment on a shared machine falls on every scenario alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of SCENARIOS) {
      await openBench(page, url);
      const setup = await page.evaluate(
        ([markers, effects, people, uavs]) =>
          (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) =>
            bench.setup(markers, effects, undefined, people, uavs),
          ),
        [scenario.markers, scenario.effects, 'people' in scenario ? scenario.people : 0, 'uavs' in scenario ? scenario.uavs : 0] as const,
      );
      shown.set(scenario.name, setup.shown);
      await page.evaluate(
        (frames) => (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.measure(frames)),
        10,
      );
      times
        .get(scenario.name)!
        .push(
          ...(await page.evaluate(
            (frames) => (window as unknown as { globeBench: Promise<Bench> }).globeBench.then((bench) => bench.measure(frames)),
            FRAMES,
          )),
        );
    }
  }

  const empty = median(times.get(SCENARIOS[0].name)!);
  let failed = idleFrames !== 0 || movingFrames > UPDATES;
  console.info(`空闲地球 4.5 秒内渲染帧数：${idleFrames}（目标 0）${idleFrames === 0 ? '' : '  ✗'}`);
  console.info(
    `550 个移动目标 ${UPDATES} 次每秒更新间渲染帧数：${movingFrames}（目标 ≤ ${UPDATES}，更新之间 0 帧）${movingFrames > UPDATES ? '  ✗' : ''}`,
  );
  for (const scenario of SCENARIOS) {
    const frame = median(times.get(scenario.name)!);
    const ratio = frame / empty;
    const budget = 'budget' in scenario ? scenario.budget : undefined;
    const over = budget !== undefined && ratio > budget;
    failed ||= over;
    console.info(
      `${scenario.name.padEnd(20)} 帧时间中位数 ${frame.toFixed(2)} ms，显示 ${shown.get(scenario.name)} 个标记，${ratio.toFixed(2)}× 空地球${budget ? `（目标 ≤ ${budget}×）${over ? '  ✗' : ''}` : ''}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await browser.close();
  await vite.close();
}
