import type { SituationEvent } from '@ops/contracts';

/** The playback speeds offered (spec: 1× to 60×). */
export const REPLAY_SPEEDS = [1, 5, 10, 30, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Where the replay stands: the window shown (the past day when opened), the cursor in it, and whether it plays. */
export interface ReplayClock {
  from: number;
  to: number;
  cursor: number;
  playing: boolean;
  speed: ReplaySpeed;
}

/** How far back the cursor starts when the replay opens: an hour before now, paused. */
export const REPLAY_START_BACK_MS = 3_600_000;

export function openClock(now: number, windowMs: number): ReplayClock {
  return { from: now - windowMs, to: now, cursor: Math.max(now - windowMs, now - REPLAY_START_BACK_MS), playing: false, speed: 1 };
}

const clamp = (clock: ReplayClock, at: number) => Math.min(clock.to, Math.max(clock.from, Math.round(at)));

/** The cursor moved by hand (drag, keys, a jump): it stays inside the window. */
export function seek(clock: ReplayClock, at: number): ReplayClock {
  return { ...clock, cursor: clamp(clock, at) };
}

/** Real time passed while playing: the cursor moves `speed` times as far, and stops (paused) at the window's end. */
export function advance(clock: ReplayClock, elapsedMs: number): ReplayClock {
  if (!clock.playing || elapsedMs <= 0) return clock;
  const cursor = clamp(clock, clock.cursor + elapsedMs * clock.speed);
  return { ...clock, cursor, playing: cursor < clock.to };
}

/** Play or pause; playing from the window's end starts again at its beginning. */
export function togglePlay(clock: ReplayClock): ReplayClock {
  if (clock.playing) return { ...clock, playing: false };
  return { ...clock, playing: true, cursor: clock.cursor >= clock.to ? clock.from : clock.cursor };
}

export function setSpeed(clock: ReplayClock, speed: ReplaySpeed): ReplayClock {
  return { ...clock, speed };
}

/**
 * The time of the next alarm raised after the cursor (direction 1) or the last one before it (-1), within
 * the window; undefined when there is none. A second's slack, so standing on an alarm and asking for the
 * next one moves on rather than staying.
 */
export function adjacentAlarm(clock: ReplayClock, events: readonly SituationEvent[], direction: 1 | -1): number | undefined {
  const alarms = events.filter((event) => event.kind === 'alarmRaised' && event.at >= clock.from && event.at <= clock.to);
  if (direction === 1) return alarms.find((event) => event.at > clock.cursor + 999)?.at;
  return alarms.findLast((event) => event.at < clock.cursor - 999)?.at;
}

/**
 * Loads the situation of the newest time asked for, with at most one request in flight: a time asked for
 * while one runs replaces any other waiting, and is loaded when the running one ends. What ends after
 * `dispose` is dropped.
 */
export class LatestRequest<T> {
  private wanted: number | undefined;
  private running = false;
  private disposed = false;

  constructor(
    private readonly load: (at: number) => Promise<T>,
    private readonly onLoaded: (at: number, result: T) => void,
    private readonly onFailed: (at: number, error: unknown) => void,
    /** Told when a request starts with none in flight (true) and when the last one ends (false). */
    private readonly onBusy: (busy: boolean) => void = () => undefined,
  ) {}

  get inFlight(): boolean {
    return this.running;
  }

  request(at: number): void {
    if (this.disposed) return;
    this.wanted = at;
    if (!this.running) void this.run();
  }

  dispose(): void {
    this.disposed = true;
    this.wanted = undefined;
  }

  private async run(): Promise<void> {
    this.running = true;
    this.onBusy(true);
    while (this.wanted !== undefined && !this.disposed) {
      const at = this.wanted;
      this.wanted = undefined;
      try {
        const result = await this.load(at);
        if (!this.disposed) this.onLoaded(at, result);
      } catch (error) {
        if (!this.disposed) this.onFailed(at, error);
      }
    }
    this.running = false;
    if (!this.disposed) this.onBusy(false);
  }
}
