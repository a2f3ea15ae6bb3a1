import { Button } from '@blueprintjs/core';
import { DateRangeInput, type DateRange, type DateRangeShortcut } from '@blueprintjs/datetime';
import zhCN from 'date-fns/locale/zh-CN';
import { useMemo } from 'react';
import { widgetStrings as t } from '../widgetStrings';
import { dayText, parseDayText, pickerDay, rangeOfDays, shanghaiToday, type DateRangeValue } from './dateRangeValue';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './DateRangeField.css';

export type { DateRangeValue };

export interface DateRangeFieldProps {
  /** The chosen days (Asia/Shanghai), either end open. */
  value: DateRangeValue;
  onChange(value: DateRangeValue): void;
  /** The group's accessible name; default 日期范围. */
  label?: string;
  beginLabel?: string;
  endLabel?: string;
  /** Earliest and latest days that may be chosen (epoch ms); default 20 years ago to today. */
  minDate?: number;
  maxDate?: number;
  /** Offer 今天, 最近 7 天 … in the calendar; default true. */
  shortcuts?: boolean;
  disabled?: boolean;
  fill?: boolean;
  /** Where "today" comes from (stories fix it); default `Date.now`. */
  now?: () => number;
}

/**
 * A range of days picked in Blueprint's calendar in Chinese (date-fns zh-CN: 2026年11月, weeks from
 * Monday) or typed as YYYY-MM-DD; both ends optional, read as whole days in Asia/Shanghai whatever the
 * browser's zone. Shortcuts 今天, 昨天, 最近 7 天, 最近 30 天, 本月, 上月.
 */
export function DateRangeField({
  value,
  onChange,
  label = t.dateRange,
  beginLabel = t.beginDate,
  endLabel = t.endDate,
  minDate,
  maxDate,
  shortcuts = true,
  disabled,
  fill,
  now = Date.now,
}: DateRangeFieldProps) {
  const today = now();
  const range: DateRange = [pickerDay(value.begin), pickerDay(value.end)];
  const presets = useMemo<DateRangeShortcut[]>(() => {
    const day = (offset: number) => shanghaiToday(today, offset);
    const first = shanghaiToday(today);
    first.setDate(1);
    const lastMonthStart = new Date(first.getFullYear(), first.getMonth() - 1, 1);
    const lastMonthEnd = new Date(first.getFullYear(), first.getMonth(), 0);
    return [
      { label: t.shortcuts.today, dateRange: [day(0), day(0)] },
      { label: t.shortcuts.yesterday, dateRange: [day(-1), day(-1)] },
      { label: t.shortcuts.last7Days, dateRange: [day(-6), day(0)] },
      { label: t.shortcuts.last30Days, dateRange: [day(-29), day(0)] },
      { label: t.shortcuts.thisMonth, dateRange: [first, day(0)] },
      { label: t.shortcuts.lastMonth, dateRange: [lastMonthStart, lastMonthEnd] },
    ];
    // A new "today" only matters once a day: key the shortcuts on the day, not the millisecond.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dayText(shanghaiToday(today))]);
  const hasValue = value.begin !== undefined || value.end !== undefined;
  return (
    <div className={`ops-date-range${fill ? ' ops-date-range--fill' : ''}`} role="group" aria-label={label}>
      <DateRangeInput
        value={range}
        onChange={([begin, end]) => onChange(rangeOfDays(begin, end))}
        locale={zhCN}
        formatDate={dayText}
        parseDate={parseDayText}
        placeholder="YYYY-MM-DD"
        allowSingleDayRange
        shortcuts={shortcuts ? presets : false}
        singleMonthOnly={false}
        minDate={minDate !== undefined ? (pickerDay(minDate) ?? undefined) : shanghaiToday(today, -365 * 20)}
        maxDate={maxDate !== undefined ? (pickerDay(maxDate) ?? undefined) : shanghaiToday(today)}
        invalidDateMessage={t.invalidDate}
        outOfRangeMessage={t.outOfRange}
        overlappingDatesMessage={t.overlappingDates}
        disabled={disabled}
        fill={fill}
        startInputProps={{ 'aria-label': beginLabel, placeholder: beginLabel, leftIcon: 'calendar' }}
        endInputProps={{ 'aria-label': endLabel, placeholder: endLabel }}
        popoverProps={{ placement: 'bottom-start' }}
      />
      {hasValue && !disabled ? <Button variant="minimal" icon="cross" aria-label={t.clearDates} onClick={() => onChange({})} /> : null}
    </div>
  );
}

export default DateRangeField;
