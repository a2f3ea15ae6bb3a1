import { describe, expect, it } from 'vitest';
import type { Situation } from '@ops/contracts';
import { MAX_ALARM_CIRCLES, MAX_OFFLINE_POINTS, situationEffects } from './situationEffects';

const situation: Situation = {
  at: 1,
  alarms: [
    {
      alarmId: 7,
      alarmType: 'SMOKE',
      alarmTypeName: '烟雾告警',
      grade: 'ALARM_GRADE_HIGH',
      deviceId: 3,
      deviceName: '烟感',
      longitude: 120.2,
      latitude: 30.25,
      content: '烟雾',
      raisedAt: 0,
      closedAt: null,
    },
    {
      ...{
        alarmId: 8,
        alarmType: 'X',
        alarmTypeName: 'X',
        grade: 'g',
        deviceId: null,
        deviceName: '',
        content: '',
        raisedAt: 0,
        closedAt: null,
      },
      longitude: null,
      latitude: null,
    },
  ],
  alarmsCapped: false,
  offlineDevices: Array.from({ length: MAX_OFFLINE_POINTS + 5 }, (_, index) => ({
    deviceId: index + 1,
    deviceName: `设备${index}`,
    kind: 'camera',
    longitude: 120.1,
    latitude: 30.1,
    offlineSince: 0,
  })),
  subjects: [
    { kind: 'person', id: 4, name: '张巡', longitude: 120.3, latitude: 30.3, altitude: null, heading: null, at: 0 },
    { kind: 'uav', id: 9, name: '无人机-001', longitude: 120.4, latitude: 30.4, altitude: 80, heading: 90, at: 0 },
  ],
  marks: [{ source: 'cases', id: '12', label: '占道经营', longitude: 120.5, latitude: 30.5, since: 0 }],
};

describe('situationEffects', () => {
  it('draws alarms with a place as pulsing circles, offline devices as flashing points (capped), marks as circles and subjects as moving subjects', () => {
    const { circles, subjects } = situationEffects(situation);
    expect(circles[0]).toEqual({
      id: 'replay-alarm-7',
      effect: 'pulsingCircle',
      options: { position: { longitude: 120.2, latitude: 30.25, height: 10 }, type: 'pushAlarm', maxRadius: 300, step: 15 },
    });
    expect(circles.some((circle) => circle.id === 'replay-alarm-8')).toBe(false);
    expect(circles.filter((circle) => circle.effect === 'flashingPoint')).toHaveLength(MAX_OFFLINE_POINTS);
    expect(circles.at(-1)).toMatchObject({ id: 'replay-cases-12', effect: 'pulsingCircle' });
    expect(subjects).toEqual([
      { id: 'person-4', kind: 'person', longitude: 120.3, latitude: 30.3, label: '张巡' },
      { id: 'uav-9', kind: 'uav', longitude: 120.4, latitude: 30.4, altitude: 80, heading: 90, label: '无人机-001' },
    ]);
  });

  it('draws the newest alarms only, as listed newest first', () => {
    const many = Array.from({ length: MAX_ALARM_CIRCLES + 10 }, (_, index) => ({ ...situation.alarms[0]!, alarmId: index + 1 }));
    const { circles } = situationEffects({ ...situation, alarms: many, offlineDevices: [], marks: [] });
    expect(circles.map((circle) => circle.id)).toEqual(many.slice(0, MAX_ALARM_CIRCLES).map((alarm) => `replay-alarm-${alarm.alarmId}`));
  });
});
