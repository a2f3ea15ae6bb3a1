import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchBrowser, openPage, type BrowserPage } from './browser';

// Each map-effect renderer, drawn for real in Chromium's software WebGL through the same hub the app
// uses (the bench/globe page, served by Vite): it must draw something and Cesium must report no
// render error (after one it silently stops drawing).
const EFFECTS = ['pulsingCircle', 'scanCircle', 'flashingPoint', 'lineTrail', 'fireSmoke', 'viewCone', 'heatLayer'];

let vite: ViteDevServer;
let browser: Browser;
let opened: BrowserPage;
let page: Page;
const run = <T>(body: string) => page.evaluate(`window.globeBench.then((bench) => ${body})`) as Promise<T>;

beforeAll(async () => {
  // No file watching and no HMR: an edit elsewhere in the tree while the suite runs must not reload the page.
  vite = await createServer({ server: { port: 0, host: '127.0.0.1', hmr: false, watch: null }, logLevel: 'warn', clearScreen: false });
  await vite.listen();
  const address = vite.httpServer!.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
  // One page for all of them: loading Cesium through Vite's dev server is the slow part.
  // Full motion: these tests look at effects as they animate.
  opened = await openPage(browser, base, { motion: 'full' });
  page = opened.page;
  await page.goto('/bench/globe/index.html');
  await page.waitForFunction(() => 'globeBench' in window, undefined, { timeout: 60_000 });
  await run('bench.setup(0, 0)');
});
afterAll(async () => {
  await browser?.close();
  await vite?.close();
});

describe('map effects on a real globe', () => {
  it.each(EFFECTS)('%s draws on the globe without a render error', async (effect) => {
    await run(`bench.setup(0, 0)`);
    await run('bench.snapshot()');
    expect(await run<{ effects: number }>(`bench.setup(0, 6, '${effect}')`)).toMatchObject({ effects: 6 });
    const changed: number[] = [];
    for (let look = 0; look < 6; look++) {
      changed.push(await run<number>('bench.changedPixels()'));
      await page.waitForTimeout(250);
    }
    // Effects animate: some instants of a pulse are nearly empty, so the best of a few looks counts.
    expect(Math.max(...changed)).toBeGreaterThan(100);
    expect(await run<string[]>('bench.errors()')).toEqual([]);
    expect(opened.consoleErrors).toEqual([]);
  });
});
