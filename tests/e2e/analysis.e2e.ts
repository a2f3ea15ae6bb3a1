import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// A server of its own with a week and a day of history, so the test can read its database while the pages show it.
let server: RunningServer;
let browser: Browser;
const opened: BrowserPage[] = [];

beforeAll(async () => {
  server = await startServer({ SEED_HISTORY_DAYS: '8' });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
// Each page's errors fail its test.
afterEach(async () => {
  for (const entry of opened.splice(0)) {
    expect(entry.consoleErrors).toEqual([]);
    await entry.context.close();
  }
});

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;

/** The days 今日 and 近 7 日 cover (Asia/Shanghai), as epoch ms with both ends included. */
function lastDays(days: number): { begin: number; end: number } {
  const today = Math.floor((Date.now() + SHANGHAI_MS) / DAY_MS) * DAY_MS - SHANGHAI_MS;
  return { begin: today - (days - 1) * DAY_MS, end: today + DAY_MS - 1 };
}

/** One figure as the database itself holds it, read apart from the server. */
function fromDatabase(sql: string, range: { begin: number; end: number } = { begin: 0, end: 0 }): number {
  const database = new Database(join(server.dataDir, 'dashboard.sqlite'), { readonly: true });
  try {
    const row = database.prepare(sql).get(range) as { n: number | null };
    return row.n ?? 0;
  } finally {
    database.close();
  }
}

async function openAnalysis(path: string): Promise<Page> {
  const entry = await openPage(browser, server.url);
  opened.push(entry);
  const { page } = entry;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await loginByAuthCode(page, 'ADMIN-2026-DEMO');
  await page.goto(path);
  return page;
}

/** The number a statGroup item shows, once its panel has read it. */
async function figure(page: Page, panel: string, name: string): Promise<number> {
  const digits = page
    .getByRole('region', { name: panel })
    .locator('.ops-stat-group__item', { hasText: name })
    .first()
    .locator('.ops-figure__digits');
  await expect.poll(async () => digits.textContent(), { timeout: 20_000 }).toMatch(/^-?[\d,.]+$/);
  return Number((await digits.textContent())!.replace(/,/g, ''));
}

/** A figure as the widgets show it: in full, or from 100,000 on in 万 to two decimals (the unit then starts with 万). */
const shown = (value: number) => (value >= 100_000 ? Math.round(value / 100) / 100 : value);

/** Waits until a statGroup item shows `value` (after a new range, the panel reads again). */
async function figureBecomes(page: Page, panel: string, name: string, value: number): Promise<void> {
  await expect.poll(async () => figure(page, panel, name), { timeout: 20_000 }).toBe(value);
}

/** Every chart and table panel of the page has drawn (no spinner, no error left). */
async function panelsReady(page: Page): Promise<void> {
  await page.locator('.panel-frame').first().waitFor();
  await expect.poll(async () => page.locator('.panel-frame [aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
  expect(await page.locator('.panel-frame .ops-widget-state--error, .panel-frame .bp6-callout.bp6-intent-danger').count()).toBe(0);
}

const WEEK_ORDERS = 'select count(*) as n from work_orders where tenant_id = 1 and created_at between @begin and @end';
const WEEK_CLOSED = "select count(*) as n from work_orders where tenant_id = 1 and status = 'DONE' and closed_at between @begin and @end";
const PARKED = 'select count(*) as n from parking_sessions where tenant_id = 1 and in_at between @begin and @end';
const TAKINGS = 'select sum(fee) / 100.0 as n from parking_sessions where tenant_id = 1 and out_at between @begin and @end';
const ALARMS = 'select count(*) as n from alarms where tenant_id = 1 and created_at between @begin and @end';
const EVENTS = 'select count(*) as n from emergency_events where tenant_id = 1 and created_at between @begin and @end';

describe('数据分析: 工单分析, 停车分析, 治安分析', () => {
  it('工单分析 shows the database’s figures for 近 7 日, another range changes them, and exports them as CSV', async () => {
    const page = await openAnalysis('/dataAnalysis/orderAnalysis');
    const week = lastDays(7);
    const created = fromDatabase(WEEK_ORDERS, week);
    expect(created).toBeGreaterThan(0);
    expect(await figure(page, '工单概况', '新建工单')).toBe(created);
    expect(await figure(page, '工单概况', '已办结')).toBe(fromDatabase(WEEK_CLOSED, week));
    await expect.poll(async () => page.locator('.panel-page__range-text').textContent()).toContain('至');
    await panelsReady(page);
    await screenshot(page, 'analysis-orders');

    // 今日: the figures follow the range.
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '今日' }).click();
    const today = fromDatabase(WEEK_ORDERS, lastDays(1));
    expect(today).toBeLessThan(created);
    await figureBecomes(page, '工单概况', '新建工单', today);

    // Back to 近 7 日 and export: a UTF-8 file with a byte order mark holding the figures shown.
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '近 7 日' }).click();
    await figureBecomes(page, '工单概况', '新建工单', created);
    await panelsReady(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^数据分析-工单分析_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('工单概况');
    expect(csv).toContain(`新建工单,${created},件`);
    expect(csv).toContain('工单积压与新建、办结');
    expect(csv).not.toContain('（暂无数据）');

    // On paper: white, no header, navigation or buttons, the panels one under another.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '导出 CSV' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.panel-frame')!).backgroundColor)).toBe('rgb(255, 255, 255)');
    const columns = () =>
      page
        .locator('.react-grid-item')
        .evaluateAll((cells) => new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().left))).size);
    await expect.poll(columns, { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'analysis-orders-print');
  });

  it('停车分析 shows the database’s sessions and takings, and each lot’s occupancy', async () => {
    const page = await openAnalysis('/dataAnalysis/parking');
    const week = lastDays(7);
    const sessions = fromDatabase(PARKED, week);
    expect(sessions).toBeGreaterThan(0);
    expect(await figure(page, '停车概况', '停车次数')).toBe(sessions);
    expect(await figure(page, '停车概况', '停车收入')).toBe(shown(Math.round(fromDatabase(TAKINGS, week) * 100) / 100));
    await panelsReady(page);
    await page.getByRole('region', { name: '停车场明细' }).getByRole('table').waitFor();
    await screenshot(page, 'analysis-parking');
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '今日' }).click();
    await figureBecomes(page, '停车概况', '停车次数', fromDatabase(PARKED, lastDays(1)));
  });

  it('治安分析 shows the database’s alarms and emergency events, by type, area and hour', async () => {
    const page = await openAnalysis('/dataAnalysis/security');
    const week = lastDays(7);
    const alarms = fromDatabase(ALARMS, week);
    expect(alarms).toBeGreaterThan(0);
    expect(await figure(page, '治安概况', '告警总数')).toBe(alarms);
    expect(await figure(page, '治安概况', '应急事件')).toBe(fromDatabase(EVENTS, week));
    await panelsReady(page);
    await screenshot(page, 'analysis-security');
    // 近 30 日 holds the whole history: at least as many alarms.
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '近 30 日' }).click();
    await figureBecomes(page, '治安概况', '告警总数', fromDatabase(ALARMS, lastDays(30)));
    // 自定义 offers the calendar and keeps the days shown until two are picked.
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '自定义' }).click();
    await page.getByRole('group', { name: '日期范围' }).waitFor();
    expect(await figure(page, '治安概况', '告警总数')).toBe(fromDatabase(ALARMS, lastDays(30)));
  });
});

