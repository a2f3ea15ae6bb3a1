// 综合态势 (/comprehensive) in headless Chromium against the real server with ≈10,000 devices per
// tenant: time from navigation to every panel showing data, and the JavaScript the page downloads
// (gzip), against a baseline measured in the same run — the same route, same operator, with a stored
// layout of one stat card (今日告警). Runs alternate between the two (a fresh browser context each,
// empty cache, given the session of one sign-in through the form). Also the login page's JavaScript, which must stay ≤ 150 KB gzip
// and hold no ECharts. Targets: all panels within 1.5 s and ≤ 3× the baseline. Exits non-zero only
// when something breaks (a panel never shows data, a page error), not on a missed target.
//
//   npm run bench:pages                      builds the app into .tmp/bench-pages-dist first
//   npm run bench:pages -- --no-build        reuses that build
//   PAGES_RUNS=9 PAGES_FLEET_SCALE=23.3      runs per page (≥ 5), FLEET_SCALE (1 ≈ 430 devices per tenant)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { launchBrowser, loginByAuthCode } from '../tests/e2e/browser';
import { startServer, type RunningServer } from '../tests/e2e/startServer';
import { errorMessage } from '../contracts/errorMessage';

const RUNS = Math.max(5, Number(process.env.PAGES_RUNS ?? 7));
/** ≈ 10,000 devices per tenant (scale 1 seeds ≈ 430). */
const FLEET_SCALE = Number(process.env.PAGES_FLEET_SCALE ?? 23.3);
const PANELS_BUDGET_MS = 1500;
const BASELINE_BUDGET = 3;
const LOGIN_BUDGET_KB = 150;
const OPERATOR = 'OPER-2026-DEMO';
const PAGE = 'comprehensive';
/** The baseline: the same page with one stat card, as an operator's stored layout. */
const BASELINE_LAYOUT = [{ panel: 'alarmsToday', x: 0, y: 0, w: 6, h: 3 }];
const outDir = '.tmp/bench-pages-dist';

