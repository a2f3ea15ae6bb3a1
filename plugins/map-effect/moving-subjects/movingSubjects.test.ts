import { describe, expect, it } from 'vitest';
import { readSubjects, subjectChanges, subjectPickId } from './movingSubjects';

describe('moving subjects', () => {
  it('reads people and UAVs, keeping only the fields given', () => {
    expect(
      readSubjects([
        { id: 'p1', kind: 'person', longitude: 120.2, latitude: 30.2, label: '张三' },
        { id: 'u1', kind: 'uav', longitude: 120.21, latitude: 30.21, altitude: 120, heading: 90, selected: true },
      ]),
    ).toEqual([
      { id: 'p1', kind: 'person', longitude: 120.2, latitude: 30.2, label: '张三' },
      { id: 'u1', kind: 'uav', longitude: 120.21, latitude: 30.21, altitude: 120, heading: 90, selected: true },
    ]);
    expect(readSubjects(undefined)).toEqual([]);
  });

  it('refuses bad subjects with a message naming the first one', () => {
    expect(() => readSubjects({})).toThrow('移动目标（subjects）必须是数组');
    expect(() => readSubjects([{ id: '', kind: 'person', longitude: 1, latitude: 1 }])).toThrow('第 1 个移动目标的编号（id）不能为空');
    expect(() =>
      readSubjects([
        { id: 'a', kind: 'person', longitude: 1, latitude: 1 },
        { id: 'a', kind: 'person', longitude: 1, latitude: 1 },
      ]),
    ).toThrow('第 2 个移动目标的编号“a”重复');
    expect(() => readSubjects([{ id: 'a', kind: 'car', longitude: 1, latitude: 1 }])).toThrow('只能是 person 或 uav');
    expect(() => readSubjects([{ id: 'a', kind: 'uav', longitude: 181, latitude: 1 }])).toThrow('经度');
    expect(() => readSubjects([{ id: 'a', kind: 'uav', longitude: 1, latitude: Number.NaN }])).toThrow('纬度');
    expect(() => readSubjects([{ id: 'a', kind: 'uav', longitude: 1, latitude: 1, altitude: 1e6 }])).toThrow('高度');
    expect(() => readSubjects([{ id: 'a#b', kind: 'uav', longitude: 1, latitude: 1 }])).toThrow('“#”');
  });

  it('moves what is drawn, adds what is new and removes what is gone', () => {
    const next = readSubjects([
      { id: 'a', kind: 'person', longitude: 1, latitude: 1 },
      { id: 'c', kind: 'uav', longitude: 1, latitude: 1 },
    ]);
    const changes = subjectChanges(new Set(['a', 'b']), next);
    expect(changes.moved.map((subject) => subject.id)).toEqual(['a']);
    expect(changes.added.map((subject) => subject.id)).toEqual(['c']);
    expect(changes.removed).toEqual(['b']);
  });

  it('names each subject for picking as the effect id and the subject id', () => {
    expect(subjectPickId('team-a', '17')).toBe('effect:team-a#17');
  });
});
