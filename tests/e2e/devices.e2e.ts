import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

async function loginAt(path: string, authCode = 'OPER-2026-DEMO'): Promise<Page> {
  const page = await open();
  await loginByAuthCode(page, authCode);
  await page.goto(path);
  return page;
}

const rowsOf = (page: Page, kind: string) => page.getByRole('table', { name: `${kind}列表` }).getByRole('row');
const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text }).first();

describe('devices', () => {
  it('lists every device kind in the catalogue with live counts', async () => {
    const page = await loginAt('/device');
    const catalogue = page.getByRole('navigation', { name: '设备类型' });
    await catalogue.getByRole('link', { name: '智慧灯杆' }).waitFor();
    expect(await catalogue.getByRole('link').count()).toBe(33);
    await catalogue
      .getByText(/\d+ 台 · 在线 \d+/)
      .first()
      .waitFor();
    await screenshot(page, 'device-catalogue');
  });

  it('turns a lamp group on and off and shows the new state', async () => {
    const page = await loginAt('/device/lamp');
    await rowsOf(page, '智慧灯杆').nth(1).waitFor();
    await page.getByRole('combobox', { name: '设备分组' }).selectOption({ index: 1 });
    const group = page.getByRole('group', { name: /分组控制/ });
    await group.waitFor();
    await group.getByRole('button', { name: /^开灯/ }).click();
    await toast(page, /开灯：/).waitFor();
    await page.getByRole('button', { name: '在线' }).click();
    await rowsOf(page, '智慧灯杆').filter({ hasText: '开关：开' }).first().waitFor();
    expect(await rowsOf(page, '智慧灯杆').filter({ hasText: '开关：关' }).count()).toBe(0);
    await group.getByRole('button', { name: /^关灯/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await toast(page, /关灯：/).waitFor();
    await rowsOf(page, '智慧灯杆').filter({ hasText: '开关：关' }).first().waitFor();
    expect(await rowsOf(page, '智慧灯杆').filter({ hasText: '开关：开' }).count()).toBe(0);
    await screenshot(page, 'device-lamp-group');
  });

  it('uses the light group list path for lights', async () => {
    const page = await loginAt('/device/light');
    const groupsCall = page.waitForRequest((request) => request.url().includes('/api/devi/web/lightgroup/list'));
    await page.reload();
    await groupsCall;
    await page.getByRole('combobox', { name: '设备分组' }).selectOption({ index: 1 });
    await rowsOf(page, '照明控制').filter({ hasText: '照明控制' }).first().waitFor();
  });

  it('plays and stops a broadcast on a speaker', async () => {
    const page = await loginAt('/device/broad');
    await page.getByRole('button', { name: '在线' }).click();
    await rowsOf(page, '广播音柱').nth(1).click();
    const detail = page.getByRole('region', { name: /设备详情/ });
    await detail.getByRole('button', { name: /^播放/ }).click();
    await page.getByLabel('播报内容').fill('请游客注意安全，有序游览');
    await page.getByRole('button', { name: '发送' }).click();
    await detail.getByText('播放中').waitFor();
    await detail.getByRole('button', { name: /^停止播放/ }).click();
    await toast(page, /停止播放：1 台设备执行成功/).waitFor();
    await detail.getByText('空闲').waitFor();
  });

  it('controls an offline device and reads the error; nothing changes', async () => {
    const page = await loginAt('/device/lamp');
    await page.getByRole('button', { name: '离线' }).click();
    await rowsOf(page, '智慧灯杆').nth(1).click();
    const detail = page.getByRole('region', { name: /设备详情/ });
    await detail.getByText('离线').waitFor();
    await detail.getByRole('button', { name: /^开灯/ }).click();
    await toast(page, /设备离线，命令未执行/).waitFor();
    await detail.locator('dd', { hasText: '关' }).first().waitFor();
  });

  it('searches devices by name', async () => {
    const page = await loginAt('/device/lamp');
    await page.getByRole('textbox', { name: '搜索设备' }).fill('奥体中心');
    await page.getByText(/共 \d+ 台/).waitFor();
    await expect
      .poll(async () => (await rowsOf(page, '智慧灯杆').allTextContents()).slice(1).every((text) => text.includes('奥体中心')))
      .toBe(true);
  });

  it('reuses the device pages under orthophoto', async () => {
    const page = await loginAt('/orthophoto', 'ADMIN-2026-DEMO');
    await page.getByRole('navigation', { name: '设备类型' }).getByRole('link', { name: '智慧灯杆' }).click();
    await page.waitForURL(/\/orthophoto\/orthophotolamp$/);
    await page.getByRole('heading', { name: '正射影像 · 智慧灯杆' }).waitFor();
    await rowsOf(page, '智慧灯杆').nth(1).waitFor();
  });

  it("does not show or control another tenant's devices", async () => {
    const page = await loginAt('/device/lamp', 'ADMIN-2026-DEMO');
    await page.getByRole('combobox', { name: '切换租户' }).selectOption({ label: '西湖风景名胜区' });
    await page.waitForURL('**/home');
    await page.goto('/device/lamp');
    await rowsOf(page, '智慧灯杆').nth(1).waitFor();
    const names = (await rowsOf(page, '智慧灯杆').allTextContents()).slice(1);
    expect(names.some((name) => /江南大道|滨盛路|奥体中心|钱江新城/.test(name))).toBe(false);
    await page.getByRole('textbox', { name: '搜索设备' }).fill('江南大道');
    await page.getByText('暂无设备').waitFor();
    const token = decodeURIComponent(await page.evaluate(() => document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ''));
    const operator = await apiGet(baseUrl, '/authCodeLogin?authCode=OPER-2026-DEMO');
    const cityLamp = (await apiGet(baseUrl, '/devi/aep/child?deviceType=lamp&pageSize=1', String(operator.token))).rows as {
      deviceId: number;
    }[];
    const reply = await fetch(`${baseUrl}/api/device/control/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `command=1&deviceType=DEVICE_LAMPPOST&deviceIds=${cityLamp[0]!.deviceId}`,
    });
    expect(await reply.json()).toEqual({ code: 404, msg: `设备不存在：${cityLamp[0]!.deviceId}` });
  });
});
