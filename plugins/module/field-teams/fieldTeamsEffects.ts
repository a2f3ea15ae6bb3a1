import type { FieldMember, FieldPosition } from '@ops/contracts';

/** The effect id of a team page's people: a click on one reaches the layer as `<id>#<member id>`. */
export const PEOPLE_EFFECT_ID = 'field-teams:people';
/** The selected member's track today. */
export const TRACK_EFFECT_ID = 'field-teams:track';
/** A line trail of more points than this is thinned (every n-th point, the last kept): a day at 1 Hz is 86,400. */
export const TRACK_MAX_POINTS = 600;
/** Metres above the ground the track floats at, so the globe's surface does not hide it. */
const TRACK_HEIGHT = 3;
const ON_DUTY_COLOR = '#22d3ee';
const OFF_DUTY_COLOR = '#8f99a8';

/** One subject of the movingSubjects effect (plugins/map-effect/moving-subjects). */
export interface MapSubject {
  id: string;
  kind: 'person' | 'uav';
  longitude: number;
  latitude: number;
  heading?: number;
  label?: string;
  color?: string;
  selected?: boolean;
}

/**
 * The team's people on the map: each member with a known position (the newest of the list's and the
 * live pushes'), named, cyan when on duty and grey when off, the selected one marked.
 */
export function teamSubjects(
  members: readonly FieldMember[],
  positions: ReadonlyMap<number, FieldPosition>,
  selectedId: number | null,
): MapSubject[] {
  const subjects: MapSubject[] = [];
  for (const member of members) {
    const live = positions.get(member.memberId);
    const last = member.lastPosition;
    const position = live && (!last || live.at >= last.at) ? live : last;
    if (!position) continue;
    subjects.push({
      id: String(member.memberId),
      kind: 'person',
      longitude: position.longitude,
      latitude: position.latitude,
      ...(position.heading === null ? {} : { heading: position.heading }),
      label: member.name,
      color: member.onDuty ? ON_DUTY_COLOR : OFF_DUTY_COLOR,
      selected: member.memberId === selectedId,
    });
  }
  return subjects;
}

/** A track as a line trail's flat [lng, lat, height] list, thinned to TRACK_MAX_POINTS; null when under two points. */
export function trackLine(track: readonly FieldPosition[]): number[] | null {
  if (track.length < 2) return null;
  const step = Math.ceil(track.length / TRACK_MAX_POINTS);
  const line: number[] = [];
  for (let index = 0; index < track.length; index += step) line.push(track[index]!.longitude, track[index]!.latitude, TRACK_HEIGHT);
  const last = track[track.length - 1]!;
  if ((track.length - 1) % step !== 0) line.push(last.longitude, last.latitude, TRACK_HEIGHT);
  return line;
}

/** The member a click on the people effect names (`field-teams:people#12` → 12), or null. */
export function clickedMember(effectId: string): number | null {
  const match = /^field-teams:people#(\d+)$/.exec(effectId);
  return match ? Number(match[1]) : null;
}
