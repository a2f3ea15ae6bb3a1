import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginByAuthCode, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// One session per account (SINGLE_SESSION=1, a server of this file's own: the shared one lets the suite
// log the same account into several browsers): a second login of the account ends the first, whose page
// hears it on the product socket (result -3) and says so, then leads to login.
describe('repeat login (SINGLE_SESSION=1)', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: BrowserPage[] = [];
  beforeAll(async () => {
    server = await startServer({ SINGLE_SESSION: '1', JANUS: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const entry of pages) await entry.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('a second login of the same account shows the first its repeat-login message and sends it to login', async () => {
    const first = await openPage(browser, server.url);
    const second = await openPage(browser, server.url);
    pages.push(first, second);
    await loginByAuthCode(first.page, 'OPER-2026-DEMO');
    // The first page's product socket is open before the second login (the shell opens it after login).
    await first.page.waitForTimeout(1500);
    await loginByAuthCode(second.page, 'OPER-2026-DEMO');

    // Whichever the first page hears first — its product socket (-3: a dialog) or a request's 401 (a toast
    // as it logs out) — it says the account logged in elsewhere, and ends on the login page.
    await first.page
      .getByText(/您的账号已在其他地方登录/)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(first.page, 'repeat-login');
    const dialog = first.page.getByRole('dialog', { name: '您的账号已在其他地方登录' });
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: '重新登录' }).click();
    await first.page.waitForURL('**/login');
    // The second session goes on working.
    await second.page
      .getByRole('button', { name: /值班员张敏/ })
      .first()
      .waitFor();
    expect(first.consoleErrors).toEqual([]);
    expect(second.consoleErrors).toEqual([]);
  });
});
