import Database from 'better-sqlite3';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { StatValue } from '@ops/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// Panel pages against a server of their own: the simulator on (devices report, business rows and
// weather move), the seeded week of history, alarms raised and handled through the API, so every panel
// has stored rows to show.
let server: RunningServer;
let browser: Browser;
const opened: (BrowserPage & { failures: string[] })[] = [];

beforeAll(async () => {
  server = await startServer({ SIMULATOR: '1', SIM_TICK_MS: '5000', SIM_ALARMS_PER_MINUTE: '0', SEED_HISTORY_DAYS: '7' });
  browser = await launchBrowser();
  const token = await tokenOf('OPER-2026-DEMO');
  const types = ['LAMP_FAULT', 'MANHOLE', 'CROWD_GATHERING', 'TRASH_OVERFLOW', 'LAMP_FAULT', 'MANHOLE'];
  const ids: number[] = [];
  for (const [index, alarmType] of types.entries()) {
    const reply = await post('/dev/alarm/raise', { tenantId: 1, alarmType, deviceId: index + 1, content: `面板测试告警 ${index + 1}` });
    ids.push((reply.data as { alarmId: number }).alarmId);
  }
  // Handled by the operator: confirmation and closing times, and a handling count per operator.
  for (const alarmId of ids.slice(0, 3)) {
    for (const status of ['ALARM_STATUS_PROCESSING', 'ALARM_STATUS_COMPLET', 'ALARM_STATUS_CONFIRMED']) {
      const reply = await post('/alarm/transition', { alarmId, status, comment: '面板测试处理' }, token, true);
      expect(reply.code).toBe(200);
    }
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  for (const entry of opened.splice(0)) {
    expect(entry.consoleErrors).toEqual([]);
    expect(entry.failures).toEqual([]);
    await entry.context.close();
  }
});

async function post(
  path: string,
  body: Record<string, unknown>,
  token?: string,
  form = false,
): Promise<{ code: number; msg?: string; data?: unknown }> {
  const headers: Record<string, string> = { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = form
    ? new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString()
    : JSON.stringify(body);
  return (await (await fetch(`${server.url}/api${path}`, { method: 'POST', headers, body: payload })).json()) as {
    code: number;
    data?: unknown;
  };
}

async function get(path: string, token: string): Promise<{ code: number; data?: unknown }> {
  return (await (await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    code: number;
    data?: unknown;
  };
}

async function tokenOf(authCode: string): Promise<string> {
  return ((await (await fetch(`${server.url}/api/authCodeLogin?authCode=${authCode}`)).json()) as { token: string }).token;
}

/** A signed-in page whose console errors, page errors and failed requests fail the test. */
async function signedIn(authCode = 'OPER-2026-DEMO', viewport = { width: 1920, height: 1080 }): Promise<Page> {
  const entry = await openPage(browser, server.url);
  const failures: string[] = [];
  entry.page.on('requestfailed', (request) => {
    // A navigation cancels the previous page's pending module preloads: not a failure of the app.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  entry.page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  entry.page.on('console', (message) => {
    if (message.type() === 'error') entry.consoleErrors.push(message.text());
  });
  opened.push({ ...entry, failures });
  await entry.page.setViewportSize(viewport);
  await loginByAuthCode(entry.page, authCode);
  return entry.page;
}

/** Waits until every panel on the page shows data: no loading, no error, no empty state; charts drawn. */
async function everyPanelShowsData(page: Page, expected: number): Promise<string[]> {
  await page.waitForFunction(
    (count) => {
      const panels = [...document.querySelectorAll('section.panel-frame')];
      if (panels.length !== count) return false;
      return panels.every((panel) => {
        const text = panel.textContent ?? '';
        if (panel.querySelector('[aria-busy="true"], [role="alert"]') || text.includes('加载中') || text.includes('暂无数据')) return false;
        const canvases = [...panel.querySelectorAll('canvas')];
        // A chart has drawn something: some pixel of its canvas is not transparent.
        return canvases.every((canvas) => {
          const context = canvas.getContext('2d');
          if (!context || !canvas.width || !canvas.height) return false;
          const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) return true;
          return false;
        });
      });
    },
    expected,
    { timeout: 60_000, polling: 500 },
  );
  return page.locator('section.panel-frame h3').allTextContents();
}

/** Each panel's box on screen, by its title. */
type Boxes = Record<string, { x: number; y: number; width: number; height: number }>;

/** Each panel's title and box on screen, to compare layouts across reloads and browsers. */
async function boxes(page: Page): Promise<Boxes> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('section.panel-frame')].map((panel) => {
        const box = panel.getBoundingClientRect();
        return [
          panel.getAttribute('aria-label') ?? '',
          { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
        ];
      }),
    ),
  );
}

