import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// A server of its own with a day of history (the cameras' records among it), so the test can plant a record in its database.
let server: RunningServer;
let browser: Browser;
const opened: BrowserPage[] = [];
const PLATE = '渝A52866';
/** A person's photo as the form uploads it (the server tells a PNG by its first bytes). */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  server = await startServer({ SEED_HISTORY_DAYS: '1' });
  // A vehicle an hour ago on one of tenant 1's cameras, written where the simulator writes (its snapshot is drawn when first asked for).
  const database = new Database(join(server.dataDir, 'dashboard.sqlite'));
  try {
    const camera = database
      .prepare("select device_id, longitude, latitude from devices where tenant_id = 1 and kind = 'camera' order by device_id")
      .get() as {
      device_id: number;
      longitude: number;
      latitude: number;
    };
    const at = Date.now() - 3_600_000;
    const day = new Date(at + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    database
      .prepare(
        `insert into recognition_records (tenant_id, device_id, at, longitude, latitude, kind, attributes, plate, plate_color, vehicle_type, vehicle_color, power_type, snapshot)
         values (1, ?, ?, ?, ?, 'vehicle', '', ?, 'BLUE', 'SUV', 'RED', 'RYC', ?)`,
      )
      .run(camera.device_id, at, camera.longitude, camera.latitude, PLATE, `${day}/${at}-${camera.device_id}-0e2e0e2e.png`);
  } finally {
    database.close();
  }
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const entry of opened.splice(0)) {
    expect(entry.consoleErrors).toEqual([]);
    await entry.context.close();
  }
});

async function signedIn(): Promise<Page> {
  const entry = await openPage(browser, server.url);
  opened.push(entry);
  const { page } = entry;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await loginByAuthCode(page, 'OPER-2026-DEMO');
  return page;
}

async function openDataRetrieval(): Promise<Page> {
  const page = await signedIn();
  await page.goto('/monitoringCenter/dataRetrieval');
  await page.getByRole('table', { name: '识别记录' }).waitFor({ timeout: 30_000 });
  return page;
}

