import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LayoutItem, StoredLayout } from '../../contracts/panels';
import { testServer, type TestServer } from '../testing/testServer';

// A plugin folder with one module plugin: panel pages comprehensive and alarmManage/alarmStatistics, panels
// alarmCount (both pages, at least 4×2), alarmTrend (comprehensive, at least 8 wide), clock (comprehensive),
// alarmGrades (alarmManage/alarmStatistics).
const PLUGINS = 'server/panels/fixtures/plugins';
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const PAGE_MESSAGE = '页面编号不正确（形如 comprehensive 或 alarmManage/alarmStatistics）';
const ITEMS_MESSAGE = '布局必须是布局项（含 panel、x、y、w、h 的对象）的列表';

let server: TestServer;
let operator: string;
let sameUserOtherTenant: string;
let colleague: string;
let viewer: string;

interface Reply {
  code: number;
  msg: string;
  data?: unknown;
  changes?: string[];
  removed?: boolean;
}

async function send(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
  contentType = 'application/json',
): Promise<Reply> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (payload !== undefined) headers['content-type'] = contentType;
  const reply = await server.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
  return reply.json() as Reply;
}
const layoutOf = async (page: string, token = operator) => {
  const reply = await send('GET', `/panel/layout?page=${encodeURIComponent(page)}`, token);
  expect(reply.code).toBe(200);
  return reply.data as StoredLayout | null;
};
const save = (body: unknown, token = operator) => send('PUT', '/panel/layout', token, body);
const reset = (page: string, token = operator) => send('DELETE', `/panel/layout?page=${encodeURIComponent(page)}`, token);
const storedRows = async () =>
  (
    await server.services.ctx.db.selectFrom('panel_layouts').selectAll().orderBy('tenant_id').orderBy('user_id').orderBy('page').execute()
  ).map((row) => JSON.stringify(row));

const item = (panel: string, x: number, y: number, w: number, h: number): LayoutItem => ({ panel, x, y, w, h });
const GOOD = [item('alarmCount', 0, 0, 6, 3), item('alarmTrend', 6, 0, 12, 6), item('clock', 18, 0, 4, 2)];

beforeAll(async () => {
  server = await testServer({ pluginsDir: PLUGINS });
  operator = await server.services.ctx.sessions.create(2, 1);
  sameUserOtherTenant = await server.services.ctx.sessions.create(2, 2);
  colleague = await server.services.ctx.sessions.create(1, 1);
  viewer = await server.services.ctx.sessions.create(3, 1);
});
afterAll(async () => server.close());
beforeEach(async () => {
  await server.services.ctx.db.deleteFrom('panel_layouts').execute();
});

