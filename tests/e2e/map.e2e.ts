import { describe, expect, inject, it } from 'vitest';
import { loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

describe('map pages', () => {
  it('open on an offline globe with the tenant\'s devices, making no outside request', async () => {
    const page = await open();
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseUrl) && !url.startsWith('blob:') && !url.startsWith('data:')) outside.push(url);
    });
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    const positions = page.waitForResponse((response) => response.url().includes('/api/devi/aep/positions'));
    await page.goto('/comprehensive');
    const devices = ((await (await positions).json()) as { data: unknown[] }).data;
    expect(devices.length).toBeGreaterThan(100);
    await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByRole('group', { name: '切换视角' }).getByRole('button', { name: '奥体中心' }).waitFor();
    // The globe's canvas fills the page and is not blank.
    const canvas = page.locator('.globe-host canvas');
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(1000);
    await page.waitForTimeout(1500);
    const shot = await canvas.screenshot();
    expect(new Set(shot.subarray(shot.length / 2, shot.length / 2 + 4000)).size).toBeGreaterThan(10);
    await screenshot(page, 'map-globe');
    expect(outside).toEqual([]);
  });

  it('adds a pulsing circle where a new alarm happened', async () => {
    const page = await open();
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.goto('/comprehensive');
    await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 60_000 });
    const operator = (await (await fetch(`${baseUrl}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
    const smoke = (await (await fetch(`${baseUrl}/api/devi/aep/child?deviceType=smoke&pageSize=1`, { headers: { Authorization: `Bearer ${operator.token}` } })).json()) as { rows: { deviceId: number }[] };
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
    const before = Number(await page.locator('.globe-host').getAttribute('data-effects'));
    const raised = await fetch(`${baseUrl}/api/dev/alarm/raise`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', deviceId: smoke.rows[0]!.deviceId, content: '地图告警' }) });
    expect(((await raised.json()) as { code: number }).code).toBe(200);
    await page.locator(`.globe-host[data-effects="${before + 1}"]`).waitFor({ timeout: 5000 });
    await screenshot(page, 'map-alarm');
  });

  it('keeps Cesium off the login and home pages', async () => {
    const page = await open();
    const cesium: string[] = [];
    page.on('request', (request) => request.url().includes('/cesium/') && cesium.push(request.url()));
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.getByRole('link', { name: '设备管控' }).waitFor();
    expect(cesium).toEqual([]);
  });
});
