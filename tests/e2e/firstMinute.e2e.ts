import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { FIRST_MINUTE_PAGES as PAGES } from './firstMinutePages';
import { startServer, type RunningServer } from './startServer';

let server: RunningServer;
let browser: Browser;
let startedAt: number;
const opened: BrowserPage[] = [];

beforeAll(async () => {
  startedAt = Date.now();
  server = await startServer({ SEED_HISTORY_DAYS: '30', SIMULATOR: '1' });
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

/** Waits until nothing on the page has been loading for half a second (at most 30 s). */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if ((await page.locator('[aria-busy="true"]').count()) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(100);
  }
}

/** The visible empty states on the page: the widgets' (暂无数据 …) and any other element that says only 暂无…. */
const emptyStates = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.offsetParent !== null && element.children.length === 0)
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => /^暂无/.test(text)),
  );

describe('the first minute of a fresh start', () => {
  it('shows data on every page of 综合态势, 告警管理, 运维管理, 安全应急 and 商业运营, with at most one empty panel each', async () => {
    const entry = await openPage(browser, server.url);
    opened.push(entry);
    const { page } = entry;
    await loginByAuthCode(page, 'ADMIN-2026-DEMO');
    const found: Record<string, string[]> = {};
    for (const path of PAGES) {
      // A module by its address, its child pages as an operator reaches them: the module's own links, no reload
      // (a dispatched click runs the router link; a pointer click waits on a main thread busy with software WebGL).
      const moduleOf = (pathname: string) => pathname.split('/')[1];
      const current = new URL(page.url()).pathname;
      if (path.split('/').length > 2 && moduleOf(current) === moduleOf(path)) {
        await page.getByRole('navigation', { name: '子页面' }).locator(`a[href="${path}"]`).dispatchEvent('click');
        await page.waitForURL((url) => url.pathname === path);
      } else await page.goto(path);
      // The page's requests start once its code has loaded: give it a moment, then wait until they end.
      await page.waitForTimeout(1500);
      await settled(page);
      found[path] = await emptyStates(page);
      expect(await page.textContent('body'), path).not.toContain('功能建设中');
      await screenshot(page, `first-minute${path.replace(/\//g, '-')}`);
    }
    const tooEmpty = Object.entries(found).filter(([, empties]) => empties.length > 1);
    expect(tooEmpty, `空面板多于一个的页面：${JSON.stringify(tooEmpty)}`).toEqual([]);
    // Visited in the first minutes of the server's life: the history was there from its start.
    console.info(`首次启动后 ${((Date.now() - startedAt) / 1000).toFixed(0)} 秒内走完 ${PAGES.length} 个页面`);
  }, 600_000);
});
