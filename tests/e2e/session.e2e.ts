import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

async function tokenFor(authCode: string): Promise<string> {
  const reply = await apiGet(baseUrl, `/authCodeLogin?authCode=${authCode}`);
  expect(reply.code).toBe(200);
  return String(reply.token ?? (reply.data as { token: string }).token);
}

const moduleNames = async (page: Page) => {
  const tiles = page.getByRole('navigation', { name: '功能模块' }).getByRole('link');
  await tiles.first().waitFor();
  return tiles.allTextContents();
};

describe('session and routes', () => {
  it('sends a protected route without a session to / and then login', async () => {
    const page = await open('/device');
    await page.waitForURL('**/login');
    await page.goto('/home');
    await page.waitForURL('**/login');
  });

  it('applies the unknown-path rule', async () => {
    const page = await open('/no-such-page/at/all');
    await page.waitForURL('**/login');
    await page.goto('/realtimebroad/x');
    await page.waitForURL('**/realTimeBroad');
    await page.getByRole('heading', { name: '实时态势大屏' }).waitFor();
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.goto('/device/not-a-child');
    await page.waitForURL(/\/device$/);
    await page.getByRole('heading', { name: '设备管控' }).waitFor();
  });

  it('opens dynamic child routes built from the menus', async () => {
    const page = await open('/login');
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.getByRole('link', { name: '设备管控' }).click();
    await page.waitForURL(/\/device$/);
    await page.getByRole('navigation', { name: '子页面' }).getByRole('link', { name: '智慧停车' }).click();
    await page.waitForURL(/\/device\/smartparking$/);
    await page.getByRole('heading', { name: '设备管控 · 智慧停车' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: '设备管控 · 智慧停车' }).waitFor();
    await screenshot(page, 'module-child');
  });

  it('logs in silently with a token in the URL and lands on Home', async () => {
    const token = await tokenFor('OPER-2026-DEMO');
    const page = await open(`/login?token=${token}`);
    await page.waitForURL('**/home');
    expect((await moduleNames(page)).join()).toContain('设备管控');
  });

  it('logs out when the token in the URL is refused', async () => {
    const page = await open('/realTimeBroad?token=not-a-real-token');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('logs out: clears storage, goes to the root, and the old token is refused', async () => {
    const page = await open('/login');
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    const token = await page.evaluate(() => document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '');
    expect(token).not.toBe('');
    expect((await apiGet(baseUrl, '/getInfo', decodeURIComponent(token))).code).toBe(200);
    await page.getByRole('button', { name: /^当前用户/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => ({ cookie: document.cookie.includes('Admin-Token'), session: sessionStorage.length }))).toEqual({
      cookie: false,
      session: 0,
    });
    expect((await apiGet(baseUrl, '/getInfo', decodeURIComponent(token))).code).toBe(401);
    await page.goto('/home');
    await page.waitForURL('**/login');
  });

  it('switches tenant from the header and the visible modules follow, without a page load', async () => {
    const page = await open('/login');
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    const before = (await moduleNames(page)).join();
    expect(before).toContain('综合执法');
    expect(before).not.toContain('队伍管理');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('combobox', { name: '切换租户' }).selectOption({ label: '西湖风景名胜区' });
    await page.getByRole('link', { name: '队伍管理' }).waitFor();
    const after = (await moduleNames(page)).join();
    expect(after).not.toContain('综合执法');
    expect(after).toContain('低空管理');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});