const RECORDS = 'select count(*) as n from recognition_records where tenant_id = 1 and at between @begin and @end';
const recordsOf = (kind: string, what = 'count(*)') =>
  `select ${what} as n from recognition_records where tenant_id = 1 and kind = '${kind}' and at between @begin and @end`;
const CAMERAS = "select count(*) as n from devices where tenant_id = 1 and kind in ('camera', 'fireCamera') and @begin <= @end";

/** A dictionary's label of a code, as the server's table holds it. */
function dictionaryLabel(type: string, value: string): string {
  const database = new Database(join(server.dataDir, 'dashboard.sqlite'), { readonly: true });
  try {
    const row = database.prepare('select dict_label as label from dict_data where dict_type = ? and dict_value = ?').get(type, value) as {
      label: string;
    };
    return row.label;
  } finally {
    database.close();
  }
}

describe('数据分析: 车辆管控, 人脸管控, 目标检测, 前端感知 (recognition records)', () => {
  it('车辆管控 shows the database’s vehicles and plates, and labels power types from the dictionary', async () => {
    const page = await openAnalysis('/dataAnalysis/carControl');
    const week = lastDays(7);
    const vehicles = fromDatabase(recordsOf('vehicle'), week);
    expect(vehicles).toBeGreaterThan(0);
    expect(await figure(page, '车辆概况', '过车总数')).toBe(shown(vehicles));
    expect(await figure(page, '车辆概况', '车牌数')).toBe(shown(fromDatabase(recordsOf('vehicle', 'count(distinct plate)'), week)));
    await panelsReady(page);
    await screenshot(page, 'analysis-vehicles');
    // The export holds what the panels show: power types by their dictionary labels, not their codes.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    const csv = readFileSync((await download.path())!).toString('utf8');
    expect(csv).toContain(`\n${dictionaryLabel('vehicle_power_type', 'XNYS')},`);
    expect(csv).not.toMatch(/\n(RYC|XNYS|XNYD),/);
  });

  it('人脸管控 shows the database’s faces and cameras', async () => {
    const page = await openAnalysis('/dataAnalysis/facialControl');
    const week = lastDays(7);
    const faces = fromDatabase(recordsOf('face'), week);
    expect(faces).toBeGreaterThan(0);
    expect(await figure(page, '人脸概况', '人脸抓拍')).toBe(shown(faces));
    expect(await figure(page, '人脸概况', '抓拍相机')).toBe(fromDatabase(recordsOf('face', 'count(distinct device_id)'), week));
    await panelsReady(page);
    await screenshot(page, 'analysis-faces');
  });

  it('目标检测 shows the database’s detections and people counts', async () => {
    const page = await openAnalysis('/dataAnalysis/targetDetection');
    const week = lastDays(7);
    const targets = fromDatabase(recordsOf('target'), week);
    expect(targets).toBeGreaterThan(0);
    expect(await figure(page, '检测概况', '目标检测')).toBe(targets);
    expect(await figure(page, '检测概况', '人数统计')).toBe(fromDatabase(recordsOf('peopleCount'), week));
    await panelsReady(page);
    await screenshot(page, 'analysis-targets');
  });

  it('前端感知 shows the database’s cameras and records, and a row per camera', async () => {
    const page = await openAnalysis('/dataAnalysis/frontView');
    const week = lastDays(7);
    const cameras = fromDatabase(CAMERAS, week);
    expect(await figure(page, '感知概况', '识别相机')).toBe(cameras);
    expect(await figure(page, '感知概况', '识别记录')).toBe(shown(fromDatabase(RECORDS, week)));
    await panelsReady(page);
    await page.getByRole('region', { name: '相机识别情况' }).getByRole('table').waitFor();
    await screenshot(page, 'analysis-front-view');
  });
});

