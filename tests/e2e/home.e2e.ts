import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// A server of its own, so the test can read its database while the pages show it.
let server: RunningServer;
let token: string;
let browser: Browser;
const opened: BrowserPage[] = [];

beforeAll(async () => {
  server = await startServer({ SEED_HISTORY_DAYS: '1' });
  const login = (await (await fetch(`${server.url}/api/authCodeLogin?authCode=ADMIN-2026-DEMO`)).json()) as { token: string };
  token = login.token;
  // Something to count: alarms through the simulator's path, a work order through the API.
  for (const alarmType of ['SMOKE', 'MANHOLE', 'TRASH_OVERFLOW'])
    await post('/dev/alarm/raise', { alarmType, content: `首页测试告警 ${alarmType}` });
  await post('/workOrder/create', { title: '首页测试工单：路灯不亮' }, token);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
// Each page's errors fail its test (as setupBrowser does for the shared server).
afterEach(async () => {
  for (const entry of opened.splice(0)) {
    expect(entry.consoleErrors).toEqual([]);
    await entry.context.close();
  }
});

async function post(path: string, body: Record<string, unknown>, bearer?: string): Promise<void> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; msg?: string };
  if (reply.code !== 200) throw new Error(`${path}：${reply.msg}`);
}

/** What the database itself holds, read apart from the server. */
function fromDatabase<T>(sql: string): T {
  const database = new Database(join(server.dataDir, 'dashboard.sqlite'), { readonly: true });
  try {
    return database.prepare(sql).get() as T;
  } finally {
    database.close();
  }
}

/** The number a tile's live figure shows, once it has one. */
async function tileFigure(page: Page, module: string, label: string): Promise<number> {
  const figure = page.getByRole('link', { name: module, exact: true }).locator(`[data-figure="${label}"] .module-tile__digits`);
  await expect.poll(async () => figure.textContent(), { timeout: 20_000 }).toMatch(/^[\d,.]+$/);
  return Number((await figure.textContent())!.replace(/,/g, ''));
}

async function openHome(): Promise<Page> {
  const entry = await openPage(browser, server.url);
  opened.push(entry);
  const { page } = entry;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await loginByAuthCode(page, 'ADMIN-2026-DEMO');
  await page.getByRole('navigation', { name: '功能模块' }).getByRole('link').first().waitFor();
  return page;
}

describe('Home at a glance', () => {
  it('shows every module tile with the figures the database holds, beside the latest alarms and the situation', async () => {
    const page = await openHome();
    const tiles = page.getByRole('navigation', { name: '功能模块' }).getByRole('link');
    expect(await tiles.count()).toBe(13);

    // Two figures read straight from the database.
    const openOrders = fromDatabase<{ n: number }>(
      "select count(*) as n from work_orders where tenant_id = 1 and status in ('PENDING', 'ASSIGNED', 'PROCESSING')",
    ).n;
    const onlineCameras = fromDatabase<{ n: number }>(
      "select count(*) as n from devices where tenant_id = 1 and kind in ('camera', 'fireCamera') and online = 1",
    ).n;
    expect(openOrders).toBeGreaterThan(0);
    expect(await tileFigure(page, '运维管理', '未办结工单')).toBe(openOrders);
    expect(await tileFigure(page, '监控中心', '在线摄像头')).toBe(onlineCameras);

    // The others equal the server's own answers.
    const answer = async (path: string, item?: string) => {
      const reply = (await (await fetch(`${server.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        data: { value?: number; items?: { name: string; value: number }[] };
      };
      return item ? reply.data.items!.find((entry) => entry.name === item)!.value : reply.data.value!;
    };
    expect(await tileFigure(page, '告警管理', '待处理告警')).toBe(await answer('/overview/alarms/summary', '待处理'));
    expect(await tileFigure(page, '综合态势', '今日告警')).toBe(await answer('/stats/alarms/count?range=today'));
    expect(await tileFigure(page, '安全应急', '处置中事件')).toBe(await answer('/overview/emergency', '处置中事件'));

    // Beside the tiles: the latest alarms (the three raised) and the tenant's situation.
    const latest = page.getByRole('region', { name: '最新告警' });
    await expect.poll(async () => latest.textContent(), { timeout: 20_000 }).toContain('首页测试告警');
    const situation = page.getByRole('region', { name: '运行态势' });
    await expect.poll(async () => situation.textContent(), { timeout: 20_000 }).toContain('未办结工单');
    await screenshot(page, 'home');
  });

  it('opens a module root from its tile: a real overview page with its figures and an entry to each child', async () => {
    const page = await openHome();
    await page.getByRole('link', { name: '运维管理', exact: true }).click();
    await page.waitForURL('**/operation');
    const figures = page.getByRole('region', { name: '运维概况' });
    await expect.poll(async () => figures.textContent(), { timeout: 20_000 }).toContain('未办结工单');
    const entries = page.getByRole('region', { name: '运维功能' }).getByRole('link');
    expect(await entries.allTextContents()).toEqual([
      expect.stringContaining('设备运维'),
      expect.stringContaining('视频诊断'),
      expect.stringContaining('工单管理'),
    ]);
    expect(await page.textContent('body')).not.toContain('功能建设中');
    await entries.filter({ hasText: '工单管理' }).click();
    await page.waitForURL('**/operation/workorder');
  });

  it('gives every root a Home tile opens a page of its own, never the placeholder', async () => {
    const page = await openHome();
    for (const [path, panel] of [
      ['/monitoringCenter', '监控中心功能'],
      ['/dataAnalysis', '分析专题'],
      ['/securityEmergency', '应急处置'],
    ] as const) {
      await page.goto(path);
      const region = page.getByRole('region', { name: panel });
      await region.getByRole('link').first().waitFor();
      // Each child page says whether it is built (已上线) or what it will hold (规划中).
      if (path !== '/securityEmergency') expect(await region.textContent()).toMatch(/已上线|规划中/);
      expect(await page.textContent('body'), path).not.toContain('功能建设中');
    }
    // A map module's root keeps the globe and floats its summary over it.
    await page.goto('/cityManagement');
    await page.getByRole('region', { name: '城管告警概况' }).waitFor();
    await page.locator('.globe-host').waitFor();
    expect(await page.textContent('body')).not.toContain('功能建设中');
  });
});
