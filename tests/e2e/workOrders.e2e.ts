import { deflateSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

type Reply = { code: number; msg?: string; data?: unknown; token?: string; rows?: unknown[] };
type Order = { orderId: number; orderNo: string; status: string };

/** A real PNG (a 120×80 gradient, as a phone photo would be far bigger): signature, IHDR, IDAT, IEND. */
function gradientPng(width = 120, height = 80): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      rows.set([Math.round((x / width) * 255), Math.round((y / height) * 200), 160], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Another operator (the administrator, tenant 1) working through the API. */
async function otherOperator() {
  const login = (await (await fetch(`${baseUrl}/api/authCodeLogin?authCode=ADMIN-2026-DEMO`)).json()) as Reply;
  const token = login.token!;
  const post = async (path: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Reply;
  const get = async (path: string) =>
    (await (await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Reply;
  return { post, get };
}

/**
 * The operator's page with its push socket passing through the test: while `hold` is on, pushes wait
 * (a slow or broken link), and arrive when it is released.
 */
async function operator(): Promise<{ page: Page; holdPushes(on: boolean): void }> {
  const page = await open();
  let held: (string | Buffer)[] | undefined;
  let client: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/push\/ws/, (socket) => {
    client = socket;
    const server = socket.connectToServer();
    server.onMessage((message) => (held ? held.push(message) : socket.send(message)));
    socket.onMessage((message) => server.send(message));
  });
  await loginByAuthCode(page, 'OPER-2026-DEMO');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/push/ticket')));
  return {
    page,
    holdPushes(on) {
      if (on) held = held ?? [];
      else {
        for (const message of held ?? []) client?.send(message);
        held = undefined;
      }
    },
  };
}

const drawer = (page: Page) => page.getByRole('region', { name: /^工单详情：GD-/ });
const statusTag = (page: Page, status: string) => drawer(page).locator('.work-order__detail-tags').getByText(status, { exact: true });

describe('工单管理', () => {
  it('creates, dispatches, accepts, progresses with a photo and closes an order; the photo shows in the detail', async () => {
    const { page } = await operator();
    await page.goto('/operation/workorder');
    await page.getByRole('region', { name: '工单概况' }).getByText('待派发').waitFor();

    await page.getByRole('button', { name: '新建工单' }).click();
    const dialog = page.getByRole('dialog', { name: '新建工单' });
    // The dialog checks what the server would refuse, with the server's words.
    await dialog.getByRole('button', { name: '创建工单' }).click();
    await dialog.getByText('请填写工单标题').waitFor();
    await dialog.getByLabel('工单标题').fill('江南大道 3 号路灯不亮');
    await dialog.getByLabel('工单描述').fill('夜间巡查发现，灯杆编号 JN-003，灯头不亮，周边照明不足。');
    await dialog.getByLabel('工单类别').selectOption({ label: '故障维修' });
    await dialog.getByLabel('优先级').selectOption({ label: '高' });
    await dialog.getByLabel('设备类型').selectOption({ label: '智慧灯杆' });
    const devices = dialog.getByLabel('关联设备');
    await devices.locator('option').nth(1).waitFor({ state: 'attached' });
    const device = (await devices.locator('option').nth(1).textContent())!;
    await devices.selectOption({ index: 1 });
    await screenshot(page, 'work-order-create');
    await dialog.getByRole('button', { name: '创建工单' }).click();
    await page.waitForURL(/\/operation\/workorder\?orderId=\d+$/);
    await statusTag(page, '待派发').waitFor();

    const detail = drawer(page);
    await detail.getByText(device).waitFor();
    await detail.getByRole('button', { name: '派发', exact: true }).click();
    // To a person: the field teams (the simulator) take only what is dispatched to a team.
    await detail.getByLabel('派发给').selectOption({ label: '值班员张敏' });
    await detail.getByRole('button', { name: '提交派发' }).click();
    await statusTag(page, '已派发').waitFor();

    await detail.getByRole('button', { name: '接单', exact: true }).click();
    await statusTag(page, '处理中').waitFor();

    await detail.getByRole('button', { name: '填写进展', exact: true }).click();
    await detail.getByLabel('进展说明').fill('已到现场，灯头烧毁，更换中');
    await detail.locator('#work-order-photo-input').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: gradientPng() });
    await detail.getByRole('button', { name: '提交填写进展' }).click();
    await detail.getByText('已到现场，灯头烧毁，更换中').waitFor();
    await detail.getByText('现场照片（1）').waitFor();
    // The thumbnail is the stored photo, fetched with the session and decoded by the browser.
    const thumbnail = detail.locator('.work-order__photos').first().locator('img');
    await thumbnail.waitFor();
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);

    await detail.getByRole('button', { name: '办结', exact: true }).click();
    await detail.getByLabel('处理结果').fill('已更换 LED 灯头，恢复照明');
    await detail.getByRole('button', { name: '提交办结' }).click();
    await statusTag(page, '已完成').waitFor();
    await detail.getByText('按时办结').first().waitFor();
    const timeline = detail.getByRole('list', { name: '处理记录' });
    for (const step of ['创建', '派发：待派发 → 已派发', '接单：已派发 → 处理中', '填写进展', '办结：处理中 → 已完成'])
      await timeline.getByText(step, { exact: false }).first().waitFor();
    await screenshot(page, 'work-order-detail');

    // A click on the thumbnail shows the photo large.
    await detail
      .getByRole('button', { name: /^放大照片/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: /^工单照片/ })
      .locator('img')
      .waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/operation/workorder');
    await page.getByRole('table', { name: '工单列表' }).getByText('江南大道 3 号路灯不亮').waitFor();
    await screenshot(page, 'work-orders-page');
  });

  it("shows the server's refusal when the order changed before this page heard of it", async () => {
    const other = await otherOperator();
    const created = (await other.post('/workOrder/create', { title: '井盖松动（并发测试）' })).data as Order;
    const users = ((await other.get('/workOrder/assignees')).data as { users: { userId: number }[] }).users;
    expect((await other.post('/workOrder/assign', { orderId: created.orderId, userId: users[0]!.userId })).code).toBe(200);

    const { page, holdPushes } = await operator();
    await page.goto(`/operation/workorder?orderId=${created.orderId}`);
    await statusTag(page, '已派发').waitFor();
    // The other operator cancels it while this page's pushes are held up.
    holdPushes(true);
    expect((await other.post('/workOrder/cancel', { orderId: created.orderId, note: '重复报修' })).code).toBe(200);
    await drawer(page).getByRole('button', { name: '接单', exact: true }).click();
    const refusal = drawer(page).getByRole('alert');
    await refusal.getByText(`工单 ${created.orderNo} 当前状态为「已取消」，不能接单（仅「已派发」时可以接单）`).waitFor();
    // Nothing changed on the server, and the page now shows the order as it is.
    expect(((await other.get(`/workOrder/detail/${created.orderId}`)).data as Order).status).toBe('CANCELLED');
    await statusTag(page, '已取消').waitFor();
    holdPushes(false);
  });

  it('shows a change made elsewhere without a reload', async () => {
    const other = await otherOperator();
    const created = (await other.post('/workOrder/create', { title: '广场喷泉水泵异响（实时测试）', priority: 'URGENT' })).data as Order;
    const { page } = await operator();
    await page.goto(`/operation/workorder?orderId=${created.orderId}`);
    await statusTag(page, '待派发').waitFor();
    const row = page.getByRole('table', { name: '工单列表' }).getByRole('row').filter({ hasText: created.orderNo });
    await row.getByText('待派发').waitFor();
    const teams = ((await other.get('/workOrder/assignees')).data as { teams: { teamId: number; name: string }[] }).teams;
    expect((await other.post('/workOrder/assign', { orderId: created.orderId, teamId: teams[0]!.teamId })).code).toBe(200);
    await drawer(page).getByText(`${teams[0]!.name}（班组）`).waitFor({ timeout: 5000 });
    await drawer(page).getByRole('list', { name: '处理记录' }).getByText('派发：待派发 → 已派发').waitFor();
    // The field team (the simulator) accepts it and reports from the site: it shows as it happens.
    await statusTag(page, '处理中').waitFor({ timeout: 10_000 });
    await row.getByText('处理中').waitFor({ timeout: 5000 });
    await drawer(page).getByText(`${teams[0]!.name}已到达现场，正在排查处理`).waitFor({ timeout: 10_000 });
    // A new order from elsewhere appears in the list too.
    const another = (await other.post('/workOrder/create', { title: '停车场道闸无法抬杆（实时测试）' })).data as Order;
    await page.getByRole('table', { name: '工单列表' }).getByText(another.orderNo).waitFor({ timeout: 5000 });
  });

  it('turns an alarm into a work order that links back to the alarm', async () => {
    const raised = (await (
      await fetch(`${baseUrl}/api/dev/alarm/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alarmType: 'TRASH_OVERFLOW', tenantId: 1, content: '转工单测试：垃圾桶满溢' }),
      })
    ).json()) as Reply;
    expect(raised.code).toBe(200);
    const { page } = await operator();
    await page.goto('/alarmManage/eventcenter');
    await page.getByRole('table', { name: '事件中心' }).getByText('转工单测试：垃圾桶满溢').first().click();
    const alarm = page.getByRole('region', { name: /^告警详情：/ });
    await alarm.getByText('尚未转工单').waitFor();
    await alarm.getByRole('button', { name: '转工单' }).click();
    const link = alarm.getByRole('link', { name: /^在工单管理中查看 GD-/ });
    await link.waitFor();
    await alarm.getByText(/已创建工单 GD-/).waitFor();
    await screenshot(page, 'event-center-work-order');
    await link.click();
    await page.waitForURL(/\/operation\/workorder\?orderId=\d+$/);
    const detail = drawer(page);
    await detail.getByText('转工单测试：垃圾桶满溢').first().waitFor();
    await detail.getByText('告警', { exact: true }).waitFor();
    await detail.getByRole('link', { name: '在事件中心查看' }).click();
    await page.waitForURL(/\/alarmManage\/eventcenter\?alarmId=\d+$/);
    await page
      .getByRole('region', { name: /^告警详情：/ })
      .getByRole('link', { name: /^在工单管理中查看 GD-/ })
      .waitFor();
  });
});
