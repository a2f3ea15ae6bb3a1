import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeviceStatus } from './DeviceStatus';

const kinds = [
  { kind: 'lamp', name: '智慧路灯', online: 90, offline: 10 },
  { kind: 'smoke', name: '烟感探测器', online: 30, offline: 70 },
];

describe('DeviceStatus', () => {
  it('shows totals and each kind with its counts and online rate', () => {
    const { container } = render(<DeviceStatus status="ready" data={{ kinds }} />);
    expect(container.querySelector('.ops-device-status__rate')?.textContent).toBe('60%');
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      '智慧路灯：在线 90，离线 10，在线率 90%',
      '烟感探测器：在线 30，离线 70，在线率 30%',
    ]);
    expect([...container.querySelectorAll<HTMLElement>('.ops-device-status__online')].map((bar) => bar.style.width)).toEqual([
      '90%',
      '30%',
    ]);
  });

  it('puts the lowest online rate first when asked, and opens a kind', async () => {
    const onOpen = vi.fn();
    render(<DeviceStatus status="ready" data={{ kinds }} options={{ sort: true }} onOpen={onOpen} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]!.textContent).toContain('烟感探测器');
    await userEvent.click(buttons[0]!);
    expect(onOpen).toHaveBeenCalledWith('smoke');
  });

  it('copes with a kind that has no devices, and with no kinds', () => {
    const { rerender } = render(<DeviceStatus status="ready" data={{ kinds: [{ kind: 'yacht', name: '游船', online: 0, offline: 0 }] }} />);
    expect(screen.getByRole('listitem').getAttribute('aria-label')).toBe('游船：在线 0，离线 0，在线率 —');
    rerender(<DeviceStatus status="ready" data={{ kinds: [] }} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
