import type { Meta, StoryObj } from '@storybook/react-vite';
import { IncomingCallCard } from './IncomingCallCard';

const meta = {
  title: 'Core/Session/IncomingCallCard',
  component: IncomingCallCard,
  parameters: { layout: 'fullscreen' },
  args: { call: { fromName: '值班员李强', name: '群组4821' }, mayAnswer: true, onAnswer: () => undefined, onRefuse: () => undefined },
} satisfies Meta<typeof IncomingCallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Incoming: Story = {};
export const WithoutIntercomPermission: Story = { args: { mayAnswer: false } };
