import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseDetailPanel, type CaseDetailPanelProps } from './CaseDetailPanel';
import { closedDetail, handledDetail, sampleDetail } from './storyData';

function setup(overrides: Partial<CaseDetailPanelProps> = {}) {
  const props: CaseDetailPanelProps = {
    detail: { status: 'ready', data: sampleDetail },
    loadEvidence: vi.fn(async () => new Blob()),
    onLocate: vi.fn(),
    onRetry: vi.fn(),
    onAssign: vi.fn(async () => undefined),
    onHandle: vi.fn(async () => undefined),
    onClose: vi.fn(async () => undefined),
    onReject: vi.fn(async () => undefined),
    onUpload: vi.fn(async () => undefined),
    ...overrides,
  };
  render(<CaseDetailPanel {...props} />);
  return props;
}

describe('CaseDetailPanel', () => {
  it('offers only the actions the status allows: an assigned case is handled or refused, never closed or assigned again', async () => {
    const props = setup();
    const actions = screen.getByRole('group', { name: '办理' });
    expect([...actions.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['处置', '不予受理']);
    fireEvent.click(screen.getByRole('button', { name: '处置' }));
    // A note is asked for before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: '确定处置' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写说明');
    fireEvent.change(screen.getByLabelText('处置情况'), { target: { value: '已责令停工' } });
    fireEvent.click(screen.getByRole('button', { name: '确定处置' }));
    await waitFor(() => expect(props.onHandle).toHaveBeenCalledWith(sampleDetail, '已责令停工'));
    expect(props.onClose).not.toHaveBeenCalled();
    // The trail, newest first.
    expect(screen.getByText('派遣 · 值班员张敏')).toBeTruthy();
  });

  it("closes a handled case with a note, shows the server's refusal where it was asked, and offers nothing on a closed one", async () => {
    const refusal = '案件 AJ-20261122-0012 已被他人处理，请刷新后重试';
    const props = setup({
      detail: { status: 'ready', data: handledDetail },
      onClose: vi.fn(async () => Promise.reject(new Error(refusal))),
    });
    fireEvent.click(screen.getByRole('button', { name: '结案' }));
    fireEvent.change(screen.getByLabelText('结案意见'), { target: { value: '回访满意' } });
    fireEvent.click(screen.getByRole('button', { name: '确定结案' }));
    await screen.findByText(refusal);
    expect(props.onClose).toHaveBeenCalledWith(handledDetail, '回访满意');
  });

  it('shows a closed case without actions or upload, and asks to choose a case when none is focused', () => {
    setup({ detail: { status: 'ready', data: closedDetail } });
    expect(screen.getByText('该案件已办结，无可执行的操作')).toBeTruthy();
    expect(screen.queryByLabelText('上传证据图片')).toBeNull();
  });

  it('dispatches a registered case to the chosen team', async () => {
    const registered = {
      ...sampleDetail,
      status: 'registered' as const,
      statusName: '已登记',
      team: null,
      actions: ['assign' as const, 'reject' as const],
    };
    const props = setup({ detail: { status: 'ready', data: registered } });
    fireEvent.click(screen.getByRole('button', { name: '派遣' }));
    fireEvent.change(screen.getByLabelText('选择班组'), { target: { value: 'C' } });
    fireEvent.click(screen.getByRole('button', { name: '确定派遣' }));
    await waitFor(() => expect(props.onAssign).toHaveBeenCalledWith(registered, 'C'));
  });
});
