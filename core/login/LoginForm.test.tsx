import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './LoginForm';

function renderForm(overrides: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const props = {
    onRequestCode: vi.fn(async () => undefined),
    onSmsLogin: vi.fn(async () => undefined),
    onAuthCodeLogin: vi.fn(async () => undefined),
    ...overrides,
  };
  render(<LoginForm {...props} />);
  return props;
}

const phone = () => screen.getByLabelText('手机号');
const code = () => screen.getByLabelText('验证码');

describe('LoginForm', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the spec messages for an empty and an invalid phone and a missing code', async () => {
    const props = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('手机号不可为空')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    fireEvent.change(phone(), { target: { value: '12345678901' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入有效的手机号码')).toBeTruthy();
    expect(props.onSmsLogin).not.toHaveBeenCalled();
  });

  it('limits the phone to 11 characters', () => {
    renderForm();
    expect(phone().getAttribute('maxlength')).toBe('11');
  });

  it('asks for the phone before sending a code', async () => {
    const props = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    expect(props.onRequestCode).not.toHaveBeenCalled();
  });

  it('counts down 60 s after a code was sent, disabled, then returns to its label', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const props = renderForm();
    fireEvent.change(phone(), { target: { value: '13800000001' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    });
    expect(props.onRequestCode).toHaveBeenCalledWith('13800000001');
    const button = screen.getByRole('button', { name: '60秒后重新获取' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: '59秒后重新获取' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    const restored = screen.getByRole('button', { name: '获取验证码' });
    expect(restored.hasAttribute('disabled')).toBe(false);
  });

  it('does not start the countdown when sending fails', async () => {
    renderForm({ onRequestCode: vi.fn(async () => Promise.reject(new Error('该手机号未注册'))) });
    fireEvent.change(phone(), { target: { value: '13900000009' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    });
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('submits the SMS form with the hidden remember-me flag', async () => {
    const props = renderForm();
    fireEvent.change(phone(), { target: { value: '13800000001' } });
    fireEvent.change(code(), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登录' }));
    });
    expect(props.onSmsLogin).toHaveBeenCalledWith({ phonenumber: '13800000001', smsCode: '123456', rememberMe: false });
    expect(screen.queryByLabelText(/记住/)).toBeNull();
  });

  it('switches to authorization code by the icon, validates and trims it', async () => {
    const props = renderForm();
    fireEvent.click(screen.getByRole('button', { name: '切换到授权码登录' }));
    expect(screen.queryByLabelText('手机号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入有效授权码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('授权码'), { target: { value: '  OPER-2026-DEMO  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登录' }));
    });
    expect(props.onAuthCodeLogin).toHaveBeenCalledWith('OPER-2026-DEMO');
    fireEvent.click(screen.getByRole('button', { name: '切换到短信登录' }));
    expect(screen.getByLabelText('手机号')).toBeTruthy();
  });
});
