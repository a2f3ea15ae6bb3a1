import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FaultRow } from '@ops/contracts';
import { FaultList } from './FaultList';

const fault = (faultId: number, workOrderId: number | null, workOrderNo: string | null): FaultRow => ({
  faultId,
  deviceId: 100 + faultId,
  deviceName: `江南大道智慧灯杆-00${faultId}`,
  kind: 'lamp',
  kindName: '智慧灯杆',
  cause: 'offline',
  causeName: '设备离线',
  status: workOrderId ? 'ORDERED' : 'OPEN',
  statusName: workOrderId ? '已转工单' : '待处理',
  detail: '设备离线已 42 分钟',
  openedAt: Date.UTC(2026, 10, 22, 8),
  closedAt: null,
  closeNote: '',
  workOrderId,
  workOrderNo,
});

describe('设备故障 · 工单', () => {
  it("links a fault's work order to 工单管理 opened on it; a fault without one shows a dash", () => {
    render(
      <MemoryRouter>
        <FaultList
          query={{ pageNum: 1, pageSize: 10 }}
          onQuery={() => undefined}
          page={{ rows: [fault(1, 9, 'GD-20261122-0009'), fault(2, null, null)], total: 2 }}
          status="ready"
          teams={[]}
          onClose={async () => undefined}
          onToWorkOrder={async () => undefined}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '查看工单 GD-20261122-0009' });
    expect(link.getAttribute('href')).toBe('/operation/workorder?orderId=9');
    expect(link.textContent).toBe('GD-20261122-0009');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
