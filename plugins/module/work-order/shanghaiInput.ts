import { shanghaiTime } from '@ops/sdk';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value read as Asia/Shanghai wall time (as every time on screen is shown), or undefined. */
export function parseShanghaiInput(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute) - SHANGHAI_OFFSET_MS;
}

/** Epoch ms as a `datetime-local` value in Asia/Shanghai. */
export function toShanghaiInput(time: number): string {
  const t = shanghaiTime(time);
  if (!t) return '';
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}
