import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LoginForm } from './LoginForm';

const meta = {
  title: 'Core/Login/LoginForm',
  component: LoginForm,
  args: {
    onRequestCode: async () => undefined,
    onSmsLogin: async () => undefined,
    onAuthCodeLogin: async () => undefined,
  },
  decorators: [(Story) => <div style={{ width: 400 }}>{Story()}</div>],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SmsMode: Story = {};

export const AuthCodeMode: Story = { args: { initialMode: 'authCode' } };

export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(await canvas.findByText('手机号不可为空')).toBeTruthy();
    await expect(canvas.getByText('请输入验证码')).toBeTruthy();
  },
};

export const InvalidPhone: Story = {
  args: { initialValues: { phonenumber: '12012345678' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(await canvas.findByText('请输入有效的手机号码')).toBeTruthy();
  },
};

export const CodeWithoutPhone: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await expect(await canvas.findByText('请输入手机号码')).toBeTruthy();
  },
};

export const EmptyAuthCode: Story = {
  args: { initialMode: 'authCode' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(await canvas.findByText('请输入有效授权码')).toBeTruthy();
  },
};

export const Countdown: Story = {
  args: { initialValues: { phonenumber: '13800000001' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    const button = await canvas.findByRole('button', { name: '60秒后重新获取' });
    await expect(button).toBeDisabled();
  },
};

export const NoPermission: Story = { args: { initialMode: 'authCode', message: '该账号没有权限，请联系管理员！' } };
