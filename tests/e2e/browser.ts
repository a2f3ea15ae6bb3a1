import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`找不到 Chromium：${CHROMIUM_PATH}（apt-get install chromium）`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

export async function openPage(browser: Browser, baseUrl: string): Promise<BrowserPage> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Reads the last SMS code from the server's dev endpoint (only on with SMS_DEV_ENDPOINT=1). */
export async function lastSmsCode(baseUrl: string, phonenumber: string): Promise<string> {
  const reply = (await (await fetch(`${baseUrl}/api/dev/sms/last?phonenumber=${phonenumber}`)).json()) as { code: number; data?: { smsCode: string } };
  if (reply.code !== 200 || !reply.data) throw new Error(`没有 ${phonenumber} 的验证码`);
  return reply.data.smsCode;
}

export async function apiGet(baseUrl: string, path: string, token?: string): Promise<{ code: number; msg?: string; [key: string]: unknown }> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return (await response.json()) as { code: number; msg?: string };
}

/**
 * One Chromium per test file; each `open` gets a fresh context, whose page errors fail the test
 * and which is closed after it.
 */
export function setupBrowser(baseUrl: string): { open(path?: string): Promise<Page> } {
  let browser: Browser | undefined;
  const opened: BrowserPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const entry of opened.splice(0)) {
      expect(entry.consoleErrors).toEqual([]);
      await entry.context.close();
    }
  });
  return {
    async open(path) {
      if (!browser) throw new Error('浏览器尚未启动');
      const entry = await openPage(browser, baseUrl);
      opened.push(entry);
      if (path) await entry.page.goto(path);
      return entry.page;
    },
  };
}

/** Logs in with an authorization code through the form and waits for Home. */
export async function loginByAuthCode(page: Page, authCode: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: '切换到授权码登录' }).click();
  await page.getByLabel('授权码', { exact: true }).fill(authCode);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/home');
}
