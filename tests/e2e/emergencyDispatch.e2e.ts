import { describe, expect, inject, it } from 'vitest';
import { loginByAuthCode, screenshot, setupBrowser } from './browser';

const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);
/** How long a page may take to show what the server did (pages load their code and data; a loaded run is slow). */
const WAIT = { timeout: 10_000 };

/** A GET as the operator, through the API. */
async function apiGetAs(path: string): Promise<{ code: number; msg?: string; data?: unknown }> {
  const login = (await (await fetch(`${baseUrl}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
  return (await (await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as {
    code: number;
    msg?: string;
    data?: unknown;
  };
}
const data = <T>(reply: { code: number; msg?: string; data?: unknown }): T => {
  if (reply.code !== 200) throw new Error(`${reply.code} ${reply.msg}`);
  return reply.data as T;
};

/**
 * 事件任务调度 and 调度面板 against the real server, whose field teams react in 1.5 s
 * (FIELD_WORK_DELAY_MS in globalSetup.ts): an event by hand, a plan task to 消防一队, the team accepts
 * and reports progress while the dispatch panel shows it live, the operator finishes it and closes the
 * event; closing with a task open shows the server's refusal.
 */
describe('emergency dispatch', () => {
  it('dispatches a plan task, follows the field team live on 调度面板, finishes it and closes the event', async () => {
    // 调度面板 open in one tab from the start: everything it shows later comes live, without reloading.
    const panel = await open();
    await loginByAuthCode(panel, 'OPER-2026-DEMO');
    await panel.goto('/securityEmergency/dispatchpanel');
    await expect.poll(() => panel.getByRole('region', { name: '班组动态' }).getByRole('listitem').count(), WAIT).toBe(4);
    const reloads: string[] = [];
    panel.on('framenavigated', (frame) => {
      if (frame === panel.mainFrame()) reloads.push(frame.url());
    });

    const page = await open();
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.goto('/securityEmergency/dispatcheventtask');
    await expect.poll(() => page.getByRole('region', { name: '应急事件' }).isVisible(), WAIT).toBe(true);

    // 新建事件
    await page.getByRole('button', { name: '新建事件' }).click();
    const create = page.getByRole('dialog', { name: '新建应急事件' });
    await create.getByLabel('事件标题').fill('滨盛路商铺火情（端到端）');
    await create.getByLabel('事件描述').fill('二楼商铺冒出浓烟');
    await create.getByLabel('经度').fill('120.2025');
    await create.getByLabel('纬度').fill('30.2072');
    await create.getByRole('button', { name: '启动事件' }).click();
    // The new event is selected, and in the address (deep-linkable), set without a page load.
    const info = page.getByRole('region', { name: '事件信息' });
    await expect.poll(() => info.getByText('滨盛路商铺火情（端到端）').isVisible(), WAIT).toBe(true);
    const eventId = Number(new URL(page.url()).searchParams.get('eventId'));
    expect(data<{ title: string }>(await apiGetAs(`/security/emergency/${eventId}`)).title).toBe('滨盛路商铺火情（端到端）');

    // 按预案派发「灭火救援」 to the team the plan suggests (消防一队).
    const plan = page.getByRole('region', { name: '按预案派发' });
    await expect.poll(() => plan.getByLabel('「灭火救援」派发给的班组').inputValue(), WAIT).not.toBe('');
    expect(await plan.getByLabel('「灭火救援」派发给的班组').locator('option:checked').textContent()).toContain('消防一队');
    await plan.getByRole('button', { name: '按预案派发「灭火救援」' }).click();
    const tasks = page.getByRole('region', { name: '调度任务' });
    const task = tasks.getByRole('listitem', { name: /^灭火救援 消防一队/ });
    await expect.poll(() => task.count(), WAIT).toBe(1);

    // Closing with the task open: the server refuses and says why; nothing changes.
    await info.getByRole('button', { name: '结束事件' }).click();
    const closeDialog = page.getByRole('dialog', { name: '结束应急事件' });
    await closeDialog.getByLabel('处置结果').fill('火情扑灭');
    await closeDialog.getByRole('button', { name: '确认结束' }).click();
    await expect
      .poll(() => closeDialog.getByRole('alert').textContent(), WAIT)
      .toMatch(
        /^应急事件「滨盛路商铺火情（端到端）」还有 1 个任务未完成（灭火救援：(待接收|已接收|处理中)），不能结束事件；请先完成或取消这些任务$/,
      );
    await screenshot(page, 'emergency-dispatch-refused');
    await closeDialog.getByRole('button', { name: '取消' }).click();

    // On 调度面板: the team is busy, accepts, then reports progress (30 %, 60 %, 90 %, 1.5 s apart).
    const teams = panel.getByRole('region', { name: '班组动态' });
    const fireTeam = teams.getByRole('listitem', { name: /^消防一队/ });
    // Other tests share this server: look at this event's lines and this task only.
    const myTask = fireTeam.getByRole('group', { name: '灭火救援 · 滨盛路商铺火情（端到端）' });
    await expect.poll(() => myTask.count(), WAIT).toBe(1);
    expect(await fireTeam.getAttribute('aria-label')).toBe('消防一队 执行任务');
    const feed = panel.getByRole('region', { name: '实时动态' }).getByRole('listitem').filter({ hasText: '滨盛路商铺火情（端到端）' });
    await expect.poll(() => feed.filter({ hasText: '消防一队 上报进度「灭火救援」 30%' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await feed.filter({ hasText: '已到达现场，接驳就近消火栓出水灭火' }).count()).toBe(1);
    await expect.poll(() => myTask.getByRole('progressbar', { name: /^消防一队 灭火救援 进度 (30|60|90)%$/ }).count(), WAIT).toBe(1);
    expect(await feed.filter({ hasText: '消防一队 接收「灭火救援」' }).count()).toBe(1);
    expect(
      await panel
        .getByRole('region', { name: '处置中事件' })
        .getByRole('button', { name: '打开事件「滨盛路商铺火情（端到端）」' })
        .isVisible(),
    ).toBe(true);
    expect(reloads).toEqual([]);
    await screenshot(panel, 'emergency-dispatch-panel');

    // The operator finishes the task (the event page followed the team live) and closes the event.
    await expect.poll(() => task.getAttribute('aria-label'), WAIT).toBe('灭火救援 消防一队 处理中');
    await screenshot(page, 'emergency-dispatch-event');
    await task.getByRole('button', { name: '完成任务「灭火救援」' }).click();
    const finish = page.getByRole('dialog', { name: '完成：灭火救援' });
    await finish.getByLabel('完成说明（可选）').fill('明火扑灭，现场无复燃');
    await finish.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => task.getAttribute('aria-label'), WAIT).toBe('灭火救援 消防一队 已完成');
    await expect.poll(() => myTask.count(), WAIT).toBe(0);

    await info.getByRole('button', { name: '结束事件' }).click();
    await closeDialog.getByLabel('处置结果').fill('火情扑灭，无人员伤亡');
    await closeDialog.getByRole('button', { name: '确认结束' }).click();
    await expect.poll(() => info.getByText('已结束').first().isVisible(), WAIT).toBe(true);
    expect(await info.getByText('火情扑灭，无人员伤亡').isVisible()).toBe(true);

    // The server holds what the pages showed: the whole chain in the event's history.
    const detail = data<{ status: string; history: { action: string; userName: string }[] }>(
      await apiGetAs(`/security/emergency/${eventId}`),
    );
    expect(detail.status).toBe('CLOSED');
    expect(detail.history.map((entry) => `${entry.action}:${entry.userName}`)).toEqual(
      expect.arrayContaining([
        'open:值班员张敏',
        'dispatch:值班员张敏',
        'accept:消防一队',
        'progress:消防一队',
        'finish:值班员张敏',
        'close:值班员张敏',
      ]),
    );
  }, 90_000);

  it('opens the event of an alarm linked with ?alarmId= (a stampede alarm opened it by itself)', async () => {
    const raised = (await (
      await fetch(`${baseUrl}/api/dev/alarm/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alarmType: 'CROWD_STAMPEDE', tenantId: 1, deviceId: 1, content: '人流密度过高' }),
      })
    ).json()) as {
      code: number;
      data: { alarmId: number };
    };
    expect(raised.code).toBe(200);
    const page = await open();
    await loginByAuthCode(page, 'OPER-2026-DEMO');
    await page.goto(`/securityEmergency/dispatcheventtask?alarmId=${raised.data.alarmId}`);
    await expect.poll(() => page.url(), WAIT).toMatch(/eventId=\d+/);
    const info = page.getByRole('region', { name: '事件信息' });
    await expect.poll(() => info.getByText(`#${raised.data.alarmId} 踩踏风险`).isVisible(), WAIT).toBe(true);
    expect(await info.getByText('人群踩踏').isVisible()).toBe(true);
    // Its plan is the stampede plan.
    expect(await page.getByRole('region', { name: '按预案派发' }).getByRole('button', { name: '按预案派发「疏导分流」' }).isEnabled()).toBe(
      true,
    );

    // An operator starts an event from a smoke alarm (which opens none by itself); a second time is refused by the server.
    const smoke = (await (
      await fetch(`${baseUrl}/api/dev/alarm/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alarmType: 'SMOKE', tenantId: 1, deviceId: 2, content: '仓库烟雾浓度超标' }),
      })
    ).json()) as {
      data: { alarmId: number; alarmTypeName: string };
    };
    const create = page.getByRole('dialog', { name: '新建应急事件' });
    const fromAlarm = async () => {
      await page.getByRole('button', { name: '新建事件' }).click();
      await create.getByLabel('来源告警编号（可选）').fill(String(smoke.data.alarmId));
      await create.getByRole('button', { name: '启动事件' }).click();
    };
    await fromAlarm();
    await expect.poll(() => info.getByText(`#${smoke.data.alarmId} ${smoke.data.alarmTypeName}`).isVisible(), WAIT).toBe(true);
    expect(await info.getByText('仓库烟雾浓度超标').isVisible()).toBe(true);
    const eventId = new URL(page.url()).searchParams.get('eventId');
    await fromAlarm();
    await expect
      .poll(() => create.getByRole('alert').textContent(), WAIT)
      .toBe(`告警 ${smoke.data.alarmId} 已关联应急事件 ${eventId}，不能再次启动应急事件`);
    await screenshot(page, 'emergency-dispatch-from-alarm-refused');
  });

  it("一队 lists its members, shows them on the map with the selected one's track, and calls one over their walkie-talkie", async () => {
    const login = (await (await fetch(`${baseUrl}/api/authCodeLogin?authCode=ADMIN-2026-DEMO`)).json()) as { token: string };
    const members = (await (
      await fetch(`${baseUrl}/api/field/members?team=A&pageSize=100`, { headers: { authorization: `Bearer ${login.token}` } })
    ).json()) as { rows: { memberId: number; name: string; walkie: { online: boolean } | null; lastPosition: unknown }[] };
    // A member whose walkie-talkie is online (the fleet starts 92 % online) and who walked today (the seeded day of tracks).
    const callee = members.rows.find((member) => member.walkie?.online && member.lastPosition)!;
    expect(callee).toBeTruthy();

    const page = await open();
    await loginByAuthCode(page, 'ADMIN-2026-DEMO');
    await page.goto('/team/aTeam');
    const list = page.getByRole('list', { name: '一队成员列表' });
    await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBe(10);
    // Everyone with a position is on the map.
    const onMap = async () => Number(await page.locator('.field-teams').getAttribute('data-map-subjects'));
    await expect.poll(onMap, WAIT).toBe(members.rows.filter((member) => member.lastPosition).length);
    await expect.poll(onMap, WAIT).toBeGreaterThan(0);

    await page.getByRole('button', { name: `查看成员：${callee.name}` }).click();
    const detail = page.getByRole('region', { name: `成员详情：${callee.name}` });
    await expect.poll(() => detail.getByRole('region', { name: `今日工作：${callee.name}` }).isVisible(), WAIT).toBe(true);
    await expect.poll(async () => Number(await page.locator('.field-teams').getAttribute('data-track-points')), WAIT).toBeGreaterThan(1);
    expect(new URL(page.url()).searchParams.get('memberId')).toBe(String(callee.memberId));

    // On the real globe: the people (one movingSubjects effect) and the selected member's track (a line trail).
    await page.locator('.globe-host__canvas[data-state="ready"]').waitFor({ timeout: 120_000 });
    await expect.poll(async () => Number(await page.locator('.globe-host').getAttribute('data-effects')), WAIT).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'team-a-member');

    await detail.getByRole('button', { name: `呼叫 ${callee.name}` }).click();
    await expect.poll(() => detail.getByRole('button', { name: `挂断与 ${callee.name} 的通话` }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => detail.getByText('通话中（系统管理员）').isVisible(), WAIT).toBe(true);
    await screenshot(page, 'team-a-call');
    await detail.getByRole('button', { name: `挂断与 ${callee.name} 的通话` }).click();
    await expect.poll(() => detail.getByRole('button', { name: `呼叫 ${callee.name}` }).isVisible(), WAIT).toBe(true);

    // The team module's root counts who is on duty, live.
    await page.goto('/team');
    const onDuty = page.getByRole('region', { name: '班组在岗' });
    await expect.poll(() => onDuty.getByText('班组人员').isVisible(), WAIT).toBe(true);
    await screenshot(page, 'team-overview');
  }, 90_000);
});
