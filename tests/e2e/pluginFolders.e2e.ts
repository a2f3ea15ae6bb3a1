import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

/**
 * "One folder = one plugin", end to end: four fixture folders (a device kind, an alarm type, a map
 * effect, a widget type with a panel using it; tests/fixtures/plugins/) are copied into the plugins/ of
 * a temporary copy of the project and nothing else of the copy is edited. The copy is built and its real server started; each plugin must
 * then work in the built app, on the server and on the globe. Then the folders are removed, the copy
 * rebuilt and its server restarted on the same database: each must be gone everywhere.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'tests/fixtures/plugins');
const FOLDERS = ['device/water-buoy', 'alarm/water-quality', 'map-effect/halo-disc', 'widget/threshold-light'] as const;

// What the fixture manifests declare, spelled out so the test fails when they are not honoured.
const KIND = {
  displayName: '水质浮标',
  page: 'waterBuoy',
  path: '/device/waterbuoy',
  brandCode: 'DEVICE_WATER_BUOY',
  perms: 'platform:device:waterBuoy',
};
const ALARM = { code: 'WATER_QUALITY', name: '水质超标', simulatedContent: '溶解氧低于下限' };
const EFFECT = 'haloDisc';
/** The widget type, and the panel the fixture adds to the real-time board with it (options warnAt 1, dangerAt 100000). */
const WIDGET = { id: 'thresholdLight', panel: '今日告警信号灯', label: '今日告警', chunk: /\/assets\/ThresholdLight-[\w-]+\.js$/ };
/** A path of each fixture icon's SVG, to know the icon the app shows is the folder's own. */
const DEVICE_ICON_MARK = 'M10 1a1 1 0 0 1 1 1v3.1';
const ALARM_ICON_MARK = 'M10 1s-6 7.2-6 11';
/** Seeded per tenant for a kind seedData.ts does not list (DEFAULT_FLEET_COUNT). */
const SEEDED_PER_TENANT = 8;
const ADMIN = 'ADMIN-2026-DEMO';

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
  [key: string]: unknown;
}
interface DeviceRow {
  deviceId: number;
  deviceName: string;
  deviceType: string;
  kind: string;
  online: boolean;
  telemetry: Record<string, unknown>;
  state: Record<string, unknown>;
}
interface RouterEntry {
  name: string;
  children: { name: string; meta: { title: string } }[];
}

const run = promisify(execFile);
let work: string;
let copy: string;
let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;

