import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Api, EventBus, HttpClient, MapEffects, Notifier, PUSH_TOPIC_ALL } from '@ops/sdk';
import { fieldPositionsPushTopic, packPositions, type FieldMember } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
import FieldTeamsPage from './FieldTeamsPage';
import { PEOPLE_EFFECT_ID, TRACK_EFFECT_ID } from './fieldTeamsEffects';
import { sampleCount, sampleMember, sampleMembers, sampleWork } from './storyData';

/** A server answering the field routes from the story rows; a call sets the walkie talking, a hang-up idle. */
function fakeServer() {
  let members: FieldMember[] = sampleMembers.map((member) => ({ ...member }));
  const track = [0, 1, 2].map((index) => ({
    ...sampleMember.lastPosition!,
    at: Date.now() - (3 - index) * 10_000,
    longitude: 120.21 + index / 1000,
  }));
  const get = vi.fn(async (path: string, params: Record<string, unknown> = {}) => {
    if (path === '/field/members') {
      const rows = members.filter((member) => params.onDuty === undefined || member.onDuty === (params.onDuty === '1'));
      return { code: 200, rows, total: rows.length };
    }
    if (path === '/field/teams/counts') return { code: 200, data: [sampleCount] };
    const one = /^\/field\/members\/(\d+)(\/work)?$/.exec(path);
    if (one) {
      const member = members.find((candidate) => candidate.memberId === Number(one[1]));
      if (!member) throw new Error('人员不存在');
      return { code: 200, data: one[2] ? { ...sampleWork, memberId: member.memberId } : member };
    }
    if (path === '/field/track') return { code: 200, data: track };
    throw new Error(`未预期的请求：${path}`);
  });
  const post = vi.fn(async (path: string) => {
    const match = /^\/field\/members\/(\d+)\/(call|hangup)$/.exec(path);
    if (!match) throw new Error(`未预期的请求：${path}`);
    const memberId = Number(match[1]);
    members = members.map((member) =>
      member.memberId === memberId && member.walkie
        ? {
            ...member,
            walkie: { ...member.walkie, call: match[2] === 'call' ? 'talking' : 'idle', peer: match[2] === 'call' ? '系统管理员' : '' },
          }
        : member,
    );
    const walkie = members.find((member) => member.memberId === memberId)!.walkie!;
    return { code: 200, msg: '呼叫：1 台设备执行成功', data: { memberId, walkie, message: '呼叫：1 台设备执行成功' } };
  });
  return { http: { get, post, put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, post };
}

function fakeEffects() {
  const shown = new Map<string, { effect: string; options: Record<string, unknown> }>();
  return {
    shown,
    api: {
      add: (effect: string, id: string, options: Record<string, unknown>) => void shown.set(id, { effect, options }),
      update: (id: string, options: Record<string, unknown>) => {
        const spec = shown.get(id);
        if (!spec) throw new Error(`没有这个地图效果：${id}`);
        spec.options = { ...spec.options, ...options };
      },
      remove: (id: string) => void shown.delete(id),
      ids: () => [...shown.keys()],
      optionsOf: () => undefined,
      onDidChange: () => () => undefined,
      onEvent: () => () => undefined,
    },
  };
}

function renderPage(url: string, server = fakeServer()) {
  const bus = new SimpleEventBus();
  const effects = fakeEffects();
  const notifier = { show: vi.fn() };
  const services = new ServiceMap()
    .set(HttpClient, server.http)
    .set(Api, createApiCaller(server.http))
    .set(EventBus, bus)
    .set(MapEffects, effects.api)
    .set(Notifier, notifier);
  const view = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/team/:child" element={<FieldTeamsPage moduleName="team" childName="aTeam" />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, effects, view, notifier };
}

const subjectsOf = (effects: ReturnType<typeof fakeEffects>) =>
  (effects.shown.get(PEOPLE_EFFECT_ID)?.options.subjects ?? []) as { id: string; longitude: number; selected?: boolean }[];

describe('一队', () => {
  it('lists the team, draws its people, calls a member and hangs up', { timeout: 20_000 }, async () => {
    const { effects, post, notifier } = renderPage('/team/aTeam');
    const list = await screen.findByRole('list', { name: '一队成员列表' }, { timeout: 10_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('成员 10 人 · 在岗 6 人 · 定位在线 5 人')).toBeTruthy();
    // Members with a position are on the map (the third has none).
    await waitFor(() => expect(subjectsOf(effects).map((subject) => subject.id)).toEqual(['1', '2']));
    expect(effects.shown.get(PEOPLE_EFFECT_ID)?.effect).toBe('movingSubjects');
    // 呼叫 is off without a walkie-talkie; the second member talks: 挂断.
    expect(screen.getByRole('button', { name: '呼叫 张伟' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '挂断与 李海燕 的通话' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '呼叫 王建华' }));
    await screen.findByRole('button', { name: '挂断与 王建华 的通话' });
    expect(post).toHaveBeenCalledWith('/field/members/1/call', {}, expect.anything());
    expect(notifier.show).toHaveBeenCalledWith('success', '已呼叫 王建华：呼叫：1 台设备执行成功');
    fireEvent.click(screen.getByRole('button', { name: '挂断与 王建华 的通话' }));
    await screen.findByRole('button', { name: '呼叫 王建华' });
  });

  it('selects a member from ?memberId=: detail, today, track on the map; live pushes move the dots in place', async () => {
    const { effects, bus, view } = renderPage('/team/aTeam?memberId=1');
    await screen.findByRole('region', { name: '成员详情：王建华' }, { timeout: 10_000 });
    await screen.findByRole('region', { name: '今日工作：王建华' });
    expect(screen.getByText('12.84 公里')).toBeTruthy();
    expect(screen.getByText('江南大道路灯不亮')).toBeTruthy();
    await waitFor(() => expect(effects.shown.get(TRACK_EFFECT_ID)?.effect).toBe('lineTrail'));
    await waitFor(() => expect(subjectsOf(effects).find((subject) => subject.id === '1')?.selected).toBe(true));
    const moved = { ...sampleMember.lastPosition!, at: Date.now() + 1000, longitude: 120.3 };
    act(() =>
      bus.publish(PUSH_TOPIC_ALL, {
        message: {
          code: 200,
          eventType: fieldPositionsPushTopic.eventType,
          seq: 1,
          data: { at: moved.at, positions: packPositions([moved]) },
        },
        route: { action: 'silent', topic: 'field.positions' },
      }),
    );
    await waitFor(() => expect(subjectsOf(effects).find((subject) => subject.id === '1')?.longitude).toBe(120.3));
    view.unmount();
    expect(effects.shown.size).toBe(0);
  });
});
