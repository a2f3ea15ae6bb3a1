import { describe, expect, it } from 'vitest';
import { planBodyOf } from './PlanPanels';

const form = {
  name: '路灯月度巡检',
  kind: 'lamp',
  intervalDays: 30,
  scope: { all: true, deviceIds: [12] },
  teamId: '',
  createWorkOrder: false,
  enabled: true,
};

describe('planBodyOf', () => {
  it('turns the form into the body the server takes', () => {
    expect(planBodyOf(form)).toEqual({
      name: '路灯月度巡检',
      kind: 'lamp',
      intervalDays: 30,
      deviceIds: [],
      createWorkOrder: false,
      enabled: true,
    });
    expect(
      planBodyOf({ ...form, name: '  周检 ', scope: { all: false, deviceIds: [14, 12, 13] }, teamId: '3', createWorkOrder: true }),
    ).toEqual({ name: '周检', kind: 'lamp', intervalDays: 30, deviceIds: [12, 13, 14], teamId: 3, createWorkOrder: true, enabled: true });
  });

  it('names what is wrong before anything is sent', () => {
    expect(planBodyOf({ ...form, name: '  ' })).toBe('请填写计划名称');
    expect(planBodyOf({ ...form, kind: '' })).toBe('请选择设备类型');
    expect(planBodyOf({ ...form, intervalDays: 0 })).toBe('周期天数必须是 1 到 365 的整数');
    expect(planBodyOf({ ...form, intervalDays: 1.5 })).toBe('周期天数必须是 1 到 365 的整数');
    expect(planBodyOf({ ...form, scope: { all: false, deviceIds: [] } })).toBe('请至少选择一台设备，或选择全部设备');
  });
});
