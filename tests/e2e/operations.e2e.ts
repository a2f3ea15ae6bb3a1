import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

type Reply = { code: number; msg?: string; data?: unknown; token?: string; rows?: unknown[]; total?: number };

// A server of this file's own: the fault job runs every second and a device offline at all gets a
// fault (OPS_OFFLINE_FAULT_MINUTES=0), so the test need not wait ten minutes; the shared server keeps
// the defaults. The diagnosis runs on demand only (立即诊断).
describe('设备运维 and 视频诊断', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: BrowserPage[] = [];
  let token = '';
  const get = async (path: string) =>
    (await (await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Reply;
  const devPost = async (path: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Reply;

  beforeAll(async () => {
    // With the seeded week: the page's charts and plans are what this file checks first.
    server = await startServer({
      JANUS: '0',
      OPS_FAULT_CHECK_MS: '1000',
      OPS_OFFLINE_FAULT_MINUTES: '0',
      VIDEO_DIAGNOSIS_MS: '0',
      SEED_HISTORY_DAYS: '7',
    });
    browser = await launchBrowser();
    token = ((await (await fetch(`${server.url}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as Reply).token!;
  });
  afterAll(async () => {
    for (const entry of pages) await entry.context.close();
    await browser?.close();
    await server?.stop();
  });

  async function operatorPage(path: string): Promise<Page> {
    const entry = await openPage(browser, server.url);
    pages.push(entry);
    await loginByAuthCode(entry.page, 'OPER-2026-DEMO');
    await entry.page.setViewportSize({ width: 1440, height: 900 });
    await entry.page.goto(path);
    return entry.page;
  }

  it('a device that goes offline shows as a fault once the fault job has run, and 转工单 raises its repair order', async () => {
    const page = await operatorPage('/operation/deviceoperation');
    await page.getByRole('region', { name: '设备可用率趋势' }).waitFor();
    // A fresh start has the fleet's seeded week: a value for every day of 近 7 天, and plans with today's rounds.
    const week = (await get('/operation/availability?range=7d')).data as { series: { values: (number | null)[] }[] };
    expect(week.series.length).toBeGreaterThan(10);
    expect(week.series.every((series) => series.values.every((value) => value !== null))).toBe(true);
    expect((await get('/operation/inspections?status=PENDING')).total).toBeGreaterThanOrEqual(3);
    await page.getByRole('region', { name: '保养计划' }).getByText('路灯月度巡检').waitFor();
    await page.getByRole('region', { name: '巡检记录' }).getByRole('button', { name: '登记巡检结果：路灯月度巡检' }).waitFor();
    const lamp = (
      (await get('/devi/aep/child?deviceType=lamp&online=1&pageSize=1')).rows as { deviceId: number; deviceName: string }[]
    )[0]!;
    expect((await devPost('/dev/device/online', { deviceId: lamp.deviceId, online: false })).code).toBe(200);

    // The job raises it within a second or two; the OPERATION_FAULT push refreshes the list.
    const faults = page.getByRole('region', { name: '设备故障' });
    const row = faults.locator('tr', { hasText: lamp.deviceName });
    await row.getByText('待处理').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () =>
        ((await get(`/operation/faults?deviceId=${lamp.deviceId}&open=1`)).rows as { cause: string }[]).map((fault) => fault.cause),
      )
      .toEqual(['offline']);
    await screenshot(page, 'device-operation');
    // 近 7 天: a point a day for each kind, from the seeded week.
    const weekRead = page.waitForResponse((response) => response.url().includes('/operation/availability?range=7d'));
    await page.getByRole('combobox', { name: '统计范围' }).selectOption('7d');
    await weekRead;
    await page.waitForTimeout(800);
    await screenshot(page, 'device-operation-7d');
    await page.getByRole('combobox', { name: '统计范围' }).selectOption('24h');

    await row.getByRole('button', { name: `转工单：${lamp.deviceName}` }).click();
    const dialog = page.getByRole('dialog', { name: `转工单：${lamp.deviceName}` });
    await dialog.getByRole('button', { name: '创建工单' }).click();
    const toast = page.getByText(/^已转为工单 GD-\d{8}-\d{4}$/).first();
    await toast.waitFor();
    const orderNo = /GD-\d{8}-\d{4}/.exec((await toast.textContent())!)![0];
    await row.getByText('已转工单').waitFor();
    await row.getByText(orderNo).waitFor();
    // The order exists on the server: a repair of that device.
    const orders = (await get(`/workOrder/list?deviceId=${lamp.deviceId}`)).rows as {
      orderNo: string;
      category: string;
      description: string;
    }[];
    expect(orders.find((order) => order.orderNo === orderNo)).toMatchObject({ category: 'REPAIR' });
    await screenshot(page, 'device-operation-work-order');

    // Back online: the job closes the fault (its order stays).
    await devPost('/dev/device/online', { deviceId: lamp.deviceId, online: true });
    await expect
      .poll(
        async () => ((await get(`/operation/faults?deviceId=${lamp.deviceId}`)).rows as { status: string }[]).map((fault) => fault.status),
        { timeout: 15_000 },
      )
      .toEqual(['CLOSED']);
  });

  it("a maintenance plan made in its dialog gets an inspection from the job; an 异常 result raises the device's fault", async () => {
    const page = await operatorPage('/operation/deviceoperation');
    const lamp = (
      (await get('/devi/aep/child?deviceType=lamp&online=1&pageSize=1')).rows as { deviceId: number; deviceName: string }[]
    )[0]!;
    await page.getByRole('region', { name: '保养计划' }).getByRole('button', { name: '新建计划' }).click();
    const dialog = page.getByRole('dialog', { name: '新建计划' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').getByText('请填写计划名称').waitFor();
    await dialog.getByLabel('计划名称').fill('路灯夜间巡检');
    await dialog.getByLabel('设备类型').selectOption('lamp');
    await dialog.getByLabel('周期（天）').fill('30');
    // The lamp picked by its name from the tenant's lamps (none picked: the form says so first).
    await dialog.getByText('指定设备', { exact: true }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').getByText('请至少选择一台设备，或选择全部设备').waitFor();
    await dialog.getByRole('searchbox', { name: '按名称或编码搜索设备' }).fill(lamp.deviceName);
    await dialog.getByRole('group', { name: '巡检设备' }).locator('label', { hasText: lamp.deviceName }).click();
    expect(await dialog.getByRole('checkbox', { name: lamp.deviceName }).isChecked()).toBe(true);
    await dialog.getByText('已选 1 / ').waitFor();
    await screenshot(page, 'device-operation-plan-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('保养计划已保存').first().waitFor();
    const planRow = page.getByRole('region', { name: '保养计划' }).locator('tr', { hasText: '路灯夜间巡检' });
    await planRow.getByText('1 台设备').waitFor();
    const plan = ((await get('/operation/plans')).data as { planId: number; name: string; deviceIds: number[] }[]).find(
      (row) => row.name === '路灯夜间巡检',
    )!;
    expect(plan.deviceIds).toEqual([lamp.deviceId]);

    // Due at once: the job (every second here) creates its inspection; the page hears of it with the next fault push or on reload.
    await expect
      .poll(async () => (await get(`/operation/inspections?status=PENDING&planId=${plan.planId}`)).total, { timeout: 15_000 })
      .toBe(1);
    await page.reload();
    const inspections = page.getByRole('region', { name: '巡检记录' });
    await inspections.getByRole('button', { name: '登记巡检结果：路灯夜间巡检' }).click();
    const record = page.getByRole('dialog', { name: '登记巡检结果：路灯夜间巡检' });
    await record.getByText('异常', { exact: true }).click();
    // The device by name, among the plan's devices (only the picked lamp).
    await expect
      .poll(async () =>
        (await record.getByLabel('异常设备').locator('option').allTextContents())
          .filter((text) => text !== '请选择异常设备')
          .map((text) => text.replace('（离线）', '')),
      )
      .toEqual([lamp.deviceName]);
    await record.getByLabel('异常设备').selectOption(String(lamp.deviceId));
    await record.getByLabel('巡检说明').fill('灯杆倾斜');
    await record.getByRole('button', { name: '保存' }).click();
    await page.getByText('巡检结果已记录').first().waitFor();
    await inspections.getByText('异常').first().waitFor();
    const faults = page.getByRole('region', { name: '设备故障' });
    await faults.locator('tr', { hasText: lamp.deviceName }).getByText('巡检异常', { exact: true }).waitFor();
    await screenshot(page, 'device-operation-plans');
  });

  it('视频诊断 shows every camera after 立即诊断, an offline camera among the failures, and its history', async () => {
    const camera = (
      (await get('/devi/aep/child?deviceType=camera&online=1&pageSize=1')).rows as { deviceId: number; deviceName: string }[]
    )[0]!;
    expect((await devPost('/dev/device/online', { deviceId: camera.deviceId, online: false })).code).toBe(200);
    const page = await operatorPage('/operation/videodiagnosis');
    await page.getByRole('button', { name: '立即诊断' }).click();
    await page
      .getByText(/^诊断完成：\d+ 路摄像机，\d+ 路异常$/)
      .first()
      .waitFor();

    const grid = page.getByRole('region', { name: '摄像机健康状态' });
    const tile = grid.getByRole('button', { name: `${camera.deviceName}：设备离线，查看诊断历史` });
    await tile.waitFor();
    const cameras = (await get('/operation/video/summary')).data as { cameras: number; faulty: number };
    expect(await grid.getByRole('button', { name: /查看诊断历史$/ }).count()).toBe(cameras.cameras);
    await page.getByRole('region', { name: '异常记录' }).getByRole('button', { name: camera.deviceName }).first().waitFor();
    await screenshot(page, 'video-diagnosis');

    // Only the faulty ones.
    await page.getByRole('combobox', { name: '诊断状态' }).selectOption('faulty');
    await expect.poll(async () => grid.getByRole('button', { name: /查看诊断历史$/ }).count()).toBe(cameras.faulty);

    await tile.click();
    await page
      .getByRole('table', { name: `诊断历史 · ${camera.deviceName}` })
      .getByText('设备离线')
      .first()
      .waitFor();
    await screenshot(page, 'video-diagnosis-history');
    await devPost('/dev/device/online', { deviceId: camera.deviceId, online: true });
  });
});