describe('panel layouts', () => {
  it('are stored per user, tenant and page, and read back', async () => {
    expect(await layoutOf('comprehensive')).toBeNull();
    expect(await save({ page: 'comprehensive', items: GOOD })).toEqual({
      code: 200,
      msg: '布局已保存',
      data: { page: 'comprehensive', items: GOOD, updatedAt: NOW },
      changes: [],
    });
    expect(await layoutOf('comprehensive')).toEqual({ page: 'comprehensive', items: GOOD, updatedAt: NOW });
    // Another page, the same user in another tenant, another user of the tenant: none of theirs.
    expect(await layoutOf('alarmManage/alarmStatistics')).toBeNull();
    expect(await layoutOf('comprehensive', sameUserOtherTenant)).toBeNull();
    expect(await layoutOf('comprehensive', colleague)).toBeNull();
    // An empty layout is a layout too (every panel removed).
    expect((await save({ page: 'alarmManage/alarmStatistics', items: [] })).code).toBe(200);
    expect(await layoutOf('alarmManage/alarmStatistics')).toEqual({ page: 'alarmManage/alarmStatistics', items: [], updatedAt: NOW });
  });

  it('replace the earlier layout of the page', async () => {
    await save({ page: 'comprehensive', items: GOOD });
    server.advance(60_000);
    try {
      const fresh = await server.services.ctx.sessions.create(2, 1);
      const next = [item('clock', 0, 0, 4, 2)];
      expect((await save({ page: 'comprehensive', items: next }, fresh)).data).toEqual({
        page: 'comprehensive',
        items: next,
        updatedAt: NOW + 60_000,
      });
      expect(await layoutOf('comprehensive', fresh)).toEqual({ page: 'comprehensive', items: next, updatedAt: NOW + 60_000 });
      expect(await storedRows()).toHaveLength(1);
    } finally {
      server.advance(-60_000);
    }
  });

  it('are repaired before they are stored: sizes to the panel minimum and the grid, overlapping panels moved down', async () => {
    const reply = await save({
      page: 'comprehensive',
      items: [item('alarmCount', 0, 0, 2, 1), item('alarmTrend', 2, 0, 12, 6), item('clock', 22, 10, 4, 2)],
    });
    const repaired = [item('alarmCount', 0, 0, 4, 2), item('alarmTrend', 2, 2, 12, 6), item('clock', 20, 10, 4, 2)];
    expect(reply).toEqual({
      code: 200,
      msg: '布局已保存，并已自动调整：面板 alarmCount 的位置或大小超出网格，已调整；面板 clock 的位置或大小超出网格，已调整；面板 alarmTrend 与其他面板重叠，已下移',
      data: { page: 'comprehensive', items: repaired, updatedAt: NOW },
      changes: [
        '面板 alarmCount 的位置或大小超出网格，已调整',
        '面板 clock 的位置或大小超出网格，已调整',
        '面板 alarmTrend 与其他面板重叠，已下移',
      ],
    });
    expect((await layoutOf('comprehensive'))!.items).toEqual(repaired);
  });

  it('are repaired when read against the panels that exist now (a plugin may have gone)', async () => {
    await server.services.ctx.db
      .insertInto('panel_layouts')
      .values({
        tenant_id: 1,
        user_id: 2,
        page: 'comprehensive',
        items: JSON.stringify([item('gone', 0, 0, 6, 3), item('alarmCount', 0, 0, 6, 3), item('clock', 0, 1, 4, 2)]),
        updated_at: NOW - 1000,
      })
      .execute();
    expect(await layoutOf('comprehensive')).toEqual({
      page: 'comprehensive',
      items: [item('alarmCount', 0, 0, 6, 3), item('clock', 0, 3, 4, 2)],
      updatedAt: NOW - 1000,
    });
    await server.services.ctx.db.updateTable('panel_layouts').set({ items: 'not json' }).execute();
    // Unreadable: no layout, so the page opens with its default rather than empty.
    expect(await layoutOf('comprehensive')).toBeNull();
  });

  it('are reset (the default applies again) only for the caller, tenant and page', async () => {
    await save({ page: 'comprehensive', items: GOOD });
    await save({ page: 'alarmManage/alarmStatistics', items: [item('alarmGrades', 0, 0, 8, 6)] });
    await save({ page: 'comprehensive', items: GOOD }, colleague);
    await save({ page: 'comprehensive', items: GOOD }, sameUserOtherTenant);
    expect(await reset('comprehensive')).toEqual({ code: 200, msg: '已恢复默认布局', removed: true });
    expect(await layoutOf('comprehensive')).toBeNull();
    expect(await reset('comprehensive')).toEqual({ code: 200, msg: '该页面使用的已是默认布局', removed: false });
    expect(await layoutOf('alarmManage/alarmStatistics')).not.toBeNull();
    expect(await layoutOf('comprehensive', colleague)).not.toBeNull();
    expect(await layoutOf('comprehensive', sameUserOtherTenant)).not.toBeNull();
  });

  it("never change another operator's layout", async () => {
    await save({ page: 'comprehensive', items: GOOD }, colleague);
    await save({ page: 'comprehensive', items: [item('clock', 0, 0, 4, 2)] });
    expect((await layoutOf('comprehensive', colleague))!.items).toEqual(GOOD);
    await reset('comprehensive');
    expect((await layoutOf('comprehensive', colleague))!.items).toEqual(GOOD);
  });

  it.each([
    ['a page no plugin shows as a panel page', { page: 'business', items: [] }, '页面 business 不是可以布局的面板页面'],
    ['an unknown panel', { page: 'comprehensive', items: [item('ghost', 0, 0, 4, 2)] }, '面板 ghost 不存在'],
    [
      'a panel of another page',
      { page: 'comprehensive', items: [item('alarmGrades', 0, 0, 8, 6)] },
      '面板 alarmGrades（告警等级）不能放在页面 comprehensive 上',
    ],
    [
      'a panel twice',
      { page: 'comprehensive', items: [item('alarmCount', 0, 0, 6, 3), item('alarmCount', 6, 0, 6, 3)] },
      '面板 alarmCount（今日告警）在布局中出现了不止一次',
    ],
    ['a page id of the wrong form', { page: 'Comprehensive', items: [] }, PAGE_MESSAGE],
    ['a page id of three parts', { page: 'a/b/c', items: [] }, PAGE_MESSAGE],
    ['a page id that is a number', { page: 12, items: [] }, PAGE_MESSAGE],
    ['a page id too long', { page: 'a'.repeat(65), items: [] }, PAGE_MESSAGE],
    ['no page', { items: [] }, '请指定页面'],
    ['no items', { page: 'comprehensive' }, '请提供布局'],
    ['items that are no list', { page: 'comprehensive', items: 'alarmCount' }, ITEMS_MESSAGE],
    [
      'more than 100 items',
      { page: 'comprehensive', items: Array.from({ length: 101 }, (_, index) => item('clock', 0, index, 1, 1)) },
      '一个页面最多放 100 个面板',
    ],
    ['an item that is no object', { page: 'comprehensive', items: [null] }, ITEMS_MESSAGE],
    ['an item without h', { page: 'comprehensive', items: [{ panel: 'clock', x: 0, y: 0, w: 4 }] }, '布局项必须有 panel、x、y、w、h'],
    [
      'an item with more fields',
      { page: 'comprehensive', items: [{ ...item('clock', 0, 0, 4, 2), title: '钟' }] },
      '布局项只能有 panel、x、y、w、h',
    ],
    ['a panel id of the wrong form', { page: 'comprehensive', items: [item('Clock-1', 0, 0, 4, 2)] }, '布局项的 panel 必须是面板编号'],
    ['x beyond the grid', { page: 'comprehensive', items: [item('clock', 24, 0, 4, 2)] }, '布局项的 x（列）必须是 0 到 23 的整数'],
    ['x below it', { page: 'comprehensive', items: [item('clock', -1, 0, 4, 2)] }, '布局项的 x（列）必须是 0 到 23 的整数'],
    ['x not whole', { page: 'comprehensive', items: [item('clock', 1.5, 0, 4, 2)] }, '布局项的 x（列）必须是 0 到 23 的整数'],
    ['x as text', { page: 'comprehensive', items: [{ ...item('clock', 0, 0, 4, 2), x: '1' }] }, '布局项的 x（列）必须是 0 到 23 的整数'],
    ['y too far down', { page: 'comprehensive', items: [item('clock', 0, 1001, 4, 2)] }, '布局项的 y（行）必须是 0 到 1000 的整数'],
    ['w of nothing', { page: 'comprehensive', items: [item('clock', 0, 0, 0, 2)] }, '布局项的 w（宽）必须是 1 到 24 的整数'],
    ['h too tall', { page: 'comprehensive', items: [item('clock', 0, 0, 4, 41)] }, '布局项的 h（高）必须是 1 到 40 的整数'],
    ['a body that is no object', [1, 2], '请求参数格式不正确'],
  ])('are refused for %s, and nothing is stored', async (_what, body, msg) => {
    await save({ page: 'comprehensive', items: GOOD });
    const before = await storedRows();
    expect(await save(body)).toEqual({ code: 400, msg });
    expect(await storedRows()).toEqual(before);
  });

  it.each([
    ...[null, { a: 1 }, true, false, [1], 12, 'x'.repeat(65)].map((page) => ['page', page, PAGE_MESSAGE] as const),
    ...[null, { a: 1 }, true, false, [true], 1, 'x'].map((items) => ['items', items, ITEMS_MESSAGE] as const),
  ])('refuse %s = %j with its own message', async (field, value, msg) => {
    const before = await storedRows();
    expect(await save({ page: 'comprehensive', items: [], [field]: value })).toEqual({ code: 400, msg });
    expect(await storedRows()).toEqual(before);
  });

  it('are refused as a form body (items must be JSON)', async () => {
    expect(await send('PUT', '/panel/layout', operator, 'page=comprehensive&items=clock', 'application/x-www-form-urlencoded')).toEqual({
      code: 400,
      msg: ITEMS_MESSAGE,
    });
  });

  it.each([
    ['', '请指定页面'],
    ['?page=', PAGE_MESSAGE],
    ['?page=comprehensive/a/b', PAGE_MESSAGE],
    ['?page=9lives', PAGE_MESSAGE],
    ['?page=comprehensive&page=business', PAGE_MESSAGE],
  ])('refuse reading or resetting with page %s', async (query, msg) => {
    expect(await send('GET', `/panel/layout${query}`, operator)).toEqual({ code: 400, msg });
    expect(await send('DELETE', `/panel/layout${query}`, operator)).toEqual({ code: 400, msg });
  });

  it('need a session (401); any signed-in user has layouts, even without menus', async () => {
    const expired = { code: 401, msg: '登录状态已过期，请重新登录' };
    expect(await send('GET', '/panel/layout?page=comprehensive', undefined)).toEqual(expired);
    expect(await send('PUT', '/panel/layout', undefined, { page: 'comprehensive', items: GOOD })).toEqual(expired);
    expect(await send('DELETE', '/panel/layout?page=comprehensive', undefined)).toEqual(expired);
    expect(await storedRows()).toEqual([]);
    expect((await save({ page: 'comprehensive', items: GOOD }, viewer)).code).toBe(200);
    expect(await layoutOf('comprehensive', viewer)).toMatchObject({ items: GOOD });
    expect((await reset('comprehensive', viewer)).removed).toBe(true);
  });
});
