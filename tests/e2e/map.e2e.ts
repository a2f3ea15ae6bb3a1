import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, loginByAuthCode, measurePixels, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

/** The operator, logged in, on the comprehensive map with the globe ready. */
async function openMap(): Promise<Page> {
  const page = await open();
  await loginByAuthCode(page, 'OPER-2026-DEMO');
  await page.goto('/comprehensive');
  await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 60_000 });
  return page;
}

/** Reads the server as the same operator, beside the browser. */
async function asOperator<T>(path: string): Promise<T> {
  const { token } = (await apiGet(baseUrl, '/authCodeLogin?authCode=OPER-2026-DEMO')) as unknown as { token: string };
  return (await apiGet(baseUrl, path, token)) as unknown as T;
}

/** The mean luminance of a screenshot (0–255) and the share of its pixels that are bright cyan (district lines). */
async function canvasColours(page: Page, shot: Buffer): Promise<{ meanLuminance: number; cyanShare: number }> {
  return measurePixels(page, shot, ({ data }) => {
    let [luminance, cyan] = [0, 0];
    for (let at = 0; at < data.length; at += 4) {
      const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
      luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
      if (b > 150 && g > 120 && r < g - 30) cyan++;
    }
    const pixels = data.length / 4;
    return { meanLuminance: luminance / pixels, cyanShare: cyan / pixels };
  });
}

/** Calls a dev endpoint (SMS_DEV_ENDPOINT=1 in e2e) and expects it to succeed. */
async function devPost(path: string, body: Record<string, unknown>): Promise<void> {
  const reply = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(((await reply.json()) as { code: number }).code).toBe(200);
}