interface Load {
  /** Navigation start to every panel showing data, ms. */
  ms: number;
  /** Main-thread long tasks until then: the longest, and all of them together, ms. */
  longest: number;
  blocked: number;
  /** JavaScript downloaded until the network went quiet: gzip bytes, files, whether ECharts was in it. */
  jsGzip: number;
  /** Of which the globe's (Cesium, /cesium/). */
  cesiumGzip: number;
  jsFiles: number;
  echarts: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => bytes / 1024;
const mark = (ok: boolean) => (ok ? '✓' : '✗');
/** Pads to a width in terminal columns (a Chinese character takes two). */
const pad = (text: string, width: number, left = false) => {
  const columns = [...text].reduce((sum, char) => sum + (/[\u1100-\uffef]/.test(char) && !/[\u2500-\u27bf]/.test(char) ? 2 : 1), 0);
  const fill = ' '.repeat(Math.max(0, width - columns));
  return left ? fill + text : text + fill;
};

if (!process.argv.includes('--no-build') || !existsSync(`${outDir}/index.html`)) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const errors: string[] = [];
let server: RunningServer | undefined;
let browser: Browser | undefined;
try {
  const started = performance.now();
  server = await startServer({ STATIC_DIR: outDir, FLEET_SCALE: String(FLEET_SCALE), SIMULATOR: '0', LOG_LEVEL: 'warn' });
  const base = server.url;
  const token = ((await (await fetch(`${base}/api/authCodeLogin?authCode=${OPERATOR}`)).json()) as { token: string }).token;
  const api = async (method: string, path: string, body?: Record<string, unknown>, form = false) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const payload = body
      ? form
        ? new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString()
        : JSON.stringify(body)
      : undefined;
    const reply = (await (await fetch(`${base}/api${path}`, { method, headers, ...(payload ? { body: payload } : {}) })).json()) as {
      code: number;
      msg?: string;
      data?: unknown;
    };
    if (reply.code !== 200) throw new Error(`${method} ${path}：${reply.code} ${reply.msg ?? ''}`);
    return reply.data;
  };
  const devices = ((await api('GET', '/devi/aep/summary')) as { total: number }[]).reduce((sum, entry) => sum + entry.total, 0);
  // Today's alarms for every alarm panel (raised through the dev endpoint, some handled by the operator)
  // and a few lamp commands for the command chart: the rows the panels aggregate.
  const types = ['LAMP_FAULT', 'MANHOLE', 'CROWD_GATHERING', 'TRASH_OVERFLOW'];
  for (let index = 0; index < 40; index++) {
    const reply = (await (
      await fetch(`${base}/api/dev/alarm/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tenantId: 1,
          alarmType: types[index % types.length],
          deviceId: (index % 15) + 1,
          content: `基准告警 ${index + 1}`,
        }),
      })
    ).json()) as { code: number; data?: { alarmId: number } };
    if (reply.code !== 200 || !reply.data) throw new Error(`无法产生告警：${JSON.stringify(reply)}`);
    if (index % 4 === 0)
      for (const status of ['ALARM_STATUS_PROCESSING', 'ALARM_STATUS_COMPLET'])
        await api('POST', '/alarm/transition', { alarmId: reply.data.alarmId, status, comment: '基准处理' }, true);
  }
  const lamps =
    (
      (await (
        await fetch(`${base}/api/devi/aep/child?deviceType=light&pageSize=3`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { rows?: { deviceId: number }[] }
    ).rows ?? [];
  for (const lamp of lamps)
    await api(
      'POST',
      '/device/control/execute',
      { deviceType: 'light', commandType: 'light', command: 1, deviceIds: lamp.deviceId },
      true,
    ).catch(() => undefined);
  console.info(
    `服务器就绪：每租户 ${devices} 台设备（FLEET_SCALE ${FLEET_SCALE}），用时 ${((performance.now() - started) / 1000).toFixed(1)} s；每页 ${RUNS} 次，交替进行`,
  );

  browser = await launchBrowser();
  // The session lives in the tab (sessionStorage) and a cookie: sign in once through the form, then
  // give every fresh context the same, so each measured load starts with an empty cache and no login.
  const signIn = await browser.newContext({ baseURL: base, locale: 'zh-CN' });
  const signInPage = await signIn.newPage();
  await loginByAuthCode(signInPage, OPERATOR);
  const tabSession = await signInPage.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  const cookies = await signIn.cookies();
  await signIn.close();
  const signedInContext = async (): Promise<BrowserContext> => {
    const context = await browser!.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
    await context.addCookies(cookies);
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
      // Long tasks of the main thread (the globe's start blocks it), to tell what the panels waited for.
      const state = window as unknown as { __benchLong: { start: number; duration: number }[] };
      state.__benchLong = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.__benchLong.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, tabSession);
    return context;
  };

  /**
   * Every JS response of the context, gzipped as bench:bundle counts it (zlib default level); the
   * function returned waits until no script has been in flight for 2 s (panels keep polling their
   * data, so the network as a whole never goes quiet), at most 20 s, and counts what came until then.
   */
  const recordScripts = (context: BrowserContext, label: string) => {
    const pending: Promise<{ gzip: number; echarts: boolean; cesium: boolean }>[] = [];
    const inFlight = new Set<unknown>();
    let lastChange = performance.now();
    let counting = true;
    let closing = false;
    // Workers started from blob: URLs are the page's own code again, not a download.
    const isScript = (url: string, type: string) =>
      counting && /^https?:/.test(url) && (type === 'script' || /\.m?js$/.test(new URL(url).pathname));
    context.on('request', (request) => {
      if (!isScript(request.url(), request.resourceType())) return;
      inFlight.add(request);
      lastChange = performance.now();
    });
    const settle = (request: unknown) => {
      if (inFlight.delete(request)) lastChange = performance.now();
    };
    context.on('requestfinished', settle);
    context.on('requestfailed', (request) => {
      settle(request);
      if (!closing && request.failure()?.errorText !== 'net::ERR_ABORTED')
        errors.push(`${label}：请求失败 ${request.url()} ${request.failure()?.errorText}`);
    });
    context.on('response', (response: Response) => {
      if (!isScript(response.url(), response.request().resourceType()) || response.status() >= 300) return;
      pending.push(
        response.body().then(
          // `ecModel` is ECharts' own: only its chunk holds it.
          (body) => ({
            gzip: gzipSync(body).length,
            echarts: body.includes('ecModel'),
            cesium: new URL(response.url()).pathname.startsWith('/cesium/'),
          }),
          (error: unknown) => {
            // Once the measurement is over (or failed) the context closes under pending reads.
            if (!closing) errors.push(`${label}：读取 ${response.url()} 失败：${String(error)}`);
            return { gzip: 0, echarts: false, cesium: false };
          },
        ),
      );
    });
    const stop = () => {
      counting = false;
      closing = true;
    };
    const done = async () => {
      const deadline = performance.now() + 20_000;
      while ((inFlight.size || performance.now() - lastChange < 2000) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      counting = false;
      const all = await Promise.all(pending);
      return {
        jsGzip: all.reduce((sum, file) => sum + file.gzip, 0),
        cesiumGzip: all.reduce((sum, file) => sum + (file.cesium ? file.gzip : 0), 0),
        jsFiles: all.length,
        echarts: all.some((file) => file.echarts),
      };
    };
    return { done, stop };
  };

  const load = async (kind: 'full' | 'baseline', run: number): Promise<Load | undefined> => {
    const expected = kind === 'full' ? 11 : BASELINE_LAYOUT.length;
    if (kind === 'full') await api('DELETE', `/panel/layout?page=${PAGE}`);
    else await api('PUT', '/panel/layout', { page: PAGE, items: BASELINE_LAYOUT });
    const label = `${kind === 'full' ? '综合态势' : '基准页'} ${run < 0 ? '预热' : `第 ${run + 1} 次`}`;
    const context = await signedInContext();
    const scripts = recordScripts(context, label);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${label}：页面错误 ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${label}：控制台错误 ${message.text()}`);
    });
    try {
      await page.goto(`/${PAGE}`, { waitUntil: 'commit' });
      // The moment (ms since navigation start) every panel shows data: the e2e test's condition —
      // no loading, error or empty state, and every chart canvas has drawn something.
      const shown = await page.waitForFunction(
        (count) => {
          const state = window as unknown as { __benchDrawn?: WeakSet<HTMLCanvasElement>; __benchReady?: Record<string, number> };
          const drawn = (state.__benchDrawn ??= new WeakSet());
          const readyAt = (state.__benchReady ??= {});
          const panels = [...document.querySelectorAll('section.panel-frame')];
          // (No named functions in here: tsx would wrap them in a helper the page does not have.)
          const ready = panels.map((panel) => {
            const text = panel.textContent ?? '';
            if (panel.querySelector('[aria-busy="true"], [role="alert"]') || text.includes('加载中') || text.includes('暂无数据'))
              return false;
            return [...panel.querySelectorAll('canvas')].every((canvas) => {
              if (drawn.has(canvas)) return true;
              const context = canvas.getContext('2d');
              if (!context || !canvas.width || !canvas.height) return false;
              const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
              for (let index = 3; index < pixels.length; index += 4) {
                if (pixels[index]! > 0) {
                  drawn.add(canvas);
                  return true;
                }
              }
              return false;
            });
          });
          // When each panel first showed data, to name the slowest.
          for (const [index, panel] of panels.entries())
            if (ready[index] && !(panel.getAttribute('aria-label')! in readyAt))
              readyAt[panel.getAttribute('aria-label')!] = performance.now();
          if (panels.length !== count || !ready.every(Boolean)) return false;
          const [slowest] = Object.entries(readyAt).sort((a, b) => b[1] - a[1])[0]!;
          return { ms: performance.now(), slowest };
        },
        expected,
        { polling: 'raf', timeout: 60_000 },
      );
      const { ms, slowest } = (await shown.jsonValue()) as { ms: number; slowest: string };
      const long = await page.evaluate(
        (until) =>
          (window as unknown as { __benchLong: { start: number; duration: number }[] }).__benchLong.filter((task) => task.start < until),
        ms,
      );
      const longest = Math.max(0, ...long.map((task) => task.duration));
      const blocked = long.reduce((sum, task) => sum + task.duration, 0);
      // Then the scripts the page still fetches as it settles (the globe's, lazy chunks).
      const result = { ms, longest, blocked, ...(await scripts.done()) };
      console.info(
        `  ${label}：${ms.toFixed(0)} ms（最后出数：${slowest}；此前主线程长任务共 ${blocked.toFixed(0)} ms，最长 ${longest.toFixed(0)} ms），JS ${kb(result.jsGzip).toFixed(1)} KB gzip（${result.jsFiles} 个文件）`,
      );
      return result;
    } catch (error) {
      errors.push(
        `${label}：${expected} 个面板 60 秒内没有全部显示数据（${error instanceof Error ? error.message.split('\n')[0] : String(error)}）`,
      );
      return undefined;
    } finally {
      scripts.stop();
      await context.close();
    }
  };

