import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

async function operator(authCode = 'OPER-2026-DEMO', tenantLabel?: string): Promise<Page> {
  const page = await open();
  const tickets = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/push/ticket')).length);
  await loginByAuthCode(page, authCode);
  // The push socket opens right after login (and again for the new tenant after a switch, with a new
  // ticket): alarms raised before the socket of the tenant is subscribed are not this client's.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
  if (tenantLabel) {
    const before = await tickets();
    await page.getByRole('combobox', { name: '切换租户' }).selectOption({ label: tenantLabel });
    await page.getByRole('link', { name: '队伍管理' }).waitFor();
    await page.waitForFunction(
      (count) => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/push/ticket')).length > count,
      before,
    );
  }
  await page.waitForTimeout(300);
  return page;
}

async function raise(alarmType: string, tenantId = 1, content = '现场告警'): Promise<void> {
  const reply = (await (
    await fetch(`${baseUrl}/api/dev/alarm/raise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alarmType, tenantId, content }),
    })
  ).json()) as { code: number };
  expect(reply.code).toBe(200);
}

const toasts = (page: Page) => page.getByRole('region', { name: '实时告警' });

describe('live alarms', () => {
  it('shows a pushed alarm with its Chinese type name, the fire mask and the sound; a click opens the sub-page', async () => {
    const page = await operator();
    await raise('FIRE_FIGHTING', 1, '滨江区某小区火情，请求消防救援');
    const toast = toasts(page).getByRole('button', { name: '查看告警：消防救援' });
    await toast.waitFor({ timeout: 3000 });
    await page.getByTestId('alarm-fire-mask').waitFor();
    await page.getByRole('status').filter({ hasText: '告警提示音播放中' }).waitFor();
    await screenshot(page, 'alarm-toast');
    await toast.click();
    await page.waitForURL(/\/securityEmergency\/firefighting\?alarmId=\d+$/);
  });

  it('delivers the alarms a browser missed while offline when it reconnects', async () => {
    const page = await operator();
    await raise('SMOKE', 1, '上线前的告警');
    await toasts(page).getByText('上线前的告警').waitFor();
    // The tab loses its connection (here: it leaves the app), alarms keep coming, then it is back.
    await page.goto('about:blank');
    await raise('MANHOLE', 1, '离线期间的告警一');
    await raise('CROWD_GATHERING', 1, '离线期间的告警二');
    await page.goto('/home');
    await toasts(page).getByText('离线期间的告警一').waitFor({ timeout: 5000 });
    await toasts(page).getByText('离线期间的告警二').waitFor();
    expect(await toasts(page).getByText('上线前的告警').count()).toBe(0);
  });

  it("never shows tenant A's alarms to tenant B", async () => {
    const city = await operator();
    const scenic = await operator('ADMIN-2026-DEMO', '西湖风景名胜区');
    await raise('SMOKE', 1, '只属于城市的告警');
    await raise('CROWD_STAMPEDE', 2, '只属于景区的告警');
    await toasts(city).getByText('只属于城市的告警').waitFor();
    await toasts(scenic).getByText('只属于景区的告警').waitFor();
    await city.waitForTimeout(500);
    expect(await city.getByText('只属于景区的告警').count()).toBe(0);
    expect(await scenic.getByText('只属于城市的告警').count()).toBe(0);
  });

  it('works an alarm through its lifecycle in the event center', async () => {
    const page = await operator();
    await raise('TRASH_OVERFLOW', 1, '事件中心处理测试');
    await page.goto('/alarmManage/eventcenter');
    const list = page.getByRole('table', { name: '事件中心' });
    await list.getByText('事件中心处理测试').click();
    const detail = page.getByRole('region', { name: '告警详情：垃圾满溢' });
    await detail.getByLabel('备注').fill('已通知环卫班组');
    await detail.getByRole('button', { name: '开始处理' }).click();
    await detail.getByText('值班员张敏 · 状态变更：处理中').waitFor();
    await detail.getByText('已通知环卫班组').waitFor();
    await detail.getByRole('button', { name: '处理完成' }).click();
    // The detail shows the step done (its reply, and the push that reloads the list) before the next click.
    await detail.getByText('状态变更：待确认').waitFor();
    await detail.getByRole('button', { name: '确认办结' }).click();
    await detail.getByText('状态变更：已处理').waitFor();
    await page.getByRole('combobox', { name: '处理状态' }).selectOption({ label: '已处理' });
    await list.getByText('事件中心处理测试').waitFor();
    await screenshot(page, 'event-center');
  });
});