describe('map pages', () => {
  it("open on an offline globe with the tenant's devices, making no outside request", async () => {
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
    // The tenant's city is found from its main view (滨江区, 杭州市): its 13 districts are drawn.
    await page.locator('.globe-host[data-districts="13"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const shot = await canvas.screenshot();
    expect(new Set(shot.subarray(shot.length / 2, shot.length / 2 + 4000)).size).toBeGreaterThan(10);
    // A dark command-centre base, not a bright green field, with glowing cyan district lines on it.
    const look = await canvasColours(page, shot);
    expect(look.meanLuminance).toBeLessThan(80);
    expect(look.cyanShare).toBeGreaterThan(0.002);
    await screenshot(page, 'map-globe');
    expect(outside).toEqual([]);
  });

  it('adds a pulsing circle where a new alarm happened', async () => {
    const page = await openMap();
    const smoke = await asOperator<{ rows: { deviceId: number }[] }>('/devi/aep/child?deviceType=smoke&pageSize=1');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
    const before = Number(await page.locator('.globe-host').getAttribute('data-effects'));
    await devPost('/dev/alarm/raise', { tenantId: 1, alarmType: 'SMOKE', deviceId: smoke.rows[0]!.deviceId, content: '地图告警' });
    // The alarm's circle (a camera within 200 m may add its view cone beside it).
    await page.waitForFunction((count) => Number(document.querySelector('.globe-host')?.getAttribute('data-effects')) > count, before, {
      timeout: 15_000,
    });
    await screenshot(page, 'map-alarm');
  });

  it("shows the tenant's devices as markers; a found device opens its detail, a click on its marker too, and dragging its circle reports a new position that can be saved", async () => {
    const page = await openMap();
    const host = page.locator('.globe-host');
    const positions = (
      await asOperator<{ data: { deviceId: number; deviceName: string; longitude: number; latitude: number }[] }>('/devi/aep/positions')
    ).data;
    expect(Number(await host.getAttribute('data-markers'))).toBe(positions.length);
    // Zoomed out, the devices are grouped: far fewer billboards than devices, but some.
    const shown = Number(await host.getAttribute('data-shown-markers'));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(positions.length);

    const device = positions.find((candidate) => candidate.deviceName.includes('灯杆')) ?? positions[0]!;
    await page.getByRole('searchbox', { name: '在地图上查找设备' }).fill(device.deviceName);
    await page
      .getByRole('menuitem', { name: new RegExp(device.deviceName) })
      .first()
      .click();
    await page.getByRole('region', { name: `设备详情：${device.deviceName}` }).waitFor();
    await page.waitForTimeout(1500); // the camera's flight to the device
    await page.getByRole('button', { name: '关闭详情' }).click();

    // Close over it, looking down: the device is in the middle of the map, on its own.
    const box = (await page.locator('.globe-host canvas').boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.click(middle.x, middle.y);
    await page.getByRole('region', { name: `设备详情：${device.deviceName}` }).waitFor();

    await page.getByRole('button', { name: '调整位置' }).click();
    await page.getByText('拖动红圈到设备的新位置').waitFor();
    await page.waitForTimeout(1200);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(middle.x + step * 12, middle.y + step * 6);
    await screenshot(page, 'map-dragging');
    await page.mouse.up();
    const report = page.getByText(/^新位置：\d+\.\d{8}, \d+\.\d{8}，高度 0$/);
    await report.waitFor();
    const [longitude, latitude] = (/新位置：([\d.]+), ([\d.]+)/.exec((await report.textContent())!) ?? []).slice(1).map(Number) as [
      number,
      number,
    ];
    // Dragged right and down on a north-up map: east and south of where it was.
    expect(longitude).toBeGreaterThan(device.longitude);
    expect(latitude).toBeLessThan(device.latitude);
    await screenshot(page, 'map-relocated');
    await page.getByRole('button', { name: '保存位置' }).click();
    await page.getByText('位置已保存').first().waitFor();
    const saved = (await asOperator<{ data: { longitude: number; latitude: number } }>(`/devi/aep/info?deviceId=${device.deviceId}`)).data;
    expect(saved).toMatchObject({ longitude, latitude });
  });

  it('recolours a device that goes offline, live: its open detail and the online count follow the push', async () => {
    const page = await openMap();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
    const lamp = (
      await asOperator<{ rows: { deviceId: number; deviceName: string }[] }>('/devi/aep/child?deviceType=lamp&online=1&pageSize=1')
    ).rows[0]!;
    await page.getByRole('searchbox', { name: '在地图上查找设备' }).fill(lamp.deviceName);
    await page
      .getByRole('menuitem', { name: new RegExp(lamp.deviceName) })
      .first()
      .click();
    const detail = page.getByRole('region', { name: `设备详情：${lamp.deviceName}` });
    await detail.getByText('在线', { exact: true }).waitFor();
    const legend = page.getByRole('status').filter({ hasText: /^设备 \d+ 台（在线 \d+）/ });
    const onlineBefore = Number(/在线 (\d+)/.exec((await legend.textContent())!)![1]);
    await devPost('/dev/device/online', { deviceId: lamp.deviceId, online: false });
    await detail.getByText('离线', { exact: true }).waitFor();
    await legend.filter({ hasText: `在线 ${onlineBefore - 1}）` }).waitFor();
    // Back online, for the other files that share this server's fleet.
    await devPost('/dev/device/online', { deviceId: lamp.deviceId, online: true });
    await detail.getByText('在线', { exact: true }).waitFor();
    await legend.filter({ hasText: `在线 ${onlineBefore}）` }).waitFor();
  });

  it('replays the past day: an alarm raised an hour ago shows at its time and not a minute before, and 返回实时 ends the replay', async () => {
    const smoke = await asOperator<{ rows: { deviceId: number }[] }>('/devi/aep/child?deviceType=smoke&pageSize=1');
    const reply = await fetch(`${baseUrl}/api/dev/situation/pastAlarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantId: 1,
        alarmType: 'SMOKE',
        deviceId: smoke.rows[0]!.deviceId,
        minutesAgo: 60,
        content: '一小时前的烟雾告警',
      }),
    });
    const alarm = ((await reply.json()) as { data: { alarmId: number; createTime: number } }).data;
    const page = await openMap();
    await page.getByRole('button', { name: '态势回放' }).click();
    const bar = page.getByRole('region', { name: '态势回放时间轴' });
    const cursor = bar.getByRole('slider', { name: '回放时刻' });
    await bar.locator(`[data-kind="alarmRaised"]`).first().waitFor();
    const shows = (at: string, present: boolean) =>
      page.waitForFunction(
        ({ at, id, present }) => {
          const section = document.querySelector('.replay-bar');
          if (section?.getAttribute('data-situation-at') !== at) return false;
          return (section.getAttribute('data-alarm-ids') ?? '').split(',').includes(String(id)) === present;
        },
        { at, id: alarm.alarmId, present },
        // Beside two busy lanes on 2 cores a situation read and its render have taken over 20 s.
        { timeout: 40_000 },
      );
    // The planted alarm is among the bar's marks (a missing mark fails here, not as a walk that never arrives).
    await bar.locator(`[data-kind="alarmRaised"][data-at="${alarm.createTime}"]`).waitFor({ state: 'attached', timeout: 10_000 });
    // Jumps from alarm to alarm until the cursor stands on the planted one: 上一告警 while the cursor is after it,
    // 跳到告警 while before. The first minute's history has alarms of its own in the past day, and one may lie
    // between the cursor and the planted alarm; `first` is the button expected to be needed first.
    const jumpTo = async (first: '上一告警' | '跳到告警', at: number) => {
      const visited: string[] = [];
      for (let press = 0; press < 12; press++) {
        const before = await cursor.getAttribute('aria-valuenow');
        visited.push(before ?? '');
        if (before === String(at)) break;
        const button = Number(before) > at ? '上一告警' : '跳到告警';
        await bar.getByRole('button', { name: button, exact: true }).click();
        await expect.poll(() => cursor.getAttribute('aria-valuenow')).not.toBe(before);
      }
      // On failure: where the cursor went, and the alarm marks the bar had, to tell a skipped mark from a missing one.
      const marks = await bar
        .locator('[data-kind="alarmRaised"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-at')));
      const path = `${first}: ${visited.join(' → ')}; alarm marks ${marks.join(',')}`;
      expect(await cursor.getAttribute('aria-valuenow'), path).toBe(String(at));
      // Only the expected button was needed: a walk that overshot says so (with its path) instead of passing quietly.
      const overshot = visited.slice(1).some((value) => (first === '上一告警' ? Number(value) < at : Number(value) > at));
      if (overshot) console.warn(`态势回放：跳转越过了目标告警 ${at}（${path}）`);
    };
    // The bar opens an hour back, just after the planted alarm (planted before the page opened): 上一告警 reaches it.
    await jumpTo('上一告警', alarm.createTime);
    await shows(String(alarm.createTime), true);
    await bar.getByText('实时图层已暂停').waitFor();
    await page.locator('.globe-host[data-effects]').waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'map-replay');
    // A minute before: not raised yet. The key is pressed again only while the cursor still stands on the alarm
    // (under CI load one press was seen not to move it), each press a minute.
    await expect
      .poll(
        async () => {
          if ((await cursor.getAttribute('aria-valuenow')) === String(alarm.createTime)) {
            await cursor.focus();
            await page.keyboard.press('ArrowLeft');
          }
          return cursor.getAttribute('aria-valuenow');
        },
        { timeout: 40_000, interval: 2000 },
      )
      .toBe(String(alarm.createTime - 60_000));
    await shows(String(alarm.createTime - 60_000), false);
    // And 跳到告警 from there comes back to it.
    await jumpTo('跳到告警', alarm.createTime);
    await shows(String(alarm.createTime), true);
    await bar.getByRole('button', { name: '返回实时' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '态势回放' }).waitFor();
  });

  it('opens on a 2D map for a tenant whose isDeviceMap3d is off, with its own devices', async () => {
    const page = await open();
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.getByRole('combobox', { name: '切换租户' }).selectOption({ label: '西湖风景名胜区' });
    await page.getByRole('link', { name: '队伍管理' }).waitFor();
    const positions = page.waitForResponse((response) => response.url().includes('/api/devi/aep/positions'));
    await page.goto('/comprehensive');
    const devices = ((await (await positions).json()) as { data: unknown[] }).data;
    const map = page.getByRole('region', { name: '二维地图' });
    await map.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.locator(`.globe-host[data-markers="${devices.length}"]`).waitFor();
    await page.getByRole('group', { name: '切换视角' }).getByRole('button', { name: '断桥残雪' }).waitFor();
    // The scenic area is in 杭州市 too (its main view is in 西湖区): the same districts, found from its own view.
    await page.locator('.globe-host[data-districts="13"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const shot = await page.locator('.globe-host canvas').screenshot();
    expect(new Set(shot.subarray(shot.length / 2, shot.length / 2 + 4000)).size).toBeGreaterThan(10);
    await screenshot(page, 'map-2d');
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
