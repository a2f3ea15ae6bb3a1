import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { childRoutePath, moduleTree } from '../../core/registry/moduleTree';
import { apiGet, launchBrowser, loginByAuthCode, openPage, type BrowserPage } from './browser';
import { firstMinuteWalks } from './firstMinutePages';

// The app must run under the server's Content-Security-Policy on every route the admin has, Cesium
// and its workers included: openPage records every violation into consoleErrors.
const baseUrl = inject('baseUrl');

interface RouterEntry {
  name: string;
  path: string;
  meta: { title: string };
  children: { name: string; meta: { title: string } }[];
}

let browser: Browser;
let opened: BrowserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser, baseUrl);
});
afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
});

function expectSecurityHeaders(response: Response | null, path: string): void {
  expect(response, path).not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const directives = new Map(csp.split(';').map((directive) => [directive.trim().split(/\s+/)[0], directive.trim()] as const));
  expect(directives.get('default-src'), path).toBe("default-src 'self'");
  // What the build needs and nothing more: see server/http/securityHeaders.ts for why each source is there.
  expect(directives.get('script-src'), path).toBe("script-src 'self' 'unsafe-eval' blob:");
  expect(directives.get('frame-ancestors'), path).toBe("frame-ancestors 'none'");
  expect(directives.has('upgrade-insecure-requests'), path).toBe(false);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['x-frame-options'], path).toBe('DENY');
}

async function waitForPage(page: Page, heading: string): Promise<void> {
  await page.locator('#module-title', { hasText: heading }).waitFor();
  // Lazy plugin pages: let their Suspense spinner go so their code and first data ran too.
  await page.locator('.module-page__body > .bp6-spinner').waitFor({ state: 'detached' });
}

/**
 * The child pages a module's walk visits: all of them, except where the children are the device kinds
 * (设备管控 and 正射影像: 33 pages each, one page component drawn from the kinds' manifests, which
 * have no code of their own to load): the first, the middle and the last kind. The kinds' pages are
 * covered by DeviceKindPage's tests and devices.e2e.ts; the whole walk took ~150 s of the file's time.
 */
function childrenToWalk<Child>(modulePath: string, children: readonly Child[]): readonly Child[] {
  const definition = moduleTree.find((entry) => entry.path === modulePath);
  const fromDeviceKinds = definition?.childrenFromPlugins === 'device' || definition?.reuseChildrenOf === 'device';
  if (!fromDeviceKinds || children.length <= 3) return children;
  return [children[0]!, children[Math.floor(children.length / 2)]!, children[children.length - 1]!];
}

describe('security headers in the browser', () => {
  let modules: RouterEntry[] = [];
  const sockets: string[] = [];

  it("logs the admin in under the headers and lists the admin's 13 modules", { timeout: 120_000 }, async () => {
    const { page } = opened;
    page.on('websocket', (socket) => sockets.push(socket.url()));
    expectSecurityHeaders(await page.goto('/login'), '/login');
    await loginByAuthCode(page, 'ADMIN-2026-DEMO');
    const token = decodeURIComponent(await page.evaluate(() => document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? ''));
    const reply = await apiGet(baseUrl, '/getRouters?platformCode=twin_platform', token);
    expect(reply.code).toBe(200);
    modules = reply.data as RouterEntry[];
    expect(modules.map((module) => module.path).sort()).toEqual(moduleTree.map((module) => module.path).sort());
  });

  // One test per module, in menu order: a full load, then its child pages (childrenToWalk).
  for (const { path: modulePath } of moduleTree) {
    it(`runs ${modulePath} and its child pages, Cesium included, without a CSP violation`, { timeout: 420_000 }, async () => {
      const { page, consoleErrors } = opened;
      const module = modules.find((entry) => entry.path === modulePath);
      expect(module, `${modulePath} 不在管理员的菜单中`).toBeDefined();
      if (!module) return;
      // A full load per module: its HTML must carry the headers and the app must boot under them.
      expectSecurityHeaders(await page.goto(module.path), module.path);
      await waitForPage(page, module.meta.title);
      // Cesium.js, its workers, the bundled imagery and the device markers all load before the globe says
      // ready. Once is enough for the same globe: the other map pages go on while it loads.
      if (module.path === '/comprehensive') await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 90_000 });
      const children = childrenToWalk(modulePath, module.children).map((child) => ({
        child,
        path: childRoutePath(module.path, child.name),
      }));
      // firstMinute.e2e opens every child of some modules with the CSP recorded: not walked twice.
      for (const { child, path } of firstMinuteWalks(children.map((entry) => entry.path)) ? [] : children) {
        // Children through the module's own child links, no reload. A dispatched click still runs the
        // router link; a pointer click waits seconds per page for a main thread busy with software WebGL.
        await page.getByRole('navigation', { name: '子页面' }).locator(`a[href="${path}"]`).dispatchEvent('click');
        await page.waitForURL((url) => url.pathname === path);
        await waitForPage(page, `${module.meta.title} · ${child.meta.title}`);
      }
      expect(consoleErrors, module.path).toEqual([]);
    });
  }

  it("connected the push socket same-origin (allowed by connect-src 'self')", () => {
    expect(sockets.some((url) => new URL(url).pathname === '/api/push/ws')).toBe(true);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('would notice a violation: an injected inline script is recorded', async () => {
    const probe = await openPage(browser, baseUrl);
    try {
      await probe.page.goto('/login');
      await probe.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      });
      await expect.poll(() => probe.consoleErrors.join('\n')).toContain('script-src');
      expect(await probe.page.evaluate(() => 'injected' in window)).toBe(false);
    } finally {
      await probe.context.close();
    }
  });
});
