import { describe, expect, inject, it } from 'vitest';
import { lastSmsCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

describe('login', () => {
  it('redirects the root to /login and shows the SMS form in Chinese', async () => {
    const page = await open('/');
    await page.waitForURL('**/login');
    // The login screen is a lazy chunk: wait for it rather than sampling visibility once.
    await page.getByRole('heading', { name: '短信验证码登录' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    await screenshot(page, 'login');
  });

  it('shows each validation message of the spec', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入手机号码').waitFor();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('手机号不可为空').waitFor();
    await page.getByText('请输入验证码').waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('12345678901');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入有效的手机号码').waitFor();
    await page.getByRole('button', { name: '切换到授权码登录' }).click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入有效授权码').waitFor();
  });

  it('counts down 60 s after sending a code and keeps the button disabled', async () => {
    const page = await open('/login');
    await page.getByLabel('手机号', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const countdown = page.getByRole('button', { name: /秒后重新获取/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThanOrEqual(59);
    await page.waitForTimeout(2100);
    const later = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(later).toBeLessThanOrEqual(first - 2);
    expect(later).toBeGreaterThan(50);
  });

  it('logs in by SMS code read from the dev endpoint and lands on Home with the allowed modules', async () => {
    const page = await open('/login');
    await page.getByLabel('手机号', { exact: true }).fill('13800000001');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    const code = await lastSmsCode(baseUrl, '13800000001');
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home');
    const tiles = page.getByRole('navigation', { name: '功能模块' }).getByRole('link');
    await tiles.first().waitFor();
    const names = await tiles.allTextContents();
    expect(names.join()).toContain('设备管控');
    expect(names.join()).toContain('综合执法');
    expect(names.join()).not.toContain('队伍管理');
    await screenshot(page, 'home');
  });

  it('logs in by authorization code (trimmed)', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: '切换到授权码登录' }).click();
    await page.getByLabel('授权码', { exact: true }).fill('  ADMIN-2026-DEMO  ');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home');
    const tiles = page.getByRole('navigation', { name: '功能模块' }).getByRole('link');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(13);
  });

  it('refuses an unknown authorization code with the server message and stays on login', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: '切换到授权码登录' }).click();
    await page.getByLabel('授权码', { exact: true }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('授权码无效或已过期').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the no-permission message to a user without menus and stays on login', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: '切换到授权码登录' }).click();
    await page.getByLabel('授权码', { exact: true }).fill('NOPERM-2026-DEMO');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').getByText('该账号没有权限，请联系管理员！').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => document.cookie.includes('Admin-Token'))).toBe(false);
  });
});
