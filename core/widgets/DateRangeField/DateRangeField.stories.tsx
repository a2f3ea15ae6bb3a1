import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { STORY_NOW } from '../storyFrame';
import { DateRangeField, type DateRangeValue } from './DateRangeField';

const fixed = () => STORY_NOW;
const day = 86_400_000;

/** A field that keeps its own value, as a filter bar would. */
function Controlled({ initial, ...rest }: { initial: DateRangeValue; disabled?: boolean; shortcuts?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: 40 }}>
      <DateRangeField value={value} onChange={setValue} now={fixed} {...rest} />
    </div>
  );
}

const meta = {
  title: 'Core/Widgets/DateRangeField',
  component: Controlled,
  args: { initial: {} },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const LastSevenDays: Story = { args: { initial: { begin: STORY_NOW - 6 * day, end: STORY_NOW } } };
export const OnlyBegin: Story = { args: { initial: { begin: STORY_NOW - 2 * day } } };
export const Disabled: Story = { args: { initial: { begin: STORY_NOW - day, end: STORY_NOW }, disabled: true } };
/** The calendar open, in Chinese, for a look at the popover. */
export const CalendarOpen: Story = {
  parameters: { layout: 'padded' },
  args: { initial: { begin: STORY_NOW - 6 * day, end: STORY_NOW } },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLInputElement>('input[aria-label="开始日期"]')?.focus();
  },
};