describe('数据检索', () => {
  it('finds a record by part of its plate, shows its snapshot and exports the search as CSV', async () => {
    const page = await openDataRetrieval();
    // The week up to today is searched at once: the history's records fill the first page.
    const results = page.getByRole('table', { name: '识别记录' });
    await expect.poll(async () => results.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await screenshot(page, 'data-retrieval-week');
    // Options and labels come from the server's dictionaries.
    await page.getByRole('combobox', { name: '识别类型' }).selectOption({ label: '机动车' });
    await page.getByRole('combobox', { name: '车身颜色' }).selectOption({ label: '红色' });
    await page.getByRole('searchbox', { name: '车牌号码' }).fill('a5286');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const row = results.locator('tbody tr', { hasText: '渝A·52866' });
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(async () => results.locator('tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('红色');
    expect(await row.textContent()).toContain('SUV');
    await row.click();
    const picture = page.getByRole('img', { name: /抓拍图片：渝A·52866/ });
    await picture.waitFor({ timeout: 20_000 });
    await expect.poll(async () => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(192);
    await screenshot(page, 'data-retrieval');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^识别记录_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF记录编号,识别时间,摄像机')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('渝A·52866');
    expect(lines[1]).toContain('机动车');
  }, 180_000);

  it('says what is wrong with the form before it searches', async () => {
    const page = await openDataRetrieval();
    await page.getByRole('searchbox', { name: '车牌号码' }).fill('渝A%');
    await page.getByRole('alert').filter({ hasText: '车牌只能包含汉字、字母和数字' }).waitFor();
    expect(await page.getByRole('button', { name: '查询', exact: true }).isDisabled()).toBe(true);
  }, 120_000);

  it('车辆布防: a plate deployed in the browser, passed by the simulator, toasts with its snapshot, opens the hit and its record; 数据检索 finds it by part of the plate', async () => {
    const watched = '鲁Q7E2E8';
    const page = await signedIn();
    await page.goto('/monitoringCenter/carDefense');
    const form = page.getByRole('form', { name: '新建车辆布防' });
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('布防名称').fill('外地嫌疑车辆');
    await form.getByText('全选', { exact: true }).click();
    await form.getByLabel('车牌或车牌规则').fill(watched.toLowerCase());
    await form.getByRole('button', { name: '开始布防' }).click();
    const row = page.locator('tr[data-deployment]', { hasText: '外地嫌疑车辆' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('鲁Q·7E2E8');
    expect(await row.textContent()).toContain('布防中');
    await screenshot(page, 'car-defense');

    // The simulator passes the plate on one of the deployment's cameras (the dev endpoint: its own write path, then the matcher).
    const passed = (await (
      await fetch(`${server.url}/api/dev/watchlist/pass`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deploymentId: Number(await row.getAttribute('data-deployment')) }),
      })
    ).json()) as { code: number; data: { plate: string } };
    expect(passed).toMatchObject({ code: 200, data: { plate: watched } });
    const toast = page.getByRole('button', { name: '查看告警：车辆布控' });
    await toast.waitFor({ timeout: 20_000 });
    const picture = toast.getByRole('img', { name: /^抓拍：/ });
    await picture.waitFor({ timeout: 20_000 });
    await expect.poll(async () => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // One toast for the alarm, though it came as DEVICE_ALARM and CAR_DEFENSE.
    expect(await page.getByRole('button', { name: /^查看告警：/ }).count()).toBe(1);
    await screenshot(page, 'car-defense-toast');
    await toast.click();
    await page.waitForURL(/alarmId=\d+/);
    const hit = page.locator('.snapshot-card--focused');
    await hit.waitFor({ timeout: 20_000 });
    expect(await hit.textContent()).toContain('鲁Q·7E2E8');
    await screenshot(page, 'car-defense-hit');

    await hit.click();
    await page.waitForURL(/dataRetrieval\?recordId=\d+/i);
    const results = page.getByRole('table', { name: '识别记录' });
    await results.locator('tbody tr', { hasText: '鲁Q·7E2E8' }).waitFor({ timeout: 20_000 });
    await page.getByRole('img', { name: /抓拍图片：鲁Q·7E2E8/ }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'car-defense-record');

    // 数据检索 finds it by part of its plate over the week.
    await page.getByRole('button', { name: '重置' }).click();
    await page.getByRole('searchbox', { name: '车牌号码' }).fill('7e2e');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await results.locator('tbody tr', { hasText: '鲁Q·7E2E8' }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => results.locator('tbody tr').count()).toBe(1);

    // 人脸布防: the same page for people (name and photo); it has no deployment yet.
    await page.goto('/monitoringCenter/faceDefense');
    const faceForm = page.getByRole('form', { name: '新建人脸布防' });
    await faceForm.waitFor({ timeout: 20_000 });
    await page.getByText('暂无布防，请在右侧新建').waitFor();
    await screenshot(page, 'face-defense');

    // A deployment by AREA, no camera named: the area's cameras show covered; the list shows the area.
    await faceForm.getByLabel('布防名称').fill('江南大道重点人员');
    await faceForm
      .getByRole('group', { name: '区域' })
      .getByText(/^江南大道（\d+ 台）$/)
      .click();
    await faceForm
      .getByText(/（区域内）$/)
      .first()
      .waitFor();
    await faceForm.getByLabel('人员姓名').fill('张三');
    await faceForm
      .getByLabel('人员照片（JPEG 或 PNG，≤ 2 MB）')
      .setInputFiles({ name: 'zhangsan.png', mimeType: 'image/png', buffer: PNG });
    await faceForm.getByText('张三（zhangsan.png）').waitFor({ timeout: 20_000 });
    await screenshot(page, 'face-defense-form');
    await faceForm.getByRole('button', { name: '开始布防' }).click();
    const faceRow = page.locator('tr[data-deployment]', { hasText: '江南大道重点人员' });
    await faceRow.waitFor({ timeout: 20_000 });
    expect(await faceRow.textContent()).toContain('区域：江南大道');
    expect(await faceRow.textContent()).not.toContain('台摄像机');
    await screenshot(page, 'face-defense-area');

    // The simulator passes the person on one of the area's cameras: 人脸管控 counts the hit by its deployment.
    const facePass = (await (
      await fetch(`${server.url}/api/dev/watchlist/pass`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deploymentId: Number(await faceRow.getAttribute('data-deployment')) }),
      })
    ).json()) as { code: number };
    expect(facePass).toMatchObject({ code: 200 });
    await page.goto('/dataAnalysis/facialControl');
    const hitsFigure = page
      .getByRole('region', { name: '人脸概况' })
      .locator('.ops-stat-group__item', { hasText: '布防命中' })
      .locator('.ops-figure__digits');
    await expect.poll(async () => hitsFigure.textContent(), { timeout: 20_000 }).toBe('1');
    await page.getByRole('region', { name: '布防命中', exact: true }).getByText('江南大道重点人员').waitFor({ timeout: 20_000 });
    await expect.poll(async () => page.locator('.panel-frame [aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'face-control-hits');
  }, 300_000);
});
