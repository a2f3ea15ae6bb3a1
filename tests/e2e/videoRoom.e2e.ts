import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, loginByAuthCode, screenshot, setupBrowser } from './browser';

// 视频会商 and 语音对讲 for real: two Chromium pages (fake camera and microphone) join a room on Janus —
// running in a network namespace of its own (tests/e2e/globalSetup.ts), since Janus gathers no ICE
// candidates on loopback — and see and hear each other; the admin kicks one, who is told why.
const baseUrl = inject('baseUrl');
const videoRooms = inject('videoRooms');
const { open } = setupBrowser(baseUrl);

const OPERATOR = { code: 'OPER-2026-DEMO', name: '值班员张敏' };
const ADMIN = { code: 'ADMIN-2026-DEMO', name: '系统管理员' };

async function login(code: string, path: string): Promise<Page> {
  const page = await open();
  await loginByAuthCode(page, code);
  await page.goto(path);
  return page;
}

async function token(code: string): Promise<string> {
  return ((await apiGet(baseUrl, `/authCodeLogin?authCode=${code}`)) as unknown as { token: string }).token;
}

async function apiPost(path: string, body: unknown, bearer: string): Promise<{ code: number; msg?: string; data?: unknown }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg?: string; data?: unknown };
}

/** A participant's tile: a picture that is decoded and moving. */
async function seesPlaying(page: Page, name: string): Promise<void> {
  const tile = page.getByRole('region', { name: `实时视频：${name}` });
  await tile.and(page.locator('[data-state="playing"]')).waitFor({ timeout: 30_000 });
  const progress = () =>
    tile.locator('video').evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, time: video.currentTime }));
  await expect.poll(async () => (await progress()).width, { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await progress();
  await expect.poll(async () => (await progress()).time, { timeout: 10_000 }).toBeGreaterThan(first.time);
}

describe.skipIf(!videoRooms)('视频会商 (Janus)', () => {
  it('two operators join one room and each sees the other; only the admin may kick, and the kicked one is told why', async () => {
    const roomName = `应急会商 ${Date.now() % 100_000}`;
    const admin = await login(ADMIN.code, '/monitoringCenter/videoRoom');
    await admin.getByRole('textbox', { name: '会议室名称' }).fill(roomName);
    await admin.getByRole('combobox', { name: '会议室类型' }).selectOption('camera');
    await admin.getByRole('button', { name: '创建会议室' }).click();
    await admin.getByRole('button', { name: `加入 ${roomName}` }).click();

    const operator = await login(OPERATOR.code, '/monitoringCenter/videoRoom');
    await operator.getByRole('button', { name: `加入 ${roomName}` }).click();

    // Each sees the other's camera, decoded and moving.
    await seesPlaying(admin, OPERATOR.name);
    await seesPlaying(operator, ADMIN.name);
    await screenshot(admin, 'video-room-admin');

    // The operator neither created the room nor is an admin: no kick button, and the server refuses it.
    await expect(operator.getByRole('button', { name: `移出 ${ADMIN.name}` }).count()).resolves.toBe(0);
    const rooms = (await apiGet(baseUrl, '/videoRoom/list', await token(OPERATOR.code))).data as {
      room: number;
      name: string;
      canManage: boolean;
    }[];
    const room = rooms.find((entry) => entry.name === roomName)!;
    expect(room.canManage).toBe(false);
    expect((await apiPost('/videoRoom/kick', { room: room.room, uid: 1 }, await token(OPERATOR.code))).code).toBe(403);

    // Another tenant neither lists the room nor gets its pin.
    const scenic = await apiPost('/tenantLogin', { tenantId: 2 }, await token(ADMIN.code));
    const scenicToken =
      (scenic as unknown as { token?: string; data?: { token?: string } }).token ?? (scenic.data as { token?: string } | undefined)?.token;
    if (scenicToken) {
      expect(
        ((await apiGet(baseUrl, '/videoRoom/list', scenicToken)).data as { room: number }[]).some((entry) => entry.room === room.room),
      ).toBe(false);
      expect((await apiPost('/videoRoom/join', { room: room.room }, scenicToken)).code).toBe(404);
    }

    // The admin kicks the operator, who is told why; the admin's wall loses the operator's tile.
    await admin.getByRole('button', { name: `移出 ${OPERATOR.name}` }).click();
    await operator.getByText('你已被管理员移出会议室').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => admin.getByRole('region', { name: `实时视频：${OPERATOR.name}` }).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(operator, 'video-room-kicked');
  });
});

describe.skipIf(!videoRooms)('语音对讲 (temporary intercom group)', () => {
  it('an operator calls another, who answers; both hear each other', async () => {
    const caller = await login(OPERATOR.code, '/monitoringCenter/intercom');
    const callee = await login(ADMIN.code, '/monitoringCenter/intercom');
    await caller.getByRole('checkbox', { name: `选择 ${ADMIN.name}` }).check({ force: true });
    await caller.getByRole('button', { name: '发起对讲' }).click();

    const dialog = callee.getByRole('dialog', { name: '语音对讲来电' });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: '接听' }).click();

    // Each side's meter of the other rises above zero: the fake microphone's beep arrives over Janus.
    const level = (page: Page, name: string) =>
      page
        .getByRole('meter', { name: `${name} 的音量` })
        .getAttribute('aria-valuenow')
        .then(Number);
    await expect.poll(() => level(caller, ADMIN.name), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => level(callee, OPERATOR.name), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(callee, 'intercom-call');

    await caller.getByRole('button', { name: '挂断' }).click();
    await callee.getByText(`${OPERATOR.name} 已挂断`).first().waitFor({ timeout: 15_000 });
  });

  it('a call reaches an operator on another page: 接听 on the notice opens 语音对讲 in the call', async () => {
    const caller = await login(OPERATOR.code, '/monitoringCenter/intercom');
    const callee = await login(ADMIN.code, '/alarmManage/eventcenter');
    await caller.getByRole('checkbox', { name: `选择 ${ADMIN.name}` }).check({ force: true });
    await caller.getByRole('button', { name: '发起对讲' }).click();

    const notice = callee.getByRole('alertdialog', { name: '语音对讲来电' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain(`${OPERATOR.name} 邀请你加入对讲`);
    await screenshot(callee, 'intercom-call-notice');
    await notice.getByRole('button', { name: '接听' }).click();
    await callee.waitForURL(/\/monitoringCenter\/intercom$/, { timeout: 15_000 });
    // Answered straight away: no second 接听 on the page's own dialog, and the two hear each other.
    expect(await callee.getByRole('dialog', { name: '语音对讲来电' }).count()).toBe(0);
    const level = (page: Page, name: string) =>
      page
        .getByRole('meter', { name: `${name} 的音量` })
        .getAttribute('aria-valuenow')
        .then(Number);
    await expect.poll(() => level(callee, OPERATOR.name), { timeout: 30_000 }).toBeGreaterThan(0);
    await callee.getByRole('button', { name: '挂断' }).click();
  });
});
