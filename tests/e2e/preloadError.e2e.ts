import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByAuthCode, openPage, screenshot } from './browser';
import { startServer, type RunningServer } from './startServer';

// A redeploy replaces the hashed chunks an open page will still ask for. This file serves its own copy
// of the build (the global setup's dist/ stays whole for the other files) and takes chunks out of it.
let copy: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'ops-preload-'));
  cpSync('dist', join(copy, 'dist'), { recursive: true });
  server = await startServer({ STATIC_DIR: join(copy, 'dist') });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(copy, { recursive: true, force: true });
});

describe('a chunk that fails to load', () => {
  it('offers 重新加载 instead of a blank page, and the reload brings the page back once the files are there', async () => {
    const { page, context, consoleErrors } = await openPage(browser, server.url);
    try {
      await page.goto('/login');
      await page.getByRole('heading', { name: '短信验证码登录' }).waitFor();

      // The redeploy: the shell's chunks, loaded only after signing in, are gone from under the open page.
      const assets = join(copy, 'dist', 'assets');
      const aside = join(copy, 'aside');
      mkdirSync(aside);
      const shellChunks = readdirSync(assets).filter((file) => /^ProtectedApp-.*\.js$/.test(file));
      expect(shellChunks.length).toBeGreaterThan(0);
      for (const file of shellChunks) renameSync(join(assets, file), join(aside, file));

      await loginByAuthCode(page, 'OPER-2026-DEMO');
      const notice = page.getByRole('alertdialog', { name: '页面资源加载失败' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('重新加载即可使用最新版本');
      await screenshot(page, 'preload-error');
      // The failed import is still reported (nothing swallowed), once it has gone through React; it is the only error.
      await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
      for (const error of consoleErrors) expect(error).toMatch(/dynamically imported module|ProtectedApp/);

      // The new deploy's files are in place now: 重新加载 fetches them and the signed-in page shows.
      for (const file of shellChunks) renameSync(join(aside, file), join(assets, file));
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('navigation', { name: '功能模块' }).getByRole('link').first().waitFor();
      expect(page.url()).toMatch(/\/home$/);
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
