import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderAssignees } from '@ops/contracts';
import { allowedActions, WorkOrderActions } from './WorkOrderActions';

const assignees: WorkOrderAssignees = {
  users: [{ userId: 2, nickName: '值班员张敏' }],
  teams: [{ teamId: 1, name: '消防一队', duty: '' }],
};
const order = (status: 'PENDING' | 'ASSIGNED' | 'PROCESSING' | 'DONE' | 'CANCELLED') => ({
  orderId: 7,
  status,
  assigneeUserId: null,
  assigneeTeamId: null,
});

afterEach(cleanup);

describe('work-order actions', () => {
  it('offers only what the status allows', () => {
    expect(allowedActions('PENDING')).toEqual(['assign', 'cancel']);
    expect(allowedActions('ASSIGNED')).toEqual(['assign', 'accept', 'cancel']);
    expect(allowedActions('PROCESSING')).toEqual(['progress', 'close']);
    expect(allowedActions('DONE')).toEqual(['reopen']);
    expect(allowedActions('CANCELLED')).toEqual([]);
    render(<WorkOrderActions order={order('ASSIGNED')} assignees={assignees} onAction={vi.fn()} onUpload={vi.fn()} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['改派', '接单', '取消工单']);
  });

  it("checks the text before sending, and shows the server's refusal", async () => {
    const onAction = vi.fn().mockRejectedValue(new Error('工单 GD-20261122-0007 当前状态为「已完成」，不能办结（仅「处理中」时可以办结）'));
    render(<WorkOrderActions order={order('PROCESSING')} assignees={assignees} onAction={onAction} onUpload={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '办结' }));
    fireEvent.click(screen.getByRole('button', { name: '提交办结' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写处理结果');
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('处理结果'), { target: { value: ' 已修复 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交办结' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('不能办结（仅「处理中」时可以办结）'));
    expect(onAction).toHaveBeenCalledWith('close', { result: '已修复' });
  });

  it('uploads the chosen photos, attaches them to the note, and does not upload them again on a retry', async () => {
    const onUpload = vi.fn().mockResolvedValue({ photoId: 31 });
    const onAction = vi.fn().mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(undefined);
    render(<WorkOrderActions order={order('PROCESSING')} assignees={assignees} onAction={onAction} onUpload={onUpload} />);
    fireEvent.click(screen.getByRole('button', { name: '填写进展' }));
    fireEvent.change(screen.getByLabelText('进展说明'), { target: { value: '已到现场' } });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '现场.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('添加照片'), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: '提交填写进展' }));
    await screen.findByText('网络错误');
    fireEvent.click(screen.getByRole('button', { name: '提交填写进展' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(2));
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenLastCalledWith('progress', { note: '已到现场', photoIds: [31] });
  });

  it('refuses a photo that is not JPEG, PNG or WebP before uploading', () => {
    const onUpload = vi.fn();
    render(<WorkOrderActions order={order('PROCESSING')} assignees={assignees} onAction={vi.fn()} onUpload={onUpload} />);
    fireEvent.click(screen.getByRole('button', { name: '填写进展' }));
    fireEvent.change(screen.getByLabelText('添加照片'), { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe('照片 a.gif 不是 JPEG、PNG 或 WebP 图片');
    expect(onUpload).not.toHaveBeenCalled();
  });
});
