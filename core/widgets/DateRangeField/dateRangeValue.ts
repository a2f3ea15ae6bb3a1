import { shanghaiDayEnd, shanghaiDayStart, shanghaiTime } from '../../format/timeFormat';

/** A range of whole days in Asia/Shanghai: `begin` is its first day's 00:00:00.000, `end` its last day's 23:59:59.999 (epoch ms). */
export interface DateRangeValue {
  begin?: number;
  end?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Shanghai calendar day of an instant as a local-midnight `Date` (what the date picker shows and returns). */
export function pickerDay(epoch: number | undefined): Date | null {
  if (epoch === undefined) return null;
  const day = shanghaiTime(epoch);
  return day ? new Date(day.year, day.month - 1, day.day) : null;
}

/** `YYYY-MM-DD` of a picker day (its local calendar fields). */
export function dayText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A typed `YYYY-MM-DD` (also `YYYY/M/D`, `YYYY.M.D`, `YYYY年M月D日`) as a picker day, or false when it is not a date. */
export function parseDayText(text: string): Date | false {
  const match = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : false;
}

/** Picker days to the Shanghai range they stand for. */
export function rangeOfDays(begin: Date | null, end: Date | null): DateRangeValue {
  const value: DateRangeValue = {};
  if (begin && !Number.isNaN(begin.getTime())) value.begin = shanghaiDayStart(dayText(begin)) ?? undefined;
  if (end && !Number.isNaN(end.getTime())) value.end = shanghaiDayEnd(dayText(end)) ?? undefined;
  return value;
}

/** Today in Shanghai as a picker day, and the day `offset` days from it. */
export function shanghaiToday(now: number, offset = 0): Date {
  const today = pickerDay(now)!;
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
}
