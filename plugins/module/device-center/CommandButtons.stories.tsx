import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CommandButtons } from './CommandButtons';
import { deviceKind } from '@ops/sdk/testing';

const meta = {
  title: 'Plugins/DeviceCenter/CommandButtons',
  component: CommandButtons,
  args: { commands: deviceKind('lamp').commands ?? [], targetLabel: '江南大道智慧灯杆-001', onSend: async () => undefined },
} satisfies Meta<typeof CommandButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LampCommands: Story = {};
export const Disabled: Story = { args: { disabled: true } };
export const DimmingAsksForBrightness: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^调光/ }));
    await expect(await within(document.body).findByRole('dialog', { name: '调光：参数' })).toBeTruthy();
  },
};
export const ScreenCommands: Story = { args: { commands: deviceKind('screen').commands ?? [] } };