/**
 * The same, once react-grid-layout has put the panels in their places: no animation runs and the boxes
 * stay put over several frames. With reduced motion there is no animation at all, so "none running" alone
 * would read the boxes before React has rendered a drop.
 */
async function settledBoxes(page: Page): Promise<Boxes> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const snapshot = () =>
          [...document.querySelectorAll('.react-grid-item')]
            .map((item) => (item.getAnimations().length ? 'moving' : JSON.stringify(item.getBoundingClientRect())))
            .join('|');
        const first = snapshot();
        let frames = 0;
        const next = () => {
          frames += 1;
          if (snapshot() !== first || first.includes('moving')) return resolve(false);
          if (frames < 6) requestAnimationFrame(next);
          else setTimeout(() => resolve(snapshot() === first), 150);
        };
        requestAnimationFrame(next);
      }),
    undefined,
    { polling: 100, timeout: 30_000 },
  );
  return boxes(page);
}

/**
 * A mouse gesture on the grid, made again only while it has not taken effect yet (`done`, read once the boxes
 * settled): beside two busy lanes on 2 cores one drag was seen to leave a panel as it was. A repeat is printed.
 */
async function gestureUntil(page: Page, name: string, gesture: () => Promise<void>, done: (shown: Boxes) => boolean): Promise<void> {
  let made = 0;
  await expect
    .poll(
      async () => {
        if (done(await settledBoxes(page))) return true;
        // An alarm pushed meanwhile shows its toast at the top right, over 今日告警's resize handle (CI saw every
        // resize miss for a minute): closed first, as an operator would.
        for (const close of await page.getByRole('button', { name: '关闭告警' }).all())
          await close.click({ timeout: 2000 }).catch(() => undefined);
        await gesture();
        made += 1;
        return done(await settledBoxes(page));
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  if (made > 1) console.warn(`综合态势：${name}用了 ${made} 次手势`);
}

/** Pairs of panels whose boxes overlap. */
function overlapping(shown: Boxes): string[] {
  const all = Object.entries(shown);
  return all.flatMap(([name, a], index) =>
    all
      .slice(index + 1)
      .filter(([, b]) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
      .map(([other]) => `${name} × ${other}`),
  );
}

interface GridItem {
  panel: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The default layout of 综合态势, as its plugin's manifest declares it (grid units). */
async function comprehensiveDefaultLayout(): Promise<GridItem[]> {
  const manifest = JSON.parse(await readFile('plugins/module/comprehensive/plugin.json', 'utf8')) as {
    contributes: { layouts: Record<string, GridItem[]> };
  };
  return manifest.contributes.layouts.comprehensive!;
}

const PAGES = [
  { path: '/comprehensive', title: '综合态势', panels: 11, authCode: 'OPER-2026-DEMO' },
  { path: '/alarmManage/alarmstatistics', title: '告警管理 · 告警统计', panels: 6, authCode: 'OPER-2026-DEMO' },
  { path: '/business', title: '商业运营', panels: 7, authCode: 'ADMIN-2026-DEMO' },
] as const;

describe('panel pages', () => {
  for (const { path, title, panels, authCode } of PAGES) {
    it(`${title}: every panel shows the server's data, no console error, no failed request`, async () => {
      const page = await signedIn(authCode);
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      const titles = await everyPanelShowsData(page, panels);
      expect(titles).toHaveLength(panels);
      await screenshot(page, `panels-${path.split('/').filter(Boolean).join('-')}`);
    });
  }

  it('the real-time board: opened with a token in the URL, every panel shows data at 1920×1080 without scrollbars', async () => {
    const token = await tokenOf('OPER-2026-DEMO');
    const entry = await openPage(browser, server.url);
    opened.push({ ...entry, failures: [] });
    const page = entry.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/realTimeBroad?token=${token}`);
    await page.waitForURL(/\/realTimeBroad$/);
    await page.getByRole('heading', { name: /实时态势/ }).waitFor();
    await everyPanelShowsData(page, 9);
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1920, 1080]);
    await screenshot(page, 'panels-real-time-board');
  });

  it('fills a wall screen exactly, at 1920×1080 and at 3840×2160, with no scrollbars', async () => {
    for (const [wall, width, height] of [
      ['1080', 1920, 1080],
      ['4k', 3840, 2160],
    ] as const) {
      const page = await signedIn('OPER-2026-DEMO', { width, height });
      await page.goto(`/alarmManage/alarmstatistics?wall=${wall}`);
      await everyPanelShowsData(page, 6);
      expect(
        await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight]),
      ).toEqual([width, height, width, height]);
      // The panels reach down to the bottom of the screen: the rows stretch to fill it.
      const lowest = Math.max(...Object.values(await boxes(page)).map((box) => box.y + box.height));
      expect(lowest).toBeGreaterThan(height * 0.9);
      await page.getByRole('button', { name: '退出大屏' }).waitFor();
      await screenshot(page, `panels-wall-${wall}`);
    }
  });

  it('updates the alarm count of 综合态势 when an alarm is pushed, without a reload', async () => {
    const page = await signedIn();
    // The push channel open: this fresh browser has nothing to catch up from, so an alarm raised before
    // the server subscribed its socket (a moment after it opens) would never reach it.
    let opened = false;
    page.on('websocket', (socket) => (opened = !socket.isClosed()));
    await page.goto('/comprehensive');
    const card = page.getByRole('region', { name: '今日告警', exact: true });
    await everyPanelShowsData(page, 11);
    await expect.poll(() => opened, { timeout: 60_000 }).toBe(true);
    await page.waitForTimeout(2000);
    const shown = async () => Number((await card.locator('.ops-figure__digits').first().textContent())?.replace(/[^\d]/g, ''));
    const before = await shown();
    await post('/dev/alarm/raise', { tenantId: 1, alarmType: 'MANHOLE', deviceId: 9, content: '推送后的告警' });
    // The card comes to the server's own count, which has ours in it. Not just before + 1: a CI run once saw
    // 22 → 25 here, more alarms of tenant 1 in those seconds than this test raised (their source not found).
    const token = await tokenOf('OPER-2026-DEMO');
    await expect
      .poll(
        async () => {
          const counted = ((await get('/stats/alarms/count?range=today', token)).data as StatValue).value;
          return (await shown()) === counted && counted > before;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it("keeps an operator's edited layout of 综合态势 across reloads and browsers, and no one else's", async () => {
    const page = await signedIn();
    await page.goto('/comprehensive');
    await everyPanelShowsData(page, 11);
    const defaults = await settledBoxes(page);
    await page.getByRole('button', { name: '编辑布局' }).click();

    // Remove one panel, then add it back (it goes to the bottom); move one; make one bigger.
    await page.getByRole('button', { name: '移除面板「近 7 日告警」' }).click();
    await expect.poll(async () => Object.keys(await boxes(page))).not.toContain('近 7 日告警');
    await page.getByRole('button', { name: '添加面板' }).click();
    await page.getByRole('menuitem', { name: '近 7 日告警' }).click();
    await expect.poll(async () => Object.keys(await boxes(page))).toContain('近 7 日告警');
    const added = await settledBoxes(page);
    const header = page.getByRole('region', { name: '告警设备排行（近 7 日）' }).locator('.panel-frame__header');
    const panel = '告警设备排行（近 7 日）';
    await gestureUntil(
      page,
      `拖动「${panel}」`,
      async () => {
        const from = (await header.boundingBox())!;
        await page.mouse.move(from.x + 60, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + 60 - 300, from.y + from.height / 2 - 200, { steps: 12 });
        await page.mouse.up();
      },
      (shown) => JSON.stringify(shown[panel]) !== JSON.stringify(added[panel]),
    );
    const moved = await settledBoxes(page);
    // 今日告警 made taller runs into the two panels under it: they make room (over the map nothing
    // closes up, but panels never overlap, on screen or in what is saved).
    const resized = page
      .locator('.react-grid-item', { has: page.getByRole('region', { name: '今日告警', exact: true }) })
      .locator('.react-resizable-handle');
    await gestureUntil(
      page,
      '拖大「今日告警」',
      async () => {
        const handle = (await resized.boundingBox())!;
        await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
        await page.mouse.down();
        await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 120, { steps: 8 });
        await page.mouse.up();
      },
      // Taller is what counts (made twice, twice as tall would do as well).
      (shown) => shown['今日告警']!.height > moved['今日告警']!.height,
    );
    const shown = await settledBoxes(page);
    expect(overlapping(shown)).toEqual([]);

    // What is saved is what the operator arranged: the server had nothing to repair.
    const [put] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/panel/layout') && response.request().method() === 'PUT'),
      page.getByRole('button', { name: '保存' }).click(),
    ]);
    const sent = (put.request().postDataJSON() as { items: GridItem[] }).items;
    const reply = (await put.json()) as { code: number; data: { items: GridItem[] }; changes?: string[] };
    expect(reply.code).toBe(200);
    expect(reply.changes ?? []).toEqual([]);
    expect(reply.data.items).toEqual(sent);
    await page.getByText('布局已保存').waitFor();
    // Over the globe the rows fit the screen again once editing ends (frozen while editing): the saved
    // layout has more rows, so the boxes are re-measured; still no overlap.
    const edited = await settledBoxes(page);
    expect(overlapping(edited)).toEqual([]);
    const defaultGrid = await comprehensiveDefaultLayout();
    const at = (items: GridItem[], panel: string) => items.find((item) => item.panel === panel)!;
    expect(at(sent, 'topAlarmDevices')).not.toEqual(at(defaultGrid, 'topAlarmDevices'));
    expect(at(sent, 'alarmsToday').h).toBeGreaterThan(at(defaultGrid, 'alarmsToday').h);
    expect(at(sent, 'alarmTrend7d').y).toBeGreaterThan(at(defaultGrid, 'alarmTrend7d').y);
    expect(edited['告警设备排行（近 7 日）']).not.toEqual(defaults['告警设备排行（近 7 日）']);
    expect(((await get('/panel/layout?page=comprehensive', await tokenOf('OPER-2026-DEMO'))).data as { items: GridItem[] }).items).toEqual(
      sent,
    );

    // Reloaded, and in a second browser as the same operator: the same layout, panel for panel.
    await page.reload();
    await everyPanelShowsData(page, 11);
    await expect.poll(() => settledBoxes(page)).toEqual(edited);
    const elsewhere = await signedIn();
    await elsewhere.goto('/comprehensive');
    await everyPanelShowsData(elsewhere, 11);
    await expect.poll(() => settledBoxes(elsewhere)).toEqual(edited);
    // Another operator still has the default.
    const admin = await signedIn('ADMIN-2026-DEMO');
    await admin.goto('/comprehensive');
    await everyPanelShowsData(admin, 11);
    await expect.poll(() => settledBoxes(admin)).toEqual(defaults);
    expect((await get('/panel/layout?page=comprehensive', await tokenOf('ADMIN-2026-DEMO'))).data).toBeNull();

    // 恢复默认 brings the default back for the operator.
    await page.getByRole('button', { name: '编辑布局' }).click();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await page.getByText('已恢复默认布局').waitFor();
    await expect.poll(() => settledBoxes(page)).toEqual(defaults);
    // Four loads of a page over the globe (software WebGL on 2 shared cores): up to a minute each.
  }, 300_000);

  it('opens 综合态势 when the stored layout is corrupt: unknown panels, off the grid, overlapping, or not even JSON', async () => {
    const token = await tokenOf('OPER-2026-DEMO');
    const stored = [
      { panel: 'noSuchPanel', x: 0, y: 0, w: 6, h: 3 },
      { panel: 'alarmsToday', x: 40, y: -2, w: 99, h: 1 },
      { panel: 'latestAlarms', x: 0, y: 0, w: 6, h: 5 },
      { panel: 'devicesOverview', x: 2, y: 1, w: 6, h: 3 },
    ];
    for (const items of [JSON.stringify(stored), 'not json at all {']) {
      const database = new Database(join(server.dataDir, 'dashboard.sqlite'));
      const user = database.prepare("select user_id from users where user_name = 'operator'").get() as { user_id: number };
      database
        .prepare(
          'insert into panel_layouts (tenant_id, user_id, page, items, updated_at) values (1, ?, ?, ?, ?) on conflict (tenant_id, user_id, page) do update set items = excluded.items',
        )
        .run(user.user_id, 'comprehensive', items, Date.now());
      database.close();
      expect((await get('/panel/layout?page=comprehensive', token)).code).toBe(200);
      const page = await signedIn();
      await page.goto('/comprehensive');
      await page.getByRole('heading', { name: '综合态势' }).waitFor();
      await page.locator('section.panel-frame').first().waitFor({ timeout: 60_000 });
      const shown = Object.keys(await boxes(page));
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).not.toContain('noSuchPanel');
      // Nothing overlaps.
      const all = Object.values(await boxes(page));
      for (const [index, a] of all.entries())
        for (const b of all.slice(index + 1))
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    }
  });
});