const ENTERED = 'select sum(in_count) as n from gate_traffic where tenant_id = 1 and hour_at between @begin and @end';
const INSIDE =
  'select max(0, coalesce(sum(in_count - out_count), 0)) as n from gate_traffic where tenant_id = 1 and hour_at between @begin and @end';

/** Pixels (any channel off by more than 24) that differ between two screenshots of the same size, decoded by the page's own canvas. */
async function changedPixels(page: Page, before: Buffer, after: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [a, b] = await Promise.all([pixels(first), pixels(second)]);
      let changed = 0;
      for (let at = 0; at < a.length; at += 4)
        if (Math.abs(a[at]! - b[at]!) > 24 || Math.abs(a[at + 1]! - b[at + 1]!) > 24 || Math.abs(a[at + 2]! - b[at + 2]!) > 24) changed++;
      return changed;
    },
    [before.toString('base64'), after.toString('base64')] as const,
  );
}

describe('数据分析: 游客分析', () => {
  it('游客分析 shows the database’s visitors over the globe, and draws their heat on it', async () => {
    const page = await openAnalysis('/dataAnalysis/touristAnalysis');
    const today = lastDays(1);
    // The simulator may add an hour's visitors while the page reads: the figure is what the database held before or after.
    const entered = fromDatabase(ENTERED, today);
    expect(entered).toBeGreaterThan(0);
    expect([entered, fromDatabase(ENTERED, today)]).toContain(await figure(page, '游客概况', '入园人次'));
    const inside = fromDatabase(INSIDE, { begin: today.begin, end: Date.now() });
    expect([inside, fromDatabase(INSIDE, { begin: today.begin, end: Date.now() })]).toContain(await figure(page, '游客概况', '当前在园'));
    // The heat over 近 7 日: today's cameras have counted nobody yet in the first minutes after midnight (Asia/Shanghai).
    await page.getByRole('group', { name: '统计时间' }).getByRole('button', { name: '近 7 日' }).click();
    await panelsReady(page);
    const heat = page.getByRole('region', { name: '游客热力' });
    await heat.getByRole('list', { name: '人最多的位置' }).getByRole('listitem').first().waitFor();
    await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 120_000 });
    expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);

    // The heat layer is on the globe: switching it off and on changes the globe between the panels.
    const globe = { x: 660, y: 180, width: 800, height: 800 };
    const shot = () => page.screenshot({ clip: globe });
    const toggle = heat.getByLabel('在地图上显示热力');
    await expect.poll(async () => toggle.isChecked()).toBe(true);
    let withHeat = await shot();
    // As an operator does: a click on the switch's label.
    const flip = () => heat.locator('label', { hasText: '在地图上显示热力' }).click();
    await flip();
    await expect.poll(async () => toggle.isChecked()).toBe(false);
    await expect.poll(async () => changedPixels(page, withHeat, await shot()), { timeout: 30_000 }).toBeGreaterThan(2_000);
    const without = await shot();
    await flip();
    await expect.poll(async () => changedPixels(page, without, (withHeat = await shot())), { timeout: 30_000 }).toBeGreaterThan(2_000);
    expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);
    await screenshot(page, 'analysis-tourists');
    // 导出 CSV holds the heat's cameras as a table, the busiest first, beside the other panels' figures.
    const busiest = await heat.getByRole('listitem').first().locator('.visitor-heat__name').textContent();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    const csv = readFileSync((await download.path())!).toString('utf8');
    expect(csv).toContain(`游客热力\r\n摄像机,平均在画人数（人）,计数次数,经度,纬度\r\n${busiest},`);
    expect(csv).toContain('入园人次');
  });
});
