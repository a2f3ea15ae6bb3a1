import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { WorkOrderDetail } from '@ops/contracts';
import { WorkOrderDetailView } from './WorkOrderDetailView';

const NOW = Date.UTC(2026, 10, 22, 8);
const order: WorkOrderDetail = {
  orderId: 9,
  orderNo: 'GD-20261122-0009',
  title: '江南大道智慧灯杆-003设备离线',
  description: '【故障 31】设备离线已 47 分钟',
  category: 'REPAIR',
  categoryName: '维修',
  priority: 'MEDIUM',
  priorityName: '中',
  status: 'ASSIGNED',
  statusName: '已派发',
  source: 'device',
  sourceName: '设备',
  alarmId: null,
  deviceId: 12,
  deviceName: '江南大道智慧灯杆-003',
  assigneeUserId: null,
  assigneeUserName: null,
  assigneeTeamId: 3,
  assigneeTeamName: '运维班',
  createdBy: 2,
  createdByName: '值班员张敏',
  dueAt: NOW + 3_600_000,
  escalatedAt: null,
  closedAt: null,
  result: null,
  createTime: NOW,
  updateTime: NOW,
  events: [],
  photos: [],
  alarm: null,
} as unknown as WorkOrderDetail;
const fault = {
  faultId: 31,
  deviceId: 12,
  deviceName: '江南大道智慧灯杆-003',
  cause: 'offline',
  causeName: '设备离线',
  status: 'ORDERED',
  statusName: '已转工单',
  detail: '设备离线已 47 分钟',
  openedAt: NOW - 7_200_000,
  closedAt: null,
};
const view = (detail: WorkOrderDetail) =>
  render(
    <MemoryRouter>
      <WorkOrderDetailView
        order={detail}
        assignees={{ users: [], teams: [] }}
        loadPhoto={async () => new Blob()}
        now={NOW}
        onAction={async () => undefined}
        onUpload={async () => undefined as never}
      />
    </MemoryRouter>,
  );

describe('工单详情 · 关联故障', () => {
  it('names the fault the order was raised from: device, cause and its state', () => {
    view({ ...order, fault });
    expect(screen.getByText('关联故障')).toBeTruthy();
    expect(screen.getByLabelText('关联故障：江南大道智慧灯杆-003，设备离线，已转工单').textContent).toContain('设备离线已 47 分钟');
    expect(screen.getByText('已转工单')).toBeTruthy();
  });

  it('has no such row for an order without a fault', () => {
    view({ ...order, fault: null });
    expect(screen.queryByText('关联故障')).toBeNull();
  });
});
