import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { wgs84ToGcj02, type LngLat } from '../../core/geo/coordinates';
import { readServerConfigFromEnv } from '../../server/config';
import { png } from '../../scripts/png';
import { apiGet, launchBrowser, loginByAuthCode, measurePixels, openPage, screenshot, type BrowserPage } from './browser';
import { startServer, type RunningServer } from './startServer';

// MAP_IMAGERY_URL pointing at a Chinese-style tile service whose tiles are drawn in GCJ-02: a local
// tile server (loopback) draws a magenta cross through the GCJ-02 position of one device, and with
// MAP_IMAGERY_CRS=gcj02 the globe must put that cross under the device's WGS-84 marker.

const TILE = 256;
const GROUND = [34, 40, 48, 255] as const;
const CROSS = [255, 0, 255, 255] as const;

/** Where a lng/lat falls in the world's Web Mercator pixels at a zoom level. */
function worldPixel([longitude, latitude]: LngLat, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** A tile server drawing, in every tile, the parts of a cross of lines through `cross.at` (GCJ-02), once it is set. */
async function startTileServer(): Promise<{ url: string; requests: string[]; cross: { at?: LngLat }; server: Server }> {
  const requests: string[] = [];
  const cross: { at?: LngLat } = {};
  const cache = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match || !cross.at) return response.writeHead(404).end();
    const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
    let tile = cache.get(request.url!);
    if (!tile) {
      const centre = worldPixel(cross.at, z);
      tile = png(TILE, TILE, (px, py) =>
        Math.abs(x * TILE + px + 0.5 - centre.x) < 2 || Math.abs(y * TILE + py + 0.5 - centre.y) < 2 ? [...CROSS] : [...GROUND],
      );
      cache.set(request.url!, tile);
    }
    // Cesium loads tiles as WebGL textures: a cross-origin tile needs CORS.
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, cross, server };
}

interface Found {
  /** The column and row where the cross's lines are, or -1 when not seen. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Finds the cross in a screenshot of the globe's canvas: the column and the row richest in magenta. */
async function findCross(page: Page, shot: Buffer): Promise<Found> {
  return measurePixels(page, shot, ({ data, width, height }) => {
    const columns = new Array<number>(width).fill(0);
    const rows = new Array<number>(height).fill(0);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
        // Magenta, however the dark style dims and cools it: red and blue well above green.
        if (r - g > 40 && b - g > 40) {
          columns[x]!++;
          rows[y]!++;
        }
      }
    }
    const best = (counts: number[], length: number) => {
      const top = Math.max(...counts);
      // A line runs across the canvas (panels may hide much of it); a few magenta pixels are not one.
      return top > length * 0.15 ? counts.indexOf(top) : -1;
    };
    return { x: best(columns, height), y: best(rows, width), width, height };
  });
}

