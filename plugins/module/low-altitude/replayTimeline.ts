import type { FlightTrackPoint } from '@ops/contracts';

/** The replay's speeds (× real time). */
export const REPLAY_SPEEDS = [1, 5, 10, 30, 60] as const;

/**
 * Where the UAV was at `at` on its stored track: between the two fixes around it, interpolated (heading
 * taken from the earlier); before the first fix the first, after the last the last. Null for no track.
 */
export function pointAt(track: readonly FlightTrackPoint[], at: number): FlightTrackPoint | null {
  if (!track.length) return null;
  const first = track[0]!;
  const last = track.at(-1)!;
  if (at <= first.at) return first;
  if (at >= last.at) return last;
  let low = 0;
  let high = track.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (track[middle]!.at <= at) low = middle;
    else high = middle;
  }
  const before = track[low]!;
  const after = track[high]!;
  const share = (at - before.at) / (after.at - before.at);
  return {
    at,
    longitude: before.longitude + (after.longitude - before.longitude) * share,
    latitude: before.latitude + (after.latitude - before.latitude) * share,
    altitude: before.altitude + (after.altitude - before.altitude) * share,
    heading: before.heading,
    speed: before.speed,
  };
}

/** The replay clock moved on by `elapsedMs` of real time at `speed`, stopped at the end. */
export const advanceReplay = (at: number, elapsedMs: number, speed: number, end: number) => Math.min(end, at + elapsedMs * speed);
