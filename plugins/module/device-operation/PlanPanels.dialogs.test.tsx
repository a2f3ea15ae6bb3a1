import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InspectionRow, MaintenancePlan, PlanDeviceOption } from '@ops/contracts';
import { InspectionList } from './PlanPanels';

const at = Date.UTC(2026, 10, 22, 8);
const inspection: InspectionRow = {
  inspectionId: 5,
  planId: 2,
  planName: '井盖周检',
  kind: 'smartManhole',
  kindName: '智能井盖',
  teamId: null,
  teamName: null,
  dueAt: at,
  status: 'PENDING',
  statusName: '待巡检',
  result: null,
  resultName: null,
  note: '',
  deviceId: null,
  deviceName: null,
  faultId: null,
  workOrderId: null,
  doneAt: null,
  createTime: at,
};
const plan = { planId: 2, name: '井盖周检', kind: 'smartManhole', kindName: '智能井盖', deviceIds: [31, 33] } as MaintenancePlan;
const devices: PlanDeviceOption[] = [31, 32, 33].map((deviceId) => ({
  deviceId,
  deviceName: `江南大道智能井盖-0${deviceId}`,
  deviceCode: `SMARTM-1-0000${deviceId}`,
  online: deviceId !== 33,
}));

describe('登记巡检结果', () => {
  it("names the 异常 device by name among the plan's devices, and sends its id", async () => {
    const onRecord = vi.fn(async () => undefined);
    const loadDevices = vi.fn(async () => devices);
    render(
      <InspectionList
        page={{ rows: [inspection], total: 1 }}
        status="ready"
        loadDevices={loadDevices}
        plans={[plan]}
        onRecord={onRecord}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '登记巡检结果：井盖周检' }));
    fireEvent.click(screen.getByLabelText('异常'));
    const select = screen.getByLabelText('异常设备') as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((option) => option.text)).toEqual([
        '请选择异常设备',
        '江南大道智能井盖-031',
        '江南大道智能井盖-033（离线）',
      ]),
    );
    expect(loadDevices).toHaveBeenCalledWith('smartManhole');

    fireEvent.change(screen.getByLabelText('巡检说明'), { target: { value: '井盖松动' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('巡检异常时请选择异常设备');
    expect(onRecord).not.toHaveBeenCalled();
    fireEvent.change(select, { target: { value: '33' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onRecord).toHaveBeenCalledWith(inspection, 'ABNORMAL', '井盖松动', 33));
  });
});