describe('a basemap of GCJ-02 tiles (MAP_IMAGERY_URL with MAP_IMAGERY_CRS=gcj02)', () => {
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  let app: RunningServer;
  let browser: Browser;
  let device: { deviceId: number; deviceName: string; longitude: number; latitude: number };
  const opened: BrowserPage[] = [];

  beforeAll(async () => {
    tiles = await startTileServer();
    app = await startServer({ MAP_IMAGERY_URL: `${tiles.url}/{z}/{x}/{y}.png`, MAP_IMAGERY_CRS: 'gcj02' });
    // The cross is drawn where GCJ-02 tiles show one of the city tenant's devices (WGS-84).
    const { token } = (await apiGet(app.url, '/authCodeLogin?authCode=OPER-2026-DEMO')) as unknown as { token: string };
    const positions = (await apiGet(app.url, '/devi/aep/positions', token)) as unknown as { data: (typeof device)[] };
    device = positions.data.find((candidate) => candidate.deviceName.includes('灯杆')) ?? positions.data[0]!;
    tiles.cross.at = wgs84ToGcj02([device.longitude, device.latitude]);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const entry of opened.splice(0)) {
      expect(entry.consoleErrors).toEqual([]);
      await entry.context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise((resolve) => tiles?.server.close(resolve));
  });
  const open = async () => {
    const entry = await openPage(browser, app.url);
    opened.push(entry);
    return entry.page;
  };

  it('is refused without a tile URL, or with a system it does not know', () => {
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_CRS: 'gcj02' })).toThrow('MAP_IMAGERY_CRS=gcj02 需要同时设置 MAP_IMAGERY_URL');
    expect(() => readServerConfigFromEnv({ MAP_IMAGERY_URL: '/t/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: 'bd09' })).toThrow(
      'MAP_IMAGERY_CRS 只能是 wgs84 或 gcj02',
    );
    expect(
      readServerConfigFromEnv({ MAP_IMAGERY_URL: '/t/{z}/{x}/{y}.png', MAP_IMAGERY_CRS: 'GCJ02' }).server.appConfig?.mapImageryCrs,
    ).toBe('gcj02');
  });

  /**
   * Logs in, finds the device on the map (the camera flies straight above it: it is in the middle of
   * the canvas) and returns how far from the middle the cross's vertical and horizontal lines are
   * (undefined for a line not seen).
   */
  async function crossUnderDevice(page: Page, shotName: string, wantBoth: boolean): Promise<{ dx?: number; dy?: number }> {
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.goto('/comprehensive');
    // Software WebGL on two shared cores: the first globe of a fresh server can take a while.
    await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 100_000 });
    await page.getByRole('searchbox', { name: '在地图上查找设备' }).fill(device.deviceName);
    await page
      .getByRole('menuitem', { name: new RegExp(device.deviceName) })
      .first()
      .click();
    // Its detail opens (its plugin's code loads now); closed, so it hides none of the map.
    await page.getByRole('region', { name: `设备详情：${device.deviceName}` }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: '关闭详情' }).click();
    // Wait for the flight and the tiles.
    const canvas = page.locator('.globe-host canvas');
    let found: Found = { x: -1, y: -1, width: 0, height: 0 };
    const seen = () => (wantBoth ? found.x >= 0 && found.y >= 0 : found.x >= 0 || found.y >= 0);
    for (let look = 0; look < 12 && !seen(); look++) {
      await page.waitForTimeout(1500);
      found = await findCross(page, await canvas.screenshot());
    }
    await screenshot(page, shotName);
    expect(seen(), 'the cross is drawn').toBe(true);
    return { ...(found.x >= 0 ? { dx: found.x - found.width / 2 } : {}), ...(found.y >= 0 ? { dy: found.y - found.height / 2 } : {}) };
  }

  it(
    'puts the WGS-84 device on the street the GCJ-02 tiles draw it on, requesting tiles only from the tile server',
    { timeout: 200_000 },
    async () => {
      const page = await open();
      const outside: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(app.url) && !url.startsWith(tiles.url) && !url.startsWith('blob:') && !url.startsWith('data:'))
          outside.push(url);
      });
      const config = (await (await fetch(`${app.url}/app-config.json`)).json()) as { mapImageryCrs?: string };
      expect(config.mapImageryCrs).toBe('gcj02');
      const { dx, dy } = await crossUnderDevice(page, 'map-gcj02-tiles', true);
      // At 1500 m a pixel is about a metre; the GCJ-02 offset here is about 500.
      expect(Math.abs(dx!)).toBeLessThanOrEqual(6);
      expect(Math.abs(dy!)).toBeLessThanOrEqual(6);
      expect(tiles.requests.length).toBeGreaterThan(10);
      expect(outside).toEqual([]);
    },
  );

  it('would miss the street by hundreds of metres if the tiles were taken for WGS-84', { timeout: 200_000 }, async () => {
    const page = await open();
    // The same server and tiles, the app told they are WGS-84.
    await page.route('**/app-config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), mapImageryCrs: 'wgs84' } });
    });
    // Here the offset (≈ 450 m east, 280 m south) puts the lines hundreds of pixels from the middle,
    // the vertical one maybe under a panel: whichever is seen is far off.
    const { dx, dy } = await crossUnderDevice(page, 'map-gcj02-tiles-as-wgs84', false);
    expect(Math.max(Math.abs(dx ?? 0), Math.abs(dy ?? 0))).toBeGreaterThan(150);
  });
});