/** The project's own files (tracked, or new and not ignored: what `git status` would show), without node_modules, builds or .git. */
function copyProject(into: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\0');
  const skipped = /^(node_modules|dist|\.git|storybook-static|coverage|test-results|data)(\/|$)/;
  for (const file of new Set(listed)) {
    if (!file || skipped.test(file) || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(into, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(into, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(into, 'node_modules'), 'dir');
}

/** `vite build` in the copy, as users get it (NODE_ENV=production). */
async function buildCopy(): Promise<void> {
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The built app's JavaScript, all of it, to see what made it into the build. */
function builtCode(): string {
  const assets = join(copy, 'dist/assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

async function serve(env: Record<string, string> = {}): Promise<RunningServer> {
  await server?.stop();
  server = await startServer(env, { cwd: copy, dataDir });
  return server;
}

async function api(path: string, init: { token?: string; form?: Record<string, string | number>; json?: unknown } = {}): Promise<Envelope> {
  const headers: Record<string, string> = init.token ? { Authorization: `Bearer ${init.token}` } : {};
  let body: string | undefined;
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(init.form).map(([key, value]) => [key, String(value)])).toString();
  } else if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${server!.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return (await response.json()) as Envelope;
}

async function adminToken(): Promise<string> {
  const reply = await api(`/authCodeLogin?authCode=${ADMIN}`);
  expect(reply.code).toBe(200);
  return String(reply.token);
}

/** The admin's tenant's devices of the fixture kind, asked for by its brand code. */
async function buoys(token: string): Promise<DeviceRow[]> {
  const reply = await api(`/devi/aep/child?deviceType=${KIND.brandCode}&pageSize=100`, { token });
  expect(reply).toMatchObject({ code: 200 });
  return reply.rows as DeviceRow[];
}

const deviceMenus = async (token: string) =>
  ((await api('/getRouters?platformCode=twin_platform', { token })).data as RouterEntry[]).find((module) => module.name === 'device')!
    .children;

/**
 * Runs `body` on a page of the served copy signed in as the admin: a page error or CSP violation fails
 * the test, and the page is closed whatever happens (a page left open keeps a globe drawing).
 */
async function asAdmin(body: (page: Page) => Promise<void>): Promise<void> {
  const opened = await openPage(browser, server!.url);
  try {
    await loginByAuthCode(opened.page, ADMIN);
    await body(opened.page);
    expect(opened.consoleErrors).toEqual([]);
  } finally {
    await opened.context.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The globe: a page on a Vite dev server rooted at the copy, built from the app's own parts the way
// core/map/GlobeHost.tsx does it: the app's composition root (createShellContainer, whose registry is
// discoverPlugins' build-time discovery), the code of every map-effect plugin loaded, the renderers
// they contributed paired with their manifests (collectEffectRenderers) and handed to the app's
// MapEffectHub. (bench/globe/ cannot be used: globeBench.ts draws only the six renderers it imports
// by path, so a map-effect folder dropped into plugins/ never reaches it.)

const GLOBE_PAGE = '/__plugin-folders/globe.html';
const GLOBE_MODULE = '/@plugin-folders/globe.js';
const GLOBE_HTML = `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="UTF-8" /><title>插件文件夹 · 地图效果</title>
  <style>html, body, #globe { margin: 0; width: 100%; height: 100%; background: #05080d; }</style></head>
  <body><div id="globe"></div><script type="module" src="${GLOBE_MODULE}"></script></body>
</html>`;
const GLOBE_SOURCE = `
import { createShellContainer } from '/core/shell/shellContainer.ts';
import { PluginRegistry } from '/core/plugins/PluginRegistry.ts';
import { MapEffectRenderer, MapEffects } from '/core/map/MapEffects.ts';
import { getContributions } from '/core/di/contributions.ts';
import { collectEffectRenderers } from '/core/map/effectRenderers.ts';
import { loadCesium } from '/core/map/loadCesium.ts';
import { createViewer } from '/core/map/createViewer.ts';

const CENTER = { longitude: 120.2185, latitude: 30.2045 };

async function start() {
  const container = createShellContainer();
  const registry = container.get(PluginRegistry);
  const Cesium = await loadCesium();
  const viewer = createViewer(Cesium, document.getElementById('globe'), { is3d: true });
  viewer.camera.setView({ destination: Cesium.Cartesian3.fromDegrees(CENTER.longitude, CENTER.latitude - 0.16, 14000), orientation: { heading: 0, pitch: Cesium.Math.toRadians(-50), roll: 0 } });
  const renderErrors = [];
  viewer.scene.renderError.addEventListener((_scene, error) => renderErrors.push(String(error)));
  // As GlobeHost does: every map-effect plugin's code, then the renderers they contributed, paired with their manifests.
  for (const plugin of registry.list('map-effect')) await registry.loadCode(plugin.fullId);
  const renderers = collectEffectRenderers(registry, getContributions(container, MapEffectRenderer));
  const hub = container.get(MapEffects);
  hub.attach({ Cesium, viewer, renderers });
  const gl = viewer.scene.context._gl;
  const picture = () => {
    viewer.scene.requestRender();
    viewer.render();
    const all = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
    gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, all);
    return all;
  };
  const frames = async (count) => {
    for (let frame = 0; frame < count; frame++) {
      viewer.scene.requestRender();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };
  let kept;
  return {
    plugins: () => registry.list('map-effect').map((plugin) => plugin.fullId),
    renderers: () => [...renderers.keys()],
    errors: () => renderErrors,
    async settle() { await frames(30); },
    snapshot() { kept = picture(); },
    /**
     * Pixels that differ from the snapshot by more than 8 in a channel, and of those how many are magenta,
     * in screen pixels (a globe drawn in software is drawn at half resolution: each of its pixels covers four).
     */
    changedPixels() {
      const now = picture();
      let changed = 0;
      let magenta = 0;
      for (let at = 0; kept && at < now.length; at += 4) {
        if (Math.abs(now[at] - kept[at]) > 8 || Math.abs(now[at + 1] - kept[at + 1]) > 8 || Math.abs(now[at + 2] - kept[at + 2]) > 8) {
          changed++;
          if (now[at] > 150 && now[at + 2] > 120 && now[at + 1] < 110) magenta++;
        }
      }
      const covers = (viewer.canvas.clientWidth * viewer.canvas.clientHeight) / (gl.drawingBufferWidth * gl.drawingBufferHeight);
      return { changed: Math.round(changed * covers), magenta: Math.round(magenta * covers) };
    },
    /** Draws \`count\` of an effect through the app's effects API (MapEffects.add), around the centre. */
    async draw(effect, count) {
      for (const id of hub.ids()) hub.remove(id);
      for (let index = 0; index < count; index++) {
        const longitude = CENTER.longitude + (index - (count - 1) / 2) * 0.03;
        hub.add(effect, 'fixture-' + index, { position: longitude.toFixed(6) + ',' + CENTER.latitude.toFixed(6) + ',10' });
      }
      await frames(30);
      return hub.ids();
    },
  };
}

window.pluginFoldersGlobe = start();
`;

function globePage(): Plugin {
  return {
    name: 'plugin-folders-globe-page',
    resolveId: (id) => (id === GLOBE_MODULE ? `\0${GLOBE_MODULE}` : undefined),
    load: (id) => (id === `\0${GLOBE_MODULE}` ? GLOBE_SOURCE : undefined),
    configureServer(vite) {
      vite.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== GLOBE_PAGE) return next();
        // Through Vite's own HTML transform, as a real page of the project would be (React's preamble included).
        vite.transformIndexHtml(GLOBE_PAGE, GLOBE_HTML).then((html) => {
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html);
        }, next);
      });
    },
  };
}

interface GlobePage {
  opened: BrowserPage;
  /** What the page warned on its console. */
  warnings: string[];
  call<T>(body: string): Promise<T>;
}

let vite: ViteDevServer | undefined;

/**
 * The globe page in a fresh browser context, on a Vite dev server rooted at the copy (its own
 * vite.config.ts, a cache of its own), started once and kept: Vite sees the copy's files come and go.
 */
async function openGlobe(): Promise<GlobePage> {
  if (!vite) {
    vite = await createServer({
      root: copy,
      configFile: join(copy, 'vite.config.ts'),
      // Never the main project's node_modules/.vite: other dev servers use that one.
      cacheDir: join(copy, '.vite-cache'),
      server: { port: 0, host: '127.0.0.1', fs: { allow: [copy, realpathSync(join(ROOT, 'node_modules'))] } },
      plugins: [globePage()],
      logLevel: 'warn',
      clearScreen: false,
    });
    await vite.listen();
  }
  const address = vite.httpServer!.address();
  const opened = await openPage(browser, `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, {
    motion: 'full',
  });
  const warnings: string[] = [];
  opened.page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  const call = <T>(body: string) => opened.page.evaluate(`window.pluginFoldersGlobe.then((globe) => ${body})`) as Promise<T>;
  try {
    // Software WebGL on two cores: a small globe draws in a fraction of the time of a full window.
    await opened.page.setViewportSize({ width: 720, height: 450 });
    // Served by Vite from source: its first load transforms Cesium's modules, which takes long on busy cores.
    await opened.page.goto(GLOBE_PAGE, { timeout: 120_000 });
    await opened.page.waitForFunction(() => 'pluginFoldersGlobe' in window, undefined, { timeout: 60_000 });
    await call('globe.settle()');
  } catch (error) {
    await opened.context.close();
    throw error;
  }
  return { opened, warnings, call };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'ops-plugin-folders-'));
  copy = join(work, 'app');
  dataDir = join(work, 'data');
  mkdirSync(dataDir);
  copyProject(copy);
  // The one change to the copy: four folders dropped into its plugins/.
  for (const folder of FOLDERS) {
    expect(existsSync(join(copy, 'plugins', folder)), `plugins/${folder} exists already`).toBe(false);
    mkdirSync(join(copy, 'plugins', folder), { recursive: true });
    for (const file of readdirSync(join(FIXTURES, folder))) copyFileSync(join(FIXTURES, folder, file), join(copy, 'plugins', folder, file));
  }
  browser = await launchBrowser();
  await buildCopy();
});

afterAll(async () => {
  await vite?.close();
  await server?.stop();
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('four plugin folders dropped into plugins/', () => {
  it('are in the production build', () => {
    const code = builtCode();
    expect(code).toContain(KIND.displayName);
    expect(code).toContain(ALARM.code);
    expect(code).toContain(EFFECT);
    expect(code).toContain(WIDGET.id);
  });

  it('the simulator gives the new kind telemetry within its declared ranges and raises the new alarm type for it', async () => {
    // A fast simulator: a tick every 200 ms, 50 alarms a second over both tenants' fleets.
    await serve({ SIMULATOR: '1', SIM_TICK_MS: '200', SIM_ALARMS_PER_MINUTE: '3000' });
    const token = await adminToken();
    const first = await buoys(token);
    expect(first).toHaveLength(SEEDED_PER_TENANT);
    const ranges = { ph: [6, 9], dissolvedOxygen: [2, 12], turbidity: [0, 80] } as const;
    const inRange = (rows: DeviceRow[]) =>
      rows.every((row) =>
        Object.entries(ranges).every(
          ([key, [min, max]]) =>
            typeof row.telemetry[key] === 'number' && (row.telemetry[key] as number) >= min && (row.telemetry[key] as number) <= max,
        ),
      );
    expect(inRange(first)).toBe(true);
    const before = new Map(first.map((row) => [row.deviceId, JSON.stringify(row.telemetry)]));
    let reported: DeviceRow[] = [];
    await expect
      .poll(
        async () => {
          const now = await buoys(token);
          reported = now;
          return now.filter((row) => JSON.stringify(row.telemetry) !== before.get(row.deviceId)).length;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    expect(inRange(reported)).toBe(true);

    const names = new Set(first.map((row) => row.deviceName));
    let alarms: { alarmType: string; alarmTypeName: string; deviceName: string; alarmContent: string }[] = [];
    await expect
      .poll(
        async () => {
          alarms = ((await api(`/devi/aep/alarm/lists?alarmType=${ALARM.code}&pageSize=10`, { token })).rows ?? []) as typeof alarms;
          return alarms.length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm).toMatchObject({
        alarmType: ALARM.code,
        alarmTypeName: ALARM.name,
        alarmContent: `${alarm.deviceName}：${ALARM.simulatedContent}`,
      });
      expect(names).toContain(alarm.deviceName);
    }
  });

  it('the server lists the kind in its menus and counts, and checks its command against the declared parameter schema', async () => {
    // Restarted on the same database with the simulator off, for a quiet browser in the next steps.
    await serve();
    const token = await adminToken();
    expect(await deviceMenus(token)).toContainEqual(expect.objectContaining({ name: KIND.page, meta: { title: KIND.displayName } }));
    expect((await api('/getInfo', { token })).permissions).toContain(KIND.perms);
    const rows = await buoys(token);
    const summary = (await api('/devi/aep/summary', { token })).data as { kind: string; total: number; online: number }[];
    expect(summary).toContainEqual({ kind: KIND.page, total: SEEDED_PER_TENANT, online: rows.filter((row) => row.online).length });
    expect(
      rows.every(
        (row) =>
          row.kind === KIND.page &&
          row.deviceType === KIND.brandCode &&
          row.state.sampling === 'running' &&
          row.state.sampleInterval === 30,
      ),
    ).toBe(true);

    const target = rows.find((row) => row.online)!;
    const control = (params: unknown, extra: Record<string, string | number> = {}) =>
      api('/device/control/execute', {
        token,
        form: {
          command: 1,
          deviceType: KIND.brandCode,
          commandType: 'buoySampling',
          deviceIds: target.deviceId,
          params: JSON.stringify(params),
          ...extra,
        },
      });
    expect(await control({ interval: 500 })).toEqual({ code: 400, msg: '命令参数不正确：interval 超出允许范围' });
    expect(await control({ interval: 2 })).toEqual({ code: 400, msg: '命令参数不正确：interval 超出允许范围' });
    expect(await control({ interval: '15' })).toEqual({ code: 400, msg: '命令参数不正确：interval 类型不正确' });
    expect(await control({})).toEqual({ code: 400, msg: '命令参数不正确：interval 缺少必填参数' });
    expect(await control({ interval: 15, depth: 3 })).toEqual({ code: 400, msg: '命令参数不正确：包含不支持的参数' });
    expect(await control({ interval: 15 }, { commandType: 'light' })).toEqual({
      code: 400,
      msg: '命令类型不匹配：命令 1（设置采样间隔）的类型是 buoySampling',
    });
    expect(await control({ interval: 15 }, { command: 7 })).toEqual({ code: 400, msg: `${KIND.displayName}不支持命令 7` });
    const accepted = await control({ interval: 15 });
    expect(accepted).toMatchObject({
      code: 200,
      msg: '设置采样间隔：1 台设备执行成功',
      data: { results: [{ deviceId: target.deviceId, success: true, state: { sampling: 'running', sampleInterval: 15 } }] },
    });
    expect(((await api(`/devi/aep/info?deviceId=${target.deviceId}`, { token })).data as DeviceRow).state).toEqual({
      sampling: 'running',
      sampleInterval: 15,
    });
  });

  it('the built app shows the kind in the 设备管控 catalogue with its icon; its page lists its devices and sends its commands', async () => {
    const token = await adminToken();
    const rows = await buoys(token);
    await asAdmin(async (page) => {
      await page.goto('/device');
      const link = page.getByRole('navigation', { name: '设备类型' }).getByRole('link', { name: KIND.displayName });
      await link.getByText(`${SEEDED_PER_TENANT} 台 · 在线 ${rows.filter((row) => row.online).length}`).waitFor();
      expect(
        await link.locator('img').evaluate((image: HTMLImageElement) => fetch(image.src).then((response) => response.text())),
      ).toContain(DEVICE_ICON_MARK);
      await link.click();
      await page.waitForURL((url) => url.pathname === KIND.path);
      await page.getByRole('heading', { name: `设备管控 · ${KIND.displayName}` }).waitFor();
      const table = page.getByRole('table', { name: `${KIND.displayName}列表` });
      await table.getByRole('row').nth(SEEDED_PER_TENANT).waitFor();
      const shown = (await table.getByRole('row').allTextContents()).slice(1);
      expect(shown).toHaveLength(SEEDED_PER_TENANT);
      rows.forEach((row, index) => {
        expect(shown[index]).toContain(row.deviceName);
        // The first two telemetry fields with their labels and units, the state with its labels.
        expect(shown[index]).toContain(`酸碱度 ${String(row.telemetry.ph)} pH`);
        expect(shown[index]).toContain(`溶解氧 ${String(row.telemetry.dissolvedOxygen)} mg/L`);
        expect(shown[index]).toContain(`采样：运行中\u3000采样间隔：${String(row.state.sampleInterval)}`);
      });

      // A command with a parameter form built from the schema, and one with a confirmation.
      const target = rows.find((row) => row.online && row.state.sampleInterval === 30)!;
      await table.getByRole('row').filter({ hasText: target.deviceName }).click();
      const detail = page.getByRole('region', { name: `设备详情：${target.deviceName}` });
      await detail.getByRole('button', { name: /^设置采样间隔/ }).click();
      const form = page.getByRole('dialog', { name: '设置采样间隔：参数' });
      await form.getByLabel('采样间隔（分钟）').fill('45');
      await form.getByRole('button', { name: '发送' }).click();
      await page.locator('.bp6-toast').filter({ hasText: '设置采样间隔：1 台设备执行成功' }).first().waitFor();
      await detail.getByRole('definition').filter({ hasText: /^45$/ }).waitFor();
      await detail.getByRole('button', { name: /^暂停采样/ }).click();
      await page.getByRole('alertdialog').filter({ hasText: '确定暂停所选浮标的采样吗？' }).getByRole('button', { name: '确定' }).click();
      await page.locator('.bp6-toast').filter({ hasText: '暂停采样：1 台设备执行成功' }).first().waitFor();
      await detail
        .getByRole('definition')
        .filter({ hasText: /^已暂停$/ })
        .waitFor();
      expect(((await api(`/devi/aep/info?deviceId=${target.deviceId}`, { token })).data as DeviceRow).state).toEqual({
        sampling: 'paused',
        sampleInterval: 45,
      });
    });
  });

  it("an alarm of the new type reaches the browser as a toast with its Chinese name and icon, and opens the kind's page", async () => {
    const token = await adminToken();
    const buoy = (await buoys(token))[0]!;
    await asAdmin(async (page) => {
      // The push socket opens right after login; give it a moment before the alarm is raised.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
      await page.waitForTimeout(300);
      const raised = await api('/dev/alarm/raise', {
        json: { tenantId: 1, alarmType: ALARM.code, deviceId: buoy.deviceId, content: '溶解氧 1.8 mg/L，低于下限' },
      });
      expect(raised).toMatchObject({
        code: 200,
        data: { alarmType: ALARM.code, alarmTypeName: ALARM.name, grade: 'ALARM_GRADE_MEDIUM', deviceName: buoy.deviceName },
      });
      const toast = page.getByRole('region', { name: '实时告警' }).getByRole('button', { name: `查看告警：${ALARM.name}` });
      await toast.waitFor({ timeout: 5000 });
      await toast.getByText('溶解氧 1.8 mg/L，低于下限').waitFor();
      await toast.getByText(new RegExp(`^${buoy.deviceName} · `)).waitFor();
      expect(
        await toast.locator('img').evaluate((image: HTMLImageElement) => fetch(image.src).then((response) => response.text())),
      ).toContain(ALARM_ICON_MARK);
      await toast.click();
      await page.waitForURL((url) => url.pathname === KIND.path);
    });
  });

  it("a panel page draws the new widget type's panel, the widget plugin's code loaded only there", async () => {
    const token = await adminToken();
    const loadedChunks = (page: Page) =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    await asAdmin(async (page) => {
      // A page without the panel downloads none of the widget's code.
      await page.goto('/device');
      await page.getByRole('navigation', { name: '设备类型' }).getByRole('link', { name: KIND.displayName }).waitFor();
      expect((await loadedChunks(page)).filter((path) => WIDGET.chunk.test(path))).toEqual([]);

      const { value: today, unit = '' } = (await api('/stats/alarms/count?range=today', { token })).data as {
        value: number;
        unit?: string;
      };
      await page.goto('/realTimeBroad');
      const panel = page.getByRole('region', { name: WIDGET.panel });
      const light = panel.getByRole('status', { name: new RegExp(`^${WIDGET.label}：`) });
      await light.waitFor({ timeout: 20_000 });
      const expected = today >= 100_000 ? ['red', '告警'] : today >= 1 ? ['amber', '注意'] : ['green', '正常'];
      // The server's figure (below 1万, so written out with zh-CN grouping) and the light its thresholds give.
      const [, shown, shownUnit, word] = /^.+：([\d,.]+)(\D*)，(.+)$/.exec((await light.getAttribute('aria-label')) ?? '') ?? [];
      expect({ value: Number(shown?.replace(/,/g, '')), unit: shownUnit, word }).toEqual({ value: today, unit, word: expected[1] });
      expect(await light.getAttribute('data-light')).toBe(expected[0]);
      expect((await loadedChunks(page)).filter((path) => WIDGET.chunk.test(path))).toHaveLength(1);
      await expect.poll(() => panel.getByText(`未知的部件类型`).count()).toBe(0);
      await screenshot(page, 'plugin-folders-widget');
    });
  });

  it('the map effect is drawn on a real globe through the effects API, without a render error', async () => {
    const globe = await openGlobe();
    try {
      expect(await globe.call<string[]>('globe.plugins()')).toContain('map-effect:halo-disc');
      expect(await globe.call<string[]>('globe.renderers()')).toContain(EFFECT);
      await globe.call('globe.snapshot()');
      expect(await globe.call<string[]>(`globe.draw('${EFFECT}', 3)`)).toEqual(['fixture-0', 'fixture-1', 'fixture-2']);
      const { changed, magenta } = await globe.call<{ changed: number; magenta: number }>('globe.changedPixels()');
      // Three discs of 900 m seen from about 20 km: thousands of pixels, in the manifest's colour.
      expect(changed).toBeGreaterThan(1000);
      expect(magenta).toBeGreaterThan(1000);
      expect(await globe.call<string[]>('globe.errors()')).toEqual([]);
      expect(globe.warnings.filter((text) => text.includes(EFFECT))).toEqual([]);
      expect(globe.opened.consoleErrors).toEqual([]);
    } finally {
      await globe.opened.context.close();
    }
  });
});

describe('the same four folders removed', () => {
  it('are gone from the rebuilt app', async () => {
    await server?.stop();
    server = undefined;
    for (const folder of FOLDERS) rmSync(join(copy, 'plugins', folder), { recursive: true });
    await buildCopy();
    const code = builtCode();
    expect(code).not.toContain(KIND.displayName);
    expect(code).not.toContain(ALARM.code);
    expect(code).not.toContain(EFFECT);
    expect(code).not.toContain(WIDGET.id);
  });

  it('the server restarted on the same database knows neither the kind nor the alarm type', async () => {
    await serve();
    const token = await adminToken();
    expect(await api('/dev/alarm/raise', { json: { tenantId: 1, alarmType: ALARM.code, content: '插件已移除' } })).toEqual({
      code: 400,
      msg: `未知的告警类型：${ALARM.code}`,
    });
    expect(await api(`/devi/aep/child?deviceType=${KIND.brandCode}`, { token })).toEqual({
      code: 400,
      msg: `未知的设备类型：${KIND.brandCode}`,
    });
    expect(
      await api('/device/control/execute', {
        token,
        form: { command: 1, deviceType: KIND.brandCode, commandType: 'buoySampling', deviceIds: 1, params: '{"interval":15}' },
      }),
    ).toEqual({
      code: 400,
      msg: `未知的设备类型：${KIND.brandCode}`,
    });
    // The catalogue the app reads: the menus (设备管控's child pages, the permissions), the counts and the
    // map's devices. Soft, so that one run names every place the removed kind is left in.
    expect
      .soft(
        (await deviceMenus(token)).map((menu) => menu.name),
        '/getRouters 设备管控 children',
      )
      .not.toContain(KIND.page);
    // 设备管控's and the modules reusing its pages (正射影像: platform:orthophoto:waterBuoy).
    expect
      .soft(
        ((await api('/getInfo', { token })).permissions as string[]).filter(
          (perms) => perms === KIND.perms || perms.endsWith(`:${KIND.page}`),
        ),
        '/getInfo permissions',
      )
      .toEqual([]);
    expect
      .soft(
        ((await api('/devi/aep/summary', { token })).data as { kind: string }[]).map((row) => row.kind),
        '/devi/aep/summary kinds',
      )
      .not.toContain(KIND.page);
    expect
      .soft(
        [...new Set(((await api('/devi/aep/positions', { token })).data as { kind: string }[]).map((row) => row.kind))],
        '/devi/aep/positions kinds',
      )
      .not.toContain(KIND.page);
  });

  it('the rebuilt app shows no such kind in the catalogue and no page for it', async () => {
    await asAdmin(async (page) => {
      await page.goto('/device');
      const catalogue = page.getByRole('navigation', { name: '设备类型' });
      await catalogue.getByRole('link', { name: '智慧灯杆' }).waitFor();
      const kinds = readdirSync(join(copy, 'plugins/device')).length;
      expect(await catalogue.getByRole('link').count()).toBe(kinds);
      expect.soft(await catalogue.getByRole('link', { name: KIND.displayName }).count(), '设备类型 catalogue').toBe(0);
      expect
        .soft(
          await page.getByRole('navigation', { name: '子页面' }).getByRole('link', { name: KIND.displayName }).count(),
          '设备管控 child-page links (from /getRouters)',
        )
        .toBe(0);
      expect.soft(await page.getByText(KIND.displayName).count(), 'anywhere on the 设备管控 page').toBe(0);
      await screenshot(page, 'plugin-folders-removed');
      // Its old address is an unknown child page now: the module's own rule sends it to the module root.
      await page.goto(KIND.path);
      await page.waitForURL((url) => url.pathname === '/device', { timeout: 5000 }).catch(() => undefined);
      await screenshot(page, 'plugin-folders-removed-old-address');
      expect(new URL(page.url()).pathname, `${KIND.path} after the folder is removed`).toBe('/device');
      await page.getByRole('heading', { name: '设备管控' }).waitFor();
    });
  });

  it('the globe has no renderer for the effect: drawing it draws nothing', async () => {
    const globe = await openGlobe();
    try {
      expect(await globe.call<string[]>('globe.plugins()')).not.toContain('map-effect:halo-disc');
      const renderers = await globe.call<string[]>('globe.renderers()');
      expect(renderers).not.toContain(EFFECT);
      expect(renderers).toContain('scanCircle');
      await globe.call('globe.snapshot()');
      await globe.call(`globe.draw('${EFFECT}', 3)`);
      // The app's MapEffectHub finds no renderer: it says so for each and draws nothing.
      expect(globe.warnings.filter((text) => text.includes(EFFECT))).toEqual(
        Array.from({ length: 3 }, () => `没有绘制“${EFFECT}”的地图效果插件`),
      );
      const { changed, magenta } = await globe.call<{ changed: number; magenta: number }>('globe.changedPixels()');
      expect(magenta).toBe(0);
      expect(changed).toBeLessThan(100);
      expect(await globe.call<string[]>('globe.errors()')).toEqual([]);
      expect(globe.opened.consoleErrors).toEqual([]);
    } finally {
      await globe.opened.context.close();
    }
  });
});
