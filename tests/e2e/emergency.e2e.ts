import { existsSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { findFfmpeg } from '../../server/stream/CameraFeed';
import { apiGet, loginByAuthCode, navigateInApp, screenshot, settleForScreenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

/** The operator's token, for reading the server beside the browser. */
async function operatorToken(): Promise<string> {
  return ((await apiGet(baseUrl, '/authCodeLogin?authCode=OPER-2026-DEMO')) as unknown as { token: string }).token;
}

/** Raises an alarm as a device would (dev endpoint, SMS_DEV_ENDPOINT=1 in e2e). */
async function raise(alarmType: string, deviceId: number, content: string): Promise<number> {
  const reply = (await (
    await fetch(`${baseUrl}/api/dev/alarm/raise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: 1, alarmType, deviceId, content }),
    })
  ).json()) as { code: number; data: { alarmId: number } };
  expect(reply.code).toBe(200);
  return reply.data.alarmId;
}

async function signedIn(): Promise<Page> {
  const page = await open();
  await loginByAuthCode(page, 'OPER-2026-DEMO');
  // The push socket opens right after login; alarms raised before it would only be replayed.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
  await page.waitForTimeout(300);
  return page;
}

/**
 * Smoke detectors, farthest first from where the dispatch e2e opens its event by hand (120.2025, 30.2072):
 * an alarm within an active fire's radius joins that fire, and the two files share one server.
 */
async function remoteSmokeDetectors(token: string): Promise<{ deviceId: number; deviceName: string }[]> {
  const { rows } = (await apiGet(baseUrl, '/devi/aep/child?deviceType=smoke&pageSize=50', token)) as unknown as {
    rows: { deviceId: number; deviceName: string; longitude: number; latitude: number }[];
  };
  const away = (row: { longitude: number; latitude: number }) =>
    Math.hypot((row.longitude - 120.2025) * Math.cos((30.2 * Math.PI) / 180), row.latitude - 30.2072);
  return [...rows].sort((a, b) => away(b) - away(a));
}

/** The globe is up (software WebGL on a shared machine: it may take a while). */
/** Chooses a team by its name: a team with tasks in hand (the seeded history's events) reads 「名称（执行中 n）」. */
async function chooseTeam(select: Locator, name: string): Promise<void> {
  const option = select.locator('option').filter({ hasText: new RegExp(`^${name}`) });
  await option.first().waitFor({ state: 'attached' });
  await select.selectOption(await option.first().getAttribute('value'));
}

/** The case actions offered (the evidence upload's file input reads as an unnamed button). */
const actionNames = async (actions: Locator) => (await actions.getByRole('button').allTextContents()).filter(Boolean);

const globeReady = (page: Page) => page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 120_000 });

const mapEffects = async (page: Page) =>
  ((await page.locator('.emergency-map').getAttribute('data-map-effects')) ?? '').split(' ').filter(Boolean);

describe('安全应急 map pages', () => {
  it("a fire-fighting alarm: its toast opens 消防救援 on the fire drawn on the globe; a task dispatched there is accepted and progressed by the field team live, finished, the event closed, and the alarm's history shows the whole chain", async () => {
    const token = await operatorToken();
    const device = (await remoteSmokeDetectors(token))[0]!;
    const page = await signedIn();
    const content = `${device.deviceName}附近商铺起火（端到端）`;
    const alarmId = await raise('FIRE_FIGHTING', device.deviceId, content);

    // The toast opens 消防救援 on the alarm; the page finds the event the alarm opened.
    const toast = page.getByRole('region', { name: '实时告警' }).getByRole('button', { name: '查看告警：消防救援' });
    await toast.waitFor({ timeout: 5000 });
    await toast.click();
    await page.waitForURL(new RegExp(`/securityEmergency/firefighting\\?alarmId=${alarmId}$`));
    const event = (await apiGet(baseUrl, `/security/emergency/byAlarm?alarmId=${alarmId}`, token)) as unknown as {
      code: number;
      data: { eventId: number; title: string };
    };
    expect(event.code).toBe(200);
    const { eventId, title } = event.data;
    await page.locator(`.emergency-map[data-focused-event="${eventId}"]`).waitFor();
    const panel = page.getByRole('region', { name: `事件处置：${title}` });
    await panel.waitFor();

    // On a real globe: fire and smoke at the event, its affected area as a scan circle, no render error.
    await globeReady(page);
    await expect
      .poll(() => mapEffects(page))
      .toEqual(expect.arrayContaining([`emergency:event-${eventId}:fire`, `emergency:event-${eventId}:scan`]));
    expect(Number(await page.locator('.globe-host').getAttribute('data-effects'))).toBeGreaterThanOrEqual(2);
    // 现场视频: the camera the server picks for the fire plays live (without ffmpeg: 视频源不可用).
    const { data: near } = (await apiGet(baseUrl, `/security/emergency/resources?eventId=${eventId}`, token)) as unknown as {
      data: { cameras: { deviceId: number; name: string; distance: number }[] };
    };
    expect(near.cameras.length).toBeGreaterThan(0);
    const video = page.getByRole('region', { name: '事件现场视频（附近摄像机）' });
    const switcher = video.getByRole('group', { name: '切换附近摄像机' });
    await expect
      .poll(() => switcher.getByRole('button').allTextContents())
      .toEqual(near.cameras.map((camera) => expect.stringContaining(`${camera.name}${camera.distance} 米`)));
    const plays = async (name: string) => {
      const tile = video.getByRole('region', { name: `实时视频：${name}` });
      if (!findFfmpeg()) return tile.getByText('视频源不可用').waitFor({ timeout: 30_000 });
      // Connecting takes a while beside the software-rendered globe; then it plays (the tile's text says why not).
      await tile.and(page.locator(':not([data-state="connecting"])')).waitFor({ timeout: 120_000 });
      expect(`${await tile.getAttribute('data-state')} ${await tile.innerText()}`).toMatch(/^playing /);
      const progress = () =>
        tile.locator('video').evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, time: element.currentTime }));
      await expect.poll(async () => (await progress()).width, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = await progress();
      await expect.poll(async () => (await progress()).time, { timeout: 15_000 }).toBeGreaterThan(first.time);
    };
    await plays(near.cameras[0]!.name);
    await page.waitForTimeout(2000); // the camera's flight to the fire
    expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);
    await screenshot(page, 'emergency-firefighting');
    // Another of the nearest cameras plays on a click, in place of the first.
    if (near.cameras.length > 1) {
      await switcher.getByRole('button', { name: new RegExp(`^切换到 ${near.cameras[1]!.name}（`) }).click();
      await plays(near.cameras[1]!.name);
      expect(await video.locator('video').count()).toBe(1);
    }

    // Dispatch the plan's 灭火救援 to 消防一队.
    await panel.getByRole('button', { name: '预案任务：灭火救援' }).click();
    await expect.poll(() => panel.getByLabel('任务名称').inputValue()).toBe('灭火救援');
    await chooseTeam(panel.getByLabel('处置队伍'), '消防一队');
    await panel.getByRole('button', { name: '派发任务', exact: true }).click();
    await page.getByText('已派发「灭火救援」给 消防一队').first().waitFor();
    const task = panel.getByRole('listitem', { name: /^灭火救援 · 消防一队 · / });
    await task.waitFor();
    // The task's pulsing circle joins the event's effects.
    await expect
      .poll(async () => (await mapEffects(page)).filter((id) => id.startsWith(`emergency:event-${eventId}:task-`)).length)
      .toBe(1);

    // The field team (the simulator, 1.5 s reaction in e2e) accepts it and reports progress: shown live.
    await page.getByRole('listitem', { name: '灭火救援 · 消防一队 · 处理中' }).waitFor({ timeout: 20_000 });
    await task
      .getByText(/进度 [1-9]\d%/)
      .first()
      .waitFor({ timeout: 20_000 });
    const history = page.getByRole('region', { name: '事件处置动态' });
    await history.getByText(/消防一队 · 接收「灭火救援」/).waitFor();
    await screenshot(page, 'emergency-task-progress');

    // 调度面板 (the dispatch plugin's page, when it is in the build) shows the team at work, live.
    if (existsSync('plugins/module/emergency-dispatch/plugin.json')) {
      const board = await open();
      await loginByAuthCode(board, 'OPER-2026-DEMO');
      await board.goto('/securityEmergency/dispatchpanel');
      // This event's task on the team's card (other suites share the server and its teams).
      await board
        .getByRole('group', { name: `灭火救援 · ${title}` })
        .getByRole('progressbar', { name: /^消防一队 灭火救援 进度 \d+%$/ })
        .waitFor({ timeout: 20_000 });
    }

    // Finish it, then close the event with the result.
    await panel.getByRole('button', { name: '完成任务：灭火救援' }).click();
    await page.getByRole('listitem', { name: '灭火救援 · 消防一队 · 已完成' }).waitFor();
    await panel.getByLabel('处置结果').fill('明火已扑灭，无人员伤亡');
    await panel.getByRole('button', { name: '结束事件' }).click();
    await panel.getByText(/结束：明火已扑灭，无人员伤亡/).waitFor();
    // A closed event leaves the map: no fire, no scan circle.
    await expect.poll(async () => (await mapEffects(page)).filter((id) => id.startsWith(`emergency:event-${eventId}:`))).toEqual([]);
    await screenshot(page, 'emergency-closed');

    // The alarm's history in the event center tells the whole chain.
    await page.goto(`/alarmManage/eventcenter?alarmId=${alarmId}`);
    const detail = page.getByRole('region', { name: '告警详情：消防救援' });
    for (const line of [
      /启动应急事件「/,
      /调度任务「灭火救援」派发给 消防一队/,
      /消防一队 已接收「灭火救援」/,
      /「灭火救援」进度 \d+%/,
      /「灭火救援」任务完成/,
      /应急事件结束：明火已扑灭，无人员伤亡/,
    ]) {
      await detail.getByText(line).first().waitFor();
    }
    await screenshot(page, 'emergency-alarm-history');
  }, 600_000);

  it("shows an illegal action's refusal from the server and changes nothing", async () => {
    const token = await operatorToken();
    const alarmId = await raise(
      'FIRE_FIGHTING',
      (await remoteSmokeDetectors(token))[1]!.deviceId,
      '仓库起火（端到端：未完成任务时结束事件）',
    );
    const page = await signedIn();
    await page.goto(`/securityEmergency/firefighting?alarmId=${alarmId}`);
    // Cesium's start holds the page's main thread for a while in software WebGL: act once it is up.
    await globeReady(page);
    const event = (await apiGet(baseUrl, `/security/emergency/byAlarm?alarmId=${alarmId}`, token)) as unknown as {
      data: { eventId: number; title: string };
    };
    const panel = page.getByRole('region', { name: `事件处置：${event.data.title}` });
    await panel.getByRole('button', { name: '预案任务：警戒封控' }).click();
    await chooseTeam(panel.getByLabel('处置队伍'), '巡查二组');
    await panel.getByRole('button', { name: '派发任务', exact: true }).click();
    await panel.getByRole('listitem', { name: /^警戒封控 · 巡查二组 · / }).waitFor();
    // Closing while a task is open: the server refuses (409) naming why, shown where the operator acted.
    await panel.getByLabel('处置结果').fill('现场已处置');
    await panel.getByRole('button', { name: '结束事件' }).click();
    await panel
      .getByRole('alert')
      .filter({ hasText: /警戒封控/ })
      .waitFor();
    const after = (await apiGet(baseUrl, `/security/emergency/${event.data.eventId}`, token)) as unknown as { data: { status: string } };
    expect(after.data.status).toBe('ACTIVE');
  }, 240_000);

  it.each([
    ['evacuate', '人群疏散', /emergency:route-\d+/],
    ['floodprevention', '防汛抗洪', /emergency:event-\d+:point|emergency:water-\d+/],
    ['water', '水位监测', /emergency:(water|hydrant)-\d+|emergency:event-\d+:point/],
    ['fire', '火灾处置', /emergency:event-\d+:fire/],
  ])(
    '%s (%s) opens over the globe with its situation drawn',
    async (path, title, effect) => {
      const token = await operatorToken();
      const wifi = (await apiGet(baseUrl, '/devi/aep/child?deviceType=wifi&pageSize=5', token)) as unknown as {
        rows: { deviceId: number }[];
      };
      const manhole = (await apiGet(baseUrl, '/devi/aep/child?deviceType=smartManhole&pageSize=5', token)) as unknown as {
        rows: { deviceId: number }[];
      };
      if (path === 'evacuate') await raise('CROWD_STAMPEDE', wifi.rows[1]!.deviceId, '广场人群拥挤（端到端）');
      if (path === 'floodprevention' || path === 'water')
        await raise('FLOOD_PREVENTION', manhole.rows[0]!.deviceId, '低洼路段积水（端到端）');
      const page = await signedIn();
      await page.goto(`/securityEmergency/${path}`);
      await page.getByRole('heading', { name: `安全应急 · ${title}` }).waitFor();
      await globeReady(page);
      await expect.poll(async () => (await mapEffects(page)).some((id) => effect.test(id)), { timeout: 15_000 }).toBe(true);
      // 水情 trends from the stored readings (a day seeded at the start): lines, the warning line's panel.
      const trends =
        path === 'water' ? ['水位趋势（24小时）', '水压趋势（24小时）'] : path === 'floodprevention' ? ['附近水位趋势（24小时）'] : [];
      for (const trend of trends) {
        await page
          .getByRole('region', { name: `${trend}：各传感器的存储读数` })
          .getByRole('img', { name: /^折线图：.+（\d+ 个数据点）/ })
          .waitFor({ timeout: 20_000 });
      }
      await page.waitForTimeout(2500);
      expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);
      await screenshot(page, `emergency-${path}`);
    },
    240_000,
  );

  it('a complaint is registered on 投诉建议, dispatched to a team, handled by the team and closed, the list and the detail following each step', async () => {
    const page = await signedIn();
    await page.goto('/lawEnforcement/lawcomplaintsuggestions');
    const list = page.getByRole('region', { name: '投诉建议案件列表' });
    await list.getByRole('button', { name: '登记案件' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'cases-complaints');

    // 登记: the form names kind, title, place (an area of the tenant) and the reporter.
    await list.getByRole('button', { name: '登记案件' }).click();
    const form = page.getByRole('dialog', { name: '登记案件' });
    await form.getByLabel('案件类型').selectOption('complaint');
    await form.getByLabel('标题').fill('深夜装修噪音扰民（端到端）');
    await form.getByLabel('描述').fill('江南大道某小区夜间装修');
    await form.getByLabel('地点').selectOption('江南大道');
    await form.getByLabel('报告人姓名（可选）').fill('王先生');
    await form.getByLabel('报告人手机号（可选）').fill('13800000009');
    await screenshot(page, 'cases-register-form');
    await form.getByRole('button', { name: '登记', exact: true }).click();
    // The new case is focused (its id in the address) and first in the list, 已登记.
    await page.waitForURL(/\?caseId=\d+$/, { timeout: 10_000 });
    const caseId = Number(new URL(page.url()).searchParams.get('caseId'));
    const item = list.getByRole('button', { name: /深夜装修噪音扰民（端到端）$/ });
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('已登记');
    const detail = page.getByRole('region', { name: '案件详情' });
    const actions = detail.getByRole('group', { name: '办理' });
    await expect.poll(() => actionNames(actions), { timeout: 10_000 }).toEqual(['派遣', '不予受理']);

    // 派遣 to B 班组: its work order is made; the list and the detail say 已派遣.
    await actions.getByRole('button', { name: '派遣' }).click();
    await actions.getByLabel('选择班组').selectOption('B');
    await actions.getByRole('button', { name: '确定派遣' }).click();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('已派遣');
    await expect.poll(() => detail.getByText('B 班组').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await actionNames(actions)).toEqual(['处置', '不予受理']);

    // The team's handling comes from the field (the API as the team's app would): the page follows live.
    const token = await operatorToken();
    const handled = (await (
      await fetch(`${baseUrl}/api/cases/${caseId}/handle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ note: '已到场责令停止夜间施工' }),
      })
    ).json()) as { code: number };
    expect(handled.code).toBe(200);
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('已处置');
    await expect.poll(() => actionNames(actions), { timeout: 10_000 }).toEqual(['结案']);
    expect(await detail.getByText('已到场责令停止夜间施工').count()).toBeGreaterThan(0);

    // 结案 with the operator's note: nothing left to do.
    await actions.getByRole('button', { name: '结案' }).click();
    await actions.getByLabel('结案意见').fill('回访市民，对处置结果满意');
    await actions.getByRole('button', { name: '确定结案' }).click();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('已结案');
    await detail.getByText('该案件已办结，无可执行的操作').waitFor({ timeout: 10_000 });
    expect(await detail.getByText('回访市民，对处置结果满意').count()).toBeGreaterThan(0);
    const stored = (await apiGet(baseUrl, `/cases/${caseId}`, token)) as unknown as { data: { status: string; events: unknown[] } };
    expect(stored.data).toMatchObject({ status: 'closed' });
    expect(stored.data.events).toHaveLength(4);
    // The screenshot shows the cases on the globe; without one, nothing waits for it.
    if (process.env.E2E_SCREENSHOTS === '1') await globeReady(page);
    await screenshot(page, 'cases-closed');
  }, 240_000);
});

