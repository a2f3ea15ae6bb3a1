import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMember, FieldPosition, FieldTeamCount, MemberCall, MemberWork } from '../../contracts/field';
import type { StatGroupData } from '../../contracts/panels';
import { seedFieldHistory, FIELD_HISTORY_EVERY_MS, FIELD_HISTORY_MS } from '../seed/history/fieldHistory';
import { testServer, type TestServer } from '../testing/testServer';
import { onShiftAt } from './fieldWalk';

let server: TestServer;
let admin: string;
let other: string;

type Reply = Awaited<ReturnType<TestServer['api']>>['body'];
const get = async (url: string, as = admin) => (await server.api('GET', url, { token: as })).body;
const post = async (url: string, as = admin) => (await server.api('POST', url, { token: as, json: true, body: {} })).body;
const put = async (url: string, body: unknown, as = admin): Promise<Reply> =>
  (
    await server.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  ).json();
const dataOf = <T>(reply: Reply): T => {
  expect(reply.code, reply.msg).toBe(200);
  return reply.data as T;
};
const db = () => server.services.ctx.db;
const now = () => server.services.ctx.now();

beforeAll(async () => {
  server = await testServer();
  admin = await server.login('ADMIN-2026-DEMO');
  other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
}, 120_000);
afterAll(async () => server.close());

