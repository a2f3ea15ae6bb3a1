import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeviceTable } from './DeviceTable';
import { deviceKind, fakeRows } from '@ops/sdk/testing';

const lamp = deviceKind('lamp');
const noop = () => undefined;

const meta = {
  title: 'Plugins/DeviceCenter/DeviceTable',
  component: DeviceTable,
  parameters: { layout: 'padded' },
  args: {
    kind: lamp,
    total: 10_000,
    rows: fakeRows(lamp, 10_000),
    selectedIds: new Set([2, 3]),
    activeId: 1,
    onToggle: noop,
    onOpen: noop,
    height: 400,
  },
} satisfies Meta<typeof DeviceTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TenThousandLamps: Story = {};
export const PagesStillLoading: Story = { args: { rows: fakeRows(lamp, 5), total: 400 } };
export const Empty: Story = { args: { rows: [], total: 0 } };
export const EnvironmentSensors: Story = { args: { kind: deviceKind('envir'), rows: fakeRows(deviceKind('envir'), 30), total: 30 } };