describe('低空管理 map pages', () => {
  /** The demo admin: 低空管理 is among its menus. */
  async function adminSignedIn(): Promise<Page> {
    const page = await open();
    await loginByAuthCode(page, 'ADMIN-2026-DEMO');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
    await page.waitForTimeout(300);
    return page;
  }
  const adminToken = async () => ((await apiGet(baseUrl, '/authCodeLogin?authCode=ADMIN-2026-DEMO')) as unknown as { token: string }).token;
  const post = async (path: string, body: Record<string, unknown>, token?: string) =>
    (await (
      await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg?: string; data: Record<string, unknown> };
  /** A UAV takes off on a course through a no-fly area now (dev endpoint): its first position raises the UAV alarm. */
  const crossing = async () => {
    const reply = (await post('/dev/lowAltitude/crossing', { tenantId: 1 })) as unknown as {
      code: number;
      data: { flightId: number; deviceId: number; fenceId: number; crossings: { entered: { alarmId: number }[] } };
    };
    expect(reply.code).toBe(200);
    return reply.data;
  };
  const effectsOf = async (page: Page) =>
    ((await page.locator('.low-altitude').getAttribute('data-map-effects')) ?? '').split(' ').filter(Boolean);

  it('a UAV crosses a geofence: its alarm toast opens 无人机巡检 focused on the flight, the fence and the route drawn on the globe', async () => {
    const page = await adminSignedIn();
    const { flightId, fenceId, crossings } = await crossing();
    const alarmId = crossings.entered[0]!.alarmId;
    const toast = page.getByRole('region', { name: '实时告警' }).getByRole('button', { name: '查看告警：无人机告警' });
    await toast.waitFor({ timeout: 10_000 });
    await toast.click();
    await page.waitForURL(new RegExp(`/lowAltitude/lowuav\\?alarmId=${alarmId}$`));
    await page.locator(`.low-altitude[data-selected-flight="${flightId}"]`).waitFor();
    const detail = page.getByRole('region', { name: new RegExp(`飞行 #${flightId}$`) });
    await detail.getByText('临时禁飞区（演示）').waitFor();
    await globeReady(page);
    await expect
      .poll(() => effectsOf(page))
      .toEqual(expect.arrayContaining([`low-altitude:fence-${fenceId}`, `low-altitude:route-${flightId}`]));
    await settleForScreenshot(page, 2500);
    expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);
    await screenshot(page, 'low-altitude-lowUav');
  }, 180_000);

  it('a past flight replays: play moves the UAV along its stored track, the scrubber drags it back', async () => {
    const token = await adminToken();
    const { flightId } = await crossing();
    // The UAV's gateway reports a few more positions east along its course, then it lands.
    for (let index = 1; index <= 6; index++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const reported = await post(
        `/lowAltitude/flights/${flightId}/position`,
        { longitude: 120.19 + index * 0.0008, latitude: 30.216, altitude: 60 },
        token,
      );
      expect(reported.code, reported.msg).toBe(200);
    }
    expect((await post(`/lowAltitude/flights/${flightId}/land`, { result: '端到端回放' }, token)).code).toBe(200);

    const page = await adminSignedIn();
    await page.goto(`/lowAltitude/lowuav?flightId=${flightId}`);
    await page.getByRole('button', { name: `回放飞行 #${flightId}` }).click();
    const timeline = page.locator('.low-altitude__timeline');
    await timeline.waitFor();
    const at = async () => Number(await timeline.getAttribute('data-replay-at'));
    const start = await at();
    await page.getByRole('button', { name: '播放' }).click();
    await expect.poll(at, { timeout: 15_000 }).toBeGreaterThan(start);
    await page.getByRole('button', { name: '播放' }).waitFor({ timeout: 15_000 }); // paused again at the end
    expect(await at()).toBeGreaterThan(start + 500);
    // Dragged back to the take-off.
    const track = await page.locator('.low-altitude__slider .bp6-slider').boundingBox();
    const handle = await page.getByRole('slider', { name: '回放进度' }).boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(track!.x - 20, handle!.y + handle!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(at).toBeLessThan(start + 1000);
    await globeReady(page);
    await expect.poll(() => effectsOf(page)).toEqual(expect.arrayContaining(['low-altitude:replay-route', 'low-altitude:replay-track']));
    await settleForScreenshot(page, 2000);
    await screenshot(page, 'low-altitude-replay');

    // 无人机调度: the fences with 启用/停用, the plan form with the tenant's preset routes.
    await page.goto('/lowAltitude/lowuav2');
    await page.getByRole('list', { name: '电子围栏列表' }).getByText('临时禁飞区（演示）').waitFor();
    await page.getByLabel('选择预设航线').selectOption({ label: '钱塘江南岸河道巡检' });
    await expect.poll(() => effectsOf(page)).toEqual(expect.arrayContaining(['low-altitude:plan']));
    await globeReady(page);
    await settleForScreenshot(page, 2500); // the camera's flight to the fences
    await screenshot(page, 'low-altitude-lowUav2');
  }, 180_000);
});

// 巡查与打卡 (plugins/module/field-patrols): a globe page of the same kind, so it shares this file's server.
describe('城市管理 and 综合执法 patrol pages', () => {
  const patrolEffects = async (page: Page) =>
    ((await page.locator('.field-patrols').getAttribute('data-map-effects')) ?? '').split(' ').filter(Boolean);

  it('a missed checkpoint raises its alarm; the toast opens 绿化打卡 on the checkpoint, drawn red on its route', async () => {
    const token = await operatorToken();
    // The demo routes are seeded for the tenant's field members (server/patrols/seedPatrols.ts).
    const routes = (await apiGet(baseUrl, '/patrols/routes?kind=greening&pageSize=1', token)) as unknown as {
      rows: { routeId: number; name: string; checkpoints: { checkpointId: number; name: string }[] }[];
    };
    expect(routes.rows.length, '租户 1 没有绿化巡查路线：演示数据需要班组成员').toBeGreaterThan(0);
    const route = routes.rows[0]!;
    const checkpoint = route.checkpoints[0]!;
    const page = await signedIn();
    // The job as of the end of the day before yesterday (Asia/Shanghai), when every window had ended and nobody
    // checked in (the seeded check-ins are of the server's first day, which is yesterday when a run crosses midnight).
    const shanghaiMidnight = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000;
    const run = (await (
      await fetch(`${baseUrl}/api/dev/patrols/missed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenantId: 1, at: shanghaiMidnight - 86_400_000 - 60_000, checkpointId: checkpoint.checkpointId }),
      })
    ).json()) as { code: number; data: { raised: number } };
    expect(run).toMatchObject({ code: 200, data: { raised: 1 } });

    const toast = page.getByRole('region', { name: '实时告警' }).getByRole('button', { name: '查看告警：绿化问题' });
    await toast.waitFor({ timeout: 5000 });
    await toast.click();
    // The toast opens the event's page (GREEN_CHECK_IN_EVENT: 综合执法 · 绿化打卡) or the alarm type's (城市管理 · 绿化打卡): both show greening.
    await page.waitForURL(/\/(cityManagement\/greencheckin|lawEnforcement\/lawgreencheckin)\?alarmId=\d+$/);
    const detail = page.getByRole('region', { name: `路线详情：${route.name}` });
    await detail.getByText('该告警对应的漏打卡点').waitFor({ timeout: 15_000 });
    await detail.locator('li.is-highlighted').getByText(checkpoint.name).waitFor();
    expect(await page.locator('.field-patrols').getAttribute('data-focused-checkpoint')).toBe(String(checkpoint.checkpointId));
    await globeReady(page);
    await expect.poll(async () => (await patrolEffects(page)).includes(`patrols:route-${route.routeId}`), { timeout: 15_000 }).toBe(true);
    await settleForScreenshot(page, 2500);
    expect(await page.locator('.cesium-widget-errorPanel').count()).toBe(0);
    await screenshot(page, 'patrols-missed-checkpoint');

    // Each of the six pages lists its routes and draws them.
    for (const [path, title] of [
      ['cityManagement/citypatrol', '城市管理 · 城市巡查'],
      ['cityManagement/sanitationcheckin', '城市管理 · 环卫打卡'],
      ['lawEnforcement/lawcitypatrol', '综合执法 · 执法巡查'],
      ['lawEnforcement/lawgreencheckin', '综合执法 · 绿化打卡'],
      ['lawEnforcement/lawsanitationcheckin', '综合执法 · 环卫打卡'],
    ] as const) {
      await navigateInApp(page, `/${path}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await globeReady(page);
      await page
        .getByRole('list', { name: /巡查路线列表$/ })
        .getByRole('button')
        .first()
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await patrolEffects(page)).some((id) => id.startsWith('patrols:route-')), { timeout: 15_000 })
        .toBe(true);
      await settleForScreenshot(page, 1500);
      await screenshot(page, `patrols-${path.split('/')[1]}`);
    }
  }, 240_000);
});