describe('班组 members and positions', () => {
  it('lists a team with roles, shifts, bound devices; filters on duty; refuses bad input', async () => {
    const team = await get('/field/members?team=A&pageSize=100');
    const rows = team.rows as FieldMember[];
    expect(team.total).toBe(10);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ team: 'A', role: '队长', shift: '全天', onDuty: true, lastPosition: null });
    expect(rows.every((member) => member.walkie !== null)).toBe(true);
    expect(new Set(rows.map((member) => member.walkie?.deviceId)).size).toBe(10);
    expect(rows.filter((member) => member.recorder).length).toBeGreaterThan(0);
    // 16:00 Beijing time: 中班 and 全天 are on duty, 早班 and 晚班 off.
    for (const member of rows) expect(member.onDuty, member.shift).toBe(member.shift === '中班' || member.shift === '全天');
    const onDuty = await get('/field/members?team=A&onDuty=1');
    expect(onDuty.total).toBe(rows.filter((member) => member.onDuty).length);
    expect((await get('/field/members?team=A&pageSize=3&pageNum=2')).rows).toEqual(rows.slice(3, 6));
    expect(await get('/field/members?team=D')).toMatchObject({ code: 400, msg: expect.stringContaining('班组（team）不正确') });
    expect(await get('/field/members')).toMatchObject({ code: 400, msg: '请指定班组（team）' });
    expect(await get('/field/members?team=A&onDuty=2')).toMatchObject({ code: 400, msg: '在岗（onDuty）只能是 0 或 1' });
    const counts = dataOf<FieldTeamCount[]>(await get('/field/teams/counts'));
    expect(counts.map((count) => [count.team, count.members])).toEqual([
      ['A', 10],
      ['B', 10],
      ['C', 10],
    ]);
  });

  it('walks the on-duty members once per step (one fix each, pushed), draws tracks, and keeps tenants apart', async () => {
    const members = await db().selectFrom('field_members').select(['member_id', 'tenant_id', 'on_duty']).execute();
    const onDuty = members.filter((member) => member.on_duty === 1);
    const pushed: unknown[] = [];
    const unsubscribe = server.services.pushHub.subscribe(1, (message) => message.eventType === 'FIELD_POSITIONS' && pushed.push(message));
    const start = now();
    expect(await server.services.field.simulator.step(start - 1000)).toBe(onDuty.length);
    expect(await server.services.field.simulator.step(start)).toBe(onDuty.length);
    unsubscribe();
    expect(pushed).toHaveLength(2);
    const last = dataOf<FieldPosition[]>(await get('/field/positions/last'));
    const tenant1 = onDuty.filter((member) => member.tenant_id === 1).map((member) => Number(member.member_id));
    expect(last.map((position) => position.subjectId).sort((a, b) => a - b)).toEqual(tenant1.sort((a, b) => a - b));
    expect(
      last.every((position) => position.at === start && (position.speed === 0 || position.speed! >= 1.1) && position.heading !== null),
    ).toBe(true);
    const otherLast = dataOf<FieldPosition[]>(await get('/field/positions/last', other));
    expect(otherLast.some((position) => tenant1.includes(position.subjectId))).toBe(false);

    // One walking now (a walker stands 10 minutes in every 30).
    const walker = last.find((position) => position.speed! > 0)!.subjectId;
    const track = dataOf<FieldPosition[]>(
      await get(`/field/track?subjectKind=person&subjectId=${walker}&from=${start - 60_000}&to=${start}`),
    );
    expect(track.map((position) => position.at)).toEqual([start - 1000, start]);
    // A second's walk: about the walking speed (plus a little GPS drift).
    const metres = Math.hypot(
      (track[1]!.longitude - track[0]!.longitude) * 111_320 * Math.cos((track[0]!.latitude * Math.PI) / 180),
      (track[1]!.latitude - track[0]!.latitude) * 111_320,
    );
    expect(metres).toBeGreaterThan(0.5);
    expect(metres).toBeLessThan(3);
    expect(
      dataOf<FieldPosition[]>(await get(`/field/track?subjectKind=person&subjectId=${walker}&from=${start - 60_000}&to=${start}`, other)),
    ).toEqual([]);
    expect(await get(`/field/track?subjectKind=dog&subjectId=1&from=0&to=1`)).toMatchObject({ code: 400 });
    expect(await get(`/field/track?subjectKind=person&subjectId=${walker}&from=0&to=${start}`)).toMatchObject({
      code: 400,
      msg: '轨迹一次最多查询 24 小时',
    });

    const member = dataOf<FieldMember>(await get(`/field/members/${walker}`));
    expect(member.lastPosition).toMatchObject({ at: start });
    expect(await get(`/field/members/${walker}`, other)).toMatchObject({ code: 404 });
    const work = dataOf<MemberWork>(await get(`/field/members/${walker}/work`));
    expect(work).toMatchObject({ memberId: walker, fixes: 2, firstSeenAt: start - 1000, lastSeenAt: start, checkIns: 0 });
    expect(work.distanceM).toBeGreaterThanOrEqual(0);
    expect(work.workTeam).toBeTruthy();
    const stats = dataOf<StatGroupData>(await get('/field/onDuty'));
    expect(stats.items.find((item) => item.name === '定位在线')?.value).toBe(tenant1.length);
  });

  it('puts a member off and on duty (audited); a shift boundary changes its members; refuses bad input', async () => {
    const [member] = (await get('/field/members?team=B&onDuty=1&pageSize=1')).rows as FieldMember[];
    const off = await put(`/field/members/${member!.memberId}/onDuty`, { onDuty: false, note: '病假' });
    expect(off).toMatchObject({ code: 200, msg: '已设为离岗', data: { onDuty: false } });
    expect(await put(`/field/members/${member!.memberId}/onDuty`, { onDuty: 'yes' })).toMatchObject({
      code: 400,
      msg: '在岗（onDuty）只能是 true 或 false',
    });
    expect(await put(`/field/members/${member!.memberId}/onDuty`, {})).toMatchObject({ code: 400, msg: '请指定是否在岗（onDuty）' });
    expect(await put(`/field/members/${member!.memberId}/onDuty`, { onDuty: true }, other)).toMatchObject({ code: 404 });
    const events = await db().selectFrom('field_member_events').selectAll().where('member_id', '=', member!.memberId).execute();
    expect(events).toMatchObject([{ tenant_id: 1, user_id: 1, action: 'duty', from_value: '1', to_value: '0', note: '病假' }]);

    // 22:00 Beijing time (14:00 UTC): 中班 ends, 晚班 begins; the members whose state differs change, by the system.
    const beforeBoundary = Date.UTC(2026, 10, 22, 13, 59, 59);
    server.advance(beforeBoundary + 1000 - now());
    const shiftRows = () =>
      db().selectFrom('field_members').select(['shift', 'on_duty']).where('tenant_id', '=', 1).orderBy('member_id').execute();
    const changing = (await shiftRows()).filter(
      (row) => (row.shift === '中班' && row.on_duty === 1) || (row.shift === '晚班' && row.on_duty === 0),
    );
    await server.services.field.simulator.step(beforeBoundary);
    await server.services.field.simulator.step(beforeBoundary + 1000);
    for (const row of (await shiftRows()).filter((row) => row.shift === '中班' || row.shift === '晚班'))
      expect(row.on_duty, row.shift).toBe(row.shift === '晚班' ? 1 : 0);
    const system = await db()
      .selectFrom('field_member_events')
      .select('note')
      .where('tenant_id', '=', 1)
      .where('user_id', 'is', null)
      .execute();
    expect(system).toHaveLength(changing.length);
    expect(system.map((row) => row.note).sort()).toEqual(changing.map((row) => (row.shift === '晚班' ? '班次开始' : '班次结束')).sort());
  });

  it('calls a member over their walkie-talkie and hangs up, through the device control path (audited)', async () => {
    // The clock moved on past the sessions' lifetime in the test before.
    admin = await server.login('ADMIN-2026-DEMO');
    other = await server.login('ADMIN-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
    const [member] = (await get('/field/members?team=C&pageSize=1')).rows as FieldMember[];
    const walkieId = member!.walkie!.deviceId;
    await db().updateTable('devices').set({ online: 1 }).where('device_id', '=', walkieId).execute();
    const call = dataOf<MemberCall>(await post(`/field/members/${member!.memberId}/call`));
    expect(call.walkie).toMatchObject({ deviceId: walkieId, call: 'talking', peer: '系统管理员' });
    const log = await db()
      .selectFrom('command_log')
      .select(['command', 'outcome', 'user_id'])
      .where('device_type', '=', 'DEVI_INTERCOM')
      .execute();
    expect(log).toEqual([{ command: 20, outcome: 'ok', user_id: 1 }]);
    expect(dataOf<MemberCall>(await post(`/field/members/${member!.memberId}/hangup`)).walkie).toMatchObject({ call: 'idle', peer: '' });
    const audit = await db()
      .selectFrom('field_member_events')
      .select('action')
      .where('member_id', '=', member!.memberId)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['call', 'hangup']);
    expect(await post(`/field/members/${member!.memberId}/call`, other)).toMatchObject({ code: 404 });
    expect(await post(`/field/members/${member!.memberId}/shout`)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('操作（action）不正确'),
    });
    await db().updateTable('field_members').set({ walkie_device_id: null }).where('member_id', '=', member!.memberId).execute();
    expect(await post(`/field/members/${member!.memberId}/call`)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('未绑定对讲机'),
    });
  });

  it('writes the past day of every member at one fix per 10 s during their shift', async () => {
    await db().deleteFrom('positions').execute();
    await db().deleteFrom('last_positions').execute();
    const end = now();
    const written = await seedFieldHistory(db(), ['lamp'], end);
    const members = await db().selectFrom('field_members').select(['member_id', 'shift']).execute();
    const start = Math.ceil((end - FIELD_HISTORY_MS) / FIELD_HISTORY_EVERY_MS) * FIELD_HISTORY_EVERY_MS;
    let expected = 0;
    for (const member of members) for (let at = start; at < end; at += FIELD_HISTORY_EVERY_MS) if (onShiftAt(member.shift, at)) expected++;
    expect(written).toBe(expected);
    const stored = await db()
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(expected);
    // About 60 members × ~12 h on shift × 360 fixes an hour.
    expect(expected).toBeGreaterThan(150_000);
    expect(await seedFieldHistory(db(), ['lamp'], end)).toBe(0);
  }, 120_000);
});
