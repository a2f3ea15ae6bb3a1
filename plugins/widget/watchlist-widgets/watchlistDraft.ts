import {
  parsePlateTarget,
  WATCHLIST_MAX_INTERVAL_MINUTES,
  WATCHLIST_PHOTO_MAX_BYTES,
  watchlistEventsOf,
  type BodyOf,
  type routes,
  type WatchlistEventType,
  type WatchlistKind,
} from '@ops/contracts';
import { watchlistStrings as t } from './watchlistStrings';

export type CreateBody = BodyOf<typeof routes.watchlists.create>;
export const VALID_DAYS = [1, 7, 30, 90] as const;
const DAY_MS = 86_400_000;

/** What the form holds until 开始布防. */
export interface WatchlistDraft {
  name: string;
  eventType: WatchlistEventType;
  grade: string;
  deviceIds: number[];
  /** Areas (the tenant's named places) whose cameras are deployed, those placed there later too. */
  areas: string[];
  days: number;
  interval: string;
  plates: string;
  people: { name: string; photoId: number; fileName: string }[];
}

export const emptyDraft = (kind: WatchlistKind): WatchlistDraft => ({
  name: '',
  eventType: watchlistEventsOf(kind)[0]!,
  grade: '',
  deviceIds: [],
  areas: [],
  days: 7,
  interval: '10',
  plates: '',
  people: [],
});

/** The plates typed, one a line (or separated by commas). */
export const platesOf = (text: string) =>
  text
    .split(/[\n,，、;；]+/)
    .map((plate) => plate.trim())
    .filter(Boolean);

/** What is wrong with the draft (the first problem, in Chinese), or the body to send; the server checks it all again. */
export function draftBody(kind: WatchlistKind, draft: WatchlistDraft, now: number): { problem: string } | { body: CreateBody } {
  if (!draft.name.trim()) return { problem: t.problems.name };
  if (!draft.deviceIds.length && !draft.areas.length) return { problem: t.problems.cameras };
  const interval = Number(draft.interval);
  if (!Number.isInteger(interval) || interval < 1 || interval > WATCHLIST_MAX_INTERVAL_MINUTES) return { problem: t.problems.interval };
  const body: CreateBody = {
    kind,
    name: draft.name.trim(),
    eventType: draft.eventType,
    deviceIds: draft.deviceIds,
    validFrom: now,
    validUntil: now + draft.days * DAY_MS,
    intervalMinutes: interval,
  };
  if (draft.areas.length) body.areas = draft.areas;
  if (draft.grade === 'ALARM_GRADE_HIGH' || draft.grade === 'ALARM_GRADE_MEDIUM' || draft.grade === 'ALARM_GRADE_LOW')
    body.grade = draft.grade;
  if (kind === 'vehicle') {
    const plates = platesOf(draft.plates);
    if (!plates.length) return { problem: t.problems.plates };
    for (const plate of plates) {
      const parsed = parsePlateTarget(plate);
      if ('problem' in parsed) return { problem: parsed.problem };
    }
    return { body: { ...body, plates } };
  }
  if (!draft.people.length) return { problem: t.problems.people };
  return { body: { ...body, people: draft.people.map(({ name, photoId }) => ({ name, photoId })) } };
}

/** A chosen photo's problem before it is sent (the server tells by its bytes again). */
export function photoProblem(file: File): string | undefined {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return t.problems.photoType;
  if (file.size > WATCHLIST_PHOTO_MAX_BYTES) return t.problems.photoSize;
  return undefined;
}
