import { describe, expect, it } from 'vitest';
import { EMERGENCY_PLANS } from '@ops/contracts';
import { validateNewEvent } from './CreateEventDialog';
import { statItems, statusItems } from './DispatchPanelPage';
import { openTaskCount, taskTotal } from './EventListPanel';
import { suggestedTeam } from './PlanPanel';
import { sampleEvent, sampleTasks, sampleTeams } from './storyData';
import { allowedActions } from './TaskListPanel';

describe('emergency dispatch helpers', () => {
  it('suggests the team whose name or duty suits a plan task, else a free one', () => {
    const [fire, evacuate] = EMERGENCY_PLANS.FIRE;
    expect(suggestedTeam(fire!, sampleTeams)).toBe(1); // 消防一队
    expect(suggestedTeam(evacuate!, sampleTeams)).toBe(2); // 巡查二组 (巡)
    expect(suggestedTeam({ ...fire!, teamHint: '无此班组' }, sampleTeams)).toBe(3); // the first free team
    expect(suggestedTeam(fire!, [])).toBeUndefined();
  });

  it('offers only the actions the task state allows', () => {
    expect(allowedActions(sampleTasks[0]!)).toEqual(['progress', 'finish']);
    expect(allowedActions(sampleTasks[1]!)).toEqual(['accept', 'cancel', 'reassign']);
    expect(allowedActions(sampleTasks[2]!)).toEqual([]);
  });

  it('checks a new event before sending it, as the server would', () => {
    const good = { title: '商铺火情', longitude: '120.2', latitude: '30.2', radius: '' };
    expect(validateNewEvent(good)).toBeUndefined();
    expect(validateNewEvent({ ...good, title: '  ' })).toBe('请填写事件标题');
    expect(validateNewEvent({ ...good, longitude: '' })).toBe('请填写经度');
    expect(validateNewEvent({ ...good, latitude: '95' })).toBe('纬度必须在 -90 到 90 之间');
    expect(validateNewEvent({ ...good, radius: '5' })).toBe('影响半径（米）必须在 10 到 10000 之间');
    // From an alarm: title and position may be left to the alarm.
    expect(validateNewEvent({ title: '', longitude: '', latitude: '', radius: '', alarmId: '12' })).toBeUndefined();
    expect(validateNewEvent({ title: '', longitude: '120.2', latitude: '', radius: '', alarmId: '12' })).toBe('请填写纬度');
    expect(validateNewEvent({ ...good, alarmId: '告警' })).toBe('告警编号必须是正整数');
  });

  it('counts open tasks and the panel figures from the server answer', () => {
    expect(openTaskCount(sampleEvent)).toBe(2);
    expect(taskTotal(sampleEvent)).toBe(2);
    const stats = {
      activeEvents: 2,
      closedEvents: 5,
      activeByKind: { FIRE: 1, FLOOD: 1, STAMPEDE: 0, HYDRANT: 0, OTHER: 0 },
      tasksByStatus: { PENDING: 1, ACCEPTED: 2, PROCESSING: 3, DONE: 4, CANCELLED: 1 },
      busyTeams: 3,
      teams: 4,
    };
    expect(statItems(stats).map((item) => [item.name, item.value])).toEqual([
      ['处置中事件', 2],
      ['未完成任务', 6],
      ['出勤班组', 3],
      ['已完成任务', 4],
    ]);
    expect(statusItems(stats).map((item) => `${item.name}:${item.value}`)).toEqual([
      '待接收:1',
      '已接收:2',
      '处理中:3',
      '已完成:4',
      '已取消:1',
    ]);
  });
});
