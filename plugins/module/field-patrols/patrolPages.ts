import type { PatrolKind } from '@ops/contracts';

/** The six pages (their child menu names) and the kind of routes each shows. */
export const PATROL_PAGES = {
  cityPatrol: { kind: 'cityPatrol', title: '城市巡查' },
  greenCheckIn: { kind: 'greening', title: '绿化打卡' },
  sanitationCheckIn: { kind: 'sanitation', title: '环卫打卡' },
  lawCityPatrol: { kind: 'lawPatrol', title: '执法巡查' },
  lawGreenCheckIn: { kind: 'greening', title: '绿化打卡' },
  lawSanitationCheckIn: { kind: 'sanitation', title: '环卫打卡' },
} as const satisfies Record<string, { kind: PatrolKind; title: string }>;
export type PatrolPage = keyof typeof PATROL_PAGES;

export const isPatrolPage = (name: string | undefined): name is PatrolPage =>
  name !== undefined && Object.prototype.hasOwnProperty.call(PATROL_PAGES, name);

/** A positive integer from a query parameter, else null. */
export function positiveInteger(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** hh:mm of a minute of the day. */
export const clockOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
