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
    args: [
      '--no-sandbox',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Live video from the server's stream endpoint on this machine: WebRTC over loopback, with real
      // host candidates instead of mDNS names the endpoint cannot resolve.
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      // A fake camera (a moving test pattern) and microphone (a beep), granted without a prompt: pushing
      // a picture, video rooms and intercom capture them.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

export interface OpenPageOptions {
  /**
   * 'reduce' (the default here) emulates an operator who asked the system for less motion: the globe's
   * effects draw their first frame and hold it (core/map/MapEffects.ts). On CPU-drawn WebGL an animating
   * page takes a core for as long as it is open; the files about how effects look ask for 'full'.
   */
  motion?: 'reduce' | 'full';
}

export async function openPage(browser: Browser, baseUrl: string, options: OpenPageOptions = {}): Promise<BrowserPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
  });
  // npm test runs these beside the server suites on 2 shared cores (load averages of 10 and more): a wait
  // that names no time of its own gets 60 s instead of Playwright's 30 s, a page load 90 s (a globe page
  // booting on such cores took longer than 30 s). A wait whose time is what a test checks says so itself.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  const consoleErrors: string[] = [];
  await recordCspViolations(context, consoleErrors);
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/**
 * Every Content-Security-Policy violation of the context's pages and their workers becomes an entry
 * of `into`, so any test that checks its page errors also fails on a CSP the app does not run under.
 */
async function recordCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  const record = (where: string, violation: { directive: string; blocked: string; source: string }) =>
    into.push(
      `CSP 违规（${where}）：${violation.directive} 拦截了 ${violation.blocked || '(inline)'}${violation.source ? `，来自 ${violation.source}` : ''}`,
    );
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: { directive: string; blocked: string; source: string }) =>
    record(page.url(), violation),
  );
  const listen = () => {
    const target = globalThis as unknown as {
      addEventListener(type: string, listener: (event: SecurityPolicyViolationEvent) => void): void;
    };
    target.addEventListener('securitypolicyviolation', (event) => {
      const report = (globalThis as unknown as { __reportCspViolation?: (violation: unknown) => void }).__reportCspViolation;
      const violation = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : '',
      };
      if (report) void report(violation);
      // In a worker the binding is absent: the console carries it to the context's console event below.
      else console.error(`Content Security Policy violation: ${violation.directive} ${violation.blocked} ${violation.source}`);
    });
  };
  await context.addInitScript(listen);
  const isCspMessage = (text: string) => /Content[ -]Security[ -]Policy/i.test(text);
  context.on('console', (message) => {
    if (message.type() === 'error' && isCspMessage(message.text())) into.push(`CSP 违规（控制台）：${message.text()}`);
  });
  // Init scripts do not run in workers: listen once a worker exists (its later tasks are covered; the
  // context's console event carries what it reports, and a worker that cannot start is a page error).
  context.on('page', (page) => page.on('worker', (worker) => void worker.evaluate(listen).catch(() => undefined)));
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Measures a screenshot's pixels in the page, which decodes the PNG: `measure` runs there (it is sent
 * as source, so it must use nothing from outside itself) and its result comes back.
 */
export async function measurePixels<T>(page: Page, shot: Buffer, measure: (pixels: Pixels) => T): Promise<T> {
  return page.evaluate(
    async ({ dataUrl, source }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
      // The app's CSP allows eval (ajv and Cesium need it), so the measure's source can run here.
      const run = (0, eval)(`(${source})`) as (pixels: { data: Uint8ClampedArray; width: number; height: number }) => unknown;
      return run({ data, width, height });
    },
    { dataUrl: `data:image/png;base64,${shot.toString('base64')}`, source: measure.toString() },
  ) as Promise<T>;
}

/**
 * Saves a full-page screenshot as test-results/<name>.png for a person to look at, when E2E_SCREENSHOTS=1
 * (npm test leaves it off: nothing checks these files, and on a CPU-drawn globe each costs seconds).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Waits for a camera flight or the globe's tiles to settle, only when a screenshot will be taken (E2E_SCREENSHOTS=1). */
export async function settleForScreenshot(page: Page, ms: number): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '1') await page.waitForTimeout(ms);
}

/**
 * Opens an app route the way a click on a link does (the router follows the history), without loading the
 * page again: the globe and the signed-in shell stay, so a test visiting several map pages pays for one globe.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** Reads the last SMS code from the server's dev endpoint (only on with SMS_DEV_ENDPOINT=1). */
export async function lastSmsCode(baseUrl: string, phonenumber: string): Promise<string> {
  const reply = (await (await fetch(`${baseUrl}/api/dev/sms/last?phonenumber=${phonenumber}`)).json()) as {
    code: number;
    data?: { smsCode: string };
  };
  if (reply.code !== 200 || !reply.data) throw new Error(`没有 ${phonenumber} 的验证码`);
  return reply.data.smsCode;
}

export async function apiGet(
  baseUrl: string,
  path: string,
  token?: string,
): Promise<{ code: number; msg?: string; [key: string]: unknown }> {
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
  const field = page.getByLabel('授权码', { exact: true });
  // The switch is clicked again while the form still shows SMS login: under load (CI) one click was seen not to
  // take (the form stayed on SMS for the 60 s wait), and the test is about what follows, not this click.
  await expect
    .poll(
      async () => {
        if (await field.isVisible()) return true;
        const toAuthCode = page.getByRole('button', { name: '切换到授权码登录' });
        if (await toAuthCode.isVisible()) await toAuthCode.click();
        return field.isVisible();
      },
      { timeout: 60_000, interval: 2000 },
    )
    .toBe(true);
  await field.fill(authCode);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/home');
}
