/**
 * Times and numbers as operators read them (spec section 9): `YYYY-MM-DD HH:mm:ss`, `MM-DD HH:mm:ss`,
 * `YY-MM-DD`, durations as `h:mm:ss`, weekdays in Chinese, and figures grouped the Chinese way with
 * 万 / 亿 for large values.
 *
 * Every time is shown in China Standard Time (Asia/Shanghai), whatever zone the machine running the
 * browser (or the test) is set to. China has kept UTC+08:00 without daylight saving since 1991, so the
 * wall clock is plain arithmetic on the epoch: no Intl time-zone lookups in table cells.
 */

/** Asia/Shanghai's offset from UTC: +08:00 all year. */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

/** The wall-clock fields of an instant in Asia/Shanghai. `weekday`: 0 = Sunday. */
export interface ShanghaiTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** A time as epoch milliseconds, a `Date`, or an ISO string. */
export type TimeInput = number | Date | string;

function toEpoch(time: TimeInput): number {
  if (typeof time === 'number') return time;
  if (time instanceof Date) return time.getTime();
  return new Date(time).getTime();
}

/** The Asia/Shanghai wall-clock fields of a time, or null when it is not a valid time. */
export function shanghaiTime(time: TimeInput): ShanghaiTime | null {
  const epoch = toEpoch(time);
  if (!Number.isFinite(epoch)) return null;
  const wall = new Date(epoch + SHANGHAI_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** What an empty or invalid time shows. */
export const NO_VALUE = '—';

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (spec section 9). */
export function formatDateTime(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}` : NO_VALUE;
}

/** `MM-DD HH:mm:ss` in Asia/Shanghai (spec section 9): lists of recent events. */
export function formatMonthDayTime(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}` : NO_VALUE;
}

/** `YY-MM-DD` in Asia/Shanghai (spec section 9). */
export function formatShortDate(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${pad(t.year % 100)}-${pad(t.month)}-${pad(t.day)}` : NO_VALUE;
}

/** `YYYY-MM-DD` in Asia/Shanghai: a calendar day. */
export function formatDate(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${t.year}-${pad(t.month)}-${pad(t.day)}` : NO_VALUE;
}

/** `HH:mm:ss` in Asia/Shanghai. */
export function formatTime(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}` : NO_VALUE;
}

/** `MM-DD HH:mm` in Asia/Shanghai: chart axes over a few days. */
export function formatMonthDayMinute(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}` : NO_VALUE;
}

/** `HH:mm` in Asia/Shanghai: chart axes within a day. */
export function formatHourMinute(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : NO_VALUE;
}

/** The weekday in Chinese (星期一 … 星期日) in Asia/Shanghai. */
export function formatWeekday(time: TimeInput | null | undefined): string {
  const t = time == null ? null : shanghaiTime(time);
  return t ? WEEKDAYS[t.weekday]! : NO_VALUE;
}

/**
 * A duration in milliseconds as `h:mm:ss` (spec section 9): hours are not wrapped at 24, so a day and
 * a half reads `36:00:00`. Negative durations keep their sign; fractions of a second are dropped.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return NO_VALUE;
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${sign}${hours}:${pad(minutes)}:${pad(total % 60)}`;
}

/** A calendar day `YYYY-MM-DD` read as Asia/Shanghai: its first millisecond (00:00:00.000), or null if it is not a day. */
export function shanghaiDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return utc - SHANGHAI_OFFSET_MS;
}

/** A calendar day `YYYY-MM-DD` read as Asia/Shanghai: its last millisecond (23:59:59.999), or null if it is not a day. */
export function shanghaiDayEnd(day: string): number | null {
  const start = shanghaiDayStart(day);
  return start === null ? null : start + DAY_MS - 1;
}

// ── Numbers ──────────────────────────────────────────────────────────────────────────────────────────

const numberFormats = new Map<number, Intl.NumberFormat>();
function grouped(value: number, maximumFractionDigits: number): string {
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('zh-CN', { maximumFractionDigits, useGrouping: true });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}

/** From this size on a figure is shown in 万 (below it, grouped in full: 12,345 and 99,999). */
export const WAN_FROM = 100_000;
/** From this size on a figure is shown in 亿. */
export const YI_FROM = 100_000_000;

export interface NumberParts {
  /** The digits, grouped (`12,345`, `12.35`). */
  digits: string;
  /** `万`, `亿`, or empty when the figure is shown in full. */
  scale: '' | '万' | '亿';
}

export interface NumberFormatOptions {
  /** Decimal places at most (trailing zeros are dropped); default 2. */
  maximumFractionDigits?: number;
}

/** A figure split into its digits and its Chinese scale, e.g. 1,234,567 → `{ digits: '123.46', scale: '万' }`. */
export function formatNumberParts(value: number, options: NumberFormatOptions = {}): NumberParts {
  const digits = options.maximumFractionDigits ?? 2;
  if (!Number.isFinite(value)) return { digits: NO_VALUE, scale: '' };
  const size = Math.abs(value);
  if (size >= YI_FROM) return { digits: grouped(value / YI_FROM, 2), scale: '亿' };
  if (size >= WAN_FROM) return { digits: grouped(value / 10_000, 2), scale: '万' };
  return { digits: grouped(value, digits), scale: '' };
}

/** A figure with zh-CN grouping, in 万 or 亿 when large: `12,345`, `12.35万`, `3.2亿`; `—` for no value. */
export function formatNumber(value: number | null | undefined, options: NumberFormatOptions = {}): string {
  if (value == null) return NO_VALUE;
  const parts = formatNumberParts(value, options);
  return `${parts.digits}${parts.scale}`;
}

/** A ratio (0.125) as a percentage (`12.5%`), one decimal at most. */
export function formatPercent(ratio: number | null | undefined, maximumFractionDigits = 1): string {
  if (ratio == null || !Number.isFinite(ratio)) return NO_VALUE;
  return `${grouped(ratio * 100, maximumFractionDigits)}%`;
}