  // Login: a signed-out fresh context opens /login and waits for the form and a quiet network.
  const loginContext = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
  const loginScripts = recordScripts(loginContext, '登录页');
  const loginPage = await loginContext.newPage();
  loginPage.on('pageerror', (error) => errors.push(`登录页：页面错误 ${error.message}`));
  await loginPage.goto('/login');
  await loginPage.getByRole('button', { name: '登录', exact: true }).waitFor();
  const login = await loginScripts.done();
  await loginContext.close();

  // One warm-up of each (the server's first queries, Chromium's first start), not counted.
  await load('full', -1);
  await load('baseline', -1);
  const results = { full: [] as Load[], baseline: [] as Load[] };
  for (let run = 0; run < RUNS; run++) {
    for (const kind of run % 2 ? (['baseline', 'full'] as const) : (['full', 'baseline'] as const)) {
      const result = await load(kind, run);
      if (result) results[kind].push(result);
    }
  }
  await api('DELETE', `/panel/layout?page=${PAGE}`);

  const stats = (values: number[]) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
  const row = (label: string, values: number[], format: (value: number) => string) => {
    const { median: mid, min, max } = stats(values);
    return `${pad(label, 30)} ${format(mid).padStart(11)} ${format(min).padStart(11)} ${format(max).padStart(11)}`;
  };
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const kbText = (value: number) => `${kb(value).toFixed(1)} KB`;
  console.info('');
  console.info(`${pad('', 30)} ${pad('中位数', 11, true)} ${pad('最小', 11, true)} ${pad('最大', 11, true)}`);
  if (results.full.length && results.baseline.length) {
    console.info(
      row(
        '综合态势 11 个面板 出数',
        results.full.map((load) => load.ms),
        ms,
      ),
    );
    console.info(
      row(
        '基准页 1 个统计卡 出数',
        results.baseline.map((load) => load.ms),
        ms,
      ),
    );
    console.info(
      row(
        '综合态势 此前主线程长任务',
        results.full.map((load) => load.blocked),
        ms,
      ),
    );
    console.info(
      row(
        '基准页 此前主线程长任务',
        results.baseline.map((load) => load.blocked),
        ms,
      ),
    );
    console.info(
      row(
        '综合态势 JS（gzip）',
        results.full.map((load) => load.jsGzip),
        kbText,
      ),
    );
    console.info(
      row(
        '  其中地球 Cesium',
        results.full.map((load) => load.cesiumGzip),
        kbText,
      ),
    );
    console.info(
      row(
        '基准页 JS（gzip）',
        results.baseline.map((load) => load.jsGzip),
        kbText,
      ),
    );
    console.info(
      row(
        '  其中地球 Cesium',
        results.baseline.map((load) => load.cesiumGzip),
        kbText,
      ),
    );
    const full = stats(results.full.map((load) => load.ms)).median;
    const baseline = stats(results.baseline.map((load) => load.ms)).median;
    const fullJs = stats(results.full.map((load) => load.jsGzip)).median;
    const baselineJs = stats(results.baseline.map((load) => load.jsGzip)).median;
    console.info('');
    console.info(
      `出数时间 ${(full / baseline).toFixed(2)}× 基准页；JS ${(fullJs / baselineJs).toFixed(2)}× 基准页（多 ${kb(fullJs - baselineJs).toFixed(1)} KB gzip）；ECharts：综合态势 ${results.full.every((load) => load.echarts) ? '有' : '无'}，基准页 ${results.baseline.some((load) => load.echarts) ? '有' : '无'}`,
    );
    console.info(
      `${mark(full <= PANELS_BUDGET_MS)} 全部面板出数 ${ms(full)}（目标 ≤ ${PANELS_BUDGET_MS} ms，${(full / PANELS_BUDGET_MS).toFixed(2)}×）`,
    );
    console.info(`${mark(full / baseline <= BASELINE_BUDGET)} 基准页的 ${(full / baseline).toFixed(2)} 倍（目标 ≤ ${BASELINE_BUDGET}×）`);
  }
  const loginKb = kb(login.jsGzip);
  console.info(
    `${mark(loginKb <= LOGIN_BUDGET_KB && !login.echarts)} 登录页 JS ${loginKb.toFixed(1)} KB gzip，${login.jsFiles} 个文件（目标 ≤ ${LOGIN_BUDGET_KB} KB，${(loginKb / LOGIN_BUDGET_KB).toFixed(2)}×）；ECharts ${login.echarts ? '在登录页下载中 ✗' : '不在其中'}`,
  );
} catch (error) {
  errors.push(errorMessage(error));
} finally {
  await browser?.close();
  await server?.stop();
}
if (errors.length) {
  console.error(`\n${errors.length} 个错误：`);
  for (const error of errors) console.error(`  ${error}`);
  process.exitCode = 1;
}
