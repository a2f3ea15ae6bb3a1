import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { EventDetailPanel, suggestedTeam, type EventDetailPanelProps } from './EventDetailPanel';
import { closedDetail, sampleDetail, sampleTeams } from './storyData';

function setup(overrides: Partial<EventDetailPanelProps> = {}) {
  const props: EventDetailPanelProps = {
    event: { status: 'ready', data: sampleDetail },
    teams: sampleTeams,
    onLocate: vi.fn(),
    onDispatch: vi.fn(async () => undefined),
    onFinish: vi.fn(async () => undefined),
    onCancel: vi.fn(async () => undefined),
    onClose: vi.fn(async () => undefined),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <EventDetailPanel {...props} />
    </MemoryRouter>,
  );
  return props;
}

describe('EventDetailPanel', () => {
  it('offers the plan tasks not yet dispatched; one fills the form with its team, and 派发任务 sends it', async () => {
    const props = setup();
    expect(screen.queryByRole('button', { name: '预案任务：灭火救援' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '预案任务：人员疏散' }));
    expect((screen.getByLabelText('任务名称') as HTMLInputElement).value).toBe('人员疏散');
    // The plan's hint (巡) picks 巡查二组.
    expect((screen.getByLabelText('处置队伍') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: '派发任务' }));
    await waitFor(() =>
      expect(props.onDispatch).toHaveBeenCalledWith(
        expect.objectContaining({ eventId: 12, title: '人员疏散', teamId: 2, description: expect.stringContaining('疏散') }),
      ),
    );
  });

  it("asks for a team before dispatching, and shows the server's refusal where it was asked", async () => {
    const props = setup({ onDispatch: vi.fn(async () => Promise.reject(new Error('应急事件「…」已结束，不能派发任务'))) });
    fireEvent.change(screen.getByLabelText('任务名称'), { target: { value: '现场警戒' } });
    fireEvent.click(screen.getByRole('button', { name: '派发任务' }));
    expect(screen.getByRole('alert').textContent).toBe('请选择处置队伍');
    expect(props.onDispatch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('处置队伍'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '派发任务' }));
    await screen.findByText('应急事件「…」已结束，不能派发任务');
  });

  it('offers 完成 only to a task under way, and cancels with a reason', async () => {
    const props = setup();
    expect(screen.getByRole('button', { name: '完成任务：灭火救援' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '完成任务：警戒封控' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '完成任务：灭火救援' }));
    await waitFor(() => expect(props.onFinish).toHaveBeenCalledWith(expect.objectContaining({ taskId: 1 })));
    expect(screen.queryByRole('button', { name: '取消任务：灭火救援' })).toBeNull();
  });

  it('closes the event with the result', async () => {
    const props = setup();
    fireEvent.change(screen.getByLabelText('处置结果'), { target: { value: '明火已扑灭' } });
    fireEvent.click(screen.getByRole('button', { name: '结束事件' }));
    await waitFor(() => expect(props.onClose).toHaveBeenCalledWith(expect.objectContaining({ eventId: 12 }), '明火已扑灭'));
  });

  it("shows a closed event's result and no actions", () => {
    setup({ event: { status: 'ready', data: closedDetail } });
    expect(screen.getByText(/明火已扑灭，无人员伤亡/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '结束事件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '派发任务' })).toBeNull();
  });

  it('says why nothing shows', () => {
    setup({ event: null, notice: '没有找到该告警关联的应急事件' });
    expect(screen.getByText('没有找到该告警关联的应急事件')).toBeTruthy();
  });

  it('prefers a free team that suits the task', () => {
    expect(suggestedTeam(sampleTeams, '消防')?.name).toBe('消防一队');
    expect(suggestedTeam([...sampleTeams, { ...sampleTeams[0]!, teamId: 9, name: '消防二队', busy: false, tasks: [] }], '消防')?.name).toBe(
      '消防二队',
    );
    expect(suggestedTeam(sampleTeams, '医疗')).toBeUndefined();
  });
});
