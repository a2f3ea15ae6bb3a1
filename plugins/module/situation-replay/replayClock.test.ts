import { describe, expect, it, vi } from 'vitest';
import { adjacentAlarm, advance, LatestRequest, openClock, seek, setSpeed, togglePlay } from './replayClock';
import { STORY_NOW, storyClock } from './storyData';

const HOUR = 3_600_000;
const events = [
  { at: STORY_NOW - 10 * HOUR, kind: 'alarmRaised', label: 'a', alarmId: 1 },
  { at: STORY_NOW - 6 * HOUR, kind: 'deviceOffline', label: 'd', deviceId: 9 },
  { at: STORY_NOW - 3 * HOUR, kind: 'alarmRaised', label: 'b', alarmId: 2 },
  { at: STORY_NOW - 2 * HOUR, kind: 'alarmClosed', label: 'b', alarmId: 2 },
];

describe('the replay clock', () => {
  it('opens on the past day, an hour back, paused at 1×', () => {
    expect(openClock(STORY_NOW, 24 * HOUR)).toEqual({
      from: STORY_NOW - 24 * HOUR,
      to: STORY_NOW,
      cursor: STORY_NOW - HOUR,
      playing: false,
      speed: 1,
    });
  });

  it('moves the cursor speed times as far as real time while playing, not while paused, and stops at the end', () => {
    const paused = setSpeed(storyClock, 30);
    expect(advance(paused, 1000).cursor).toBe(storyClock.cursor);
    const playing = togglePlay(paused);
    expect(advance(playing, 1000).cursor).toBe(storyClock.cursor + 30_000);
    expect(advance(setSpeed(playing, 60), 250).cursor).toBe(storyClock.cursor + 15_000);
    const atEnd = advance(playing, 24 * HOUR);
    expect(atEnd).toMatchObject({ cursor: STORY_NOW, playing: false });
    // Playing again from the end starts over at the window's beginning; pausing keeps the cursor.
    expect(togglePlay(atEnd)).toMatchObject({ cursor: STORY_NOW - 24 * HOUR, playing: true });
    expect(togglePlay(playing)).toMatchObject({ cursor: storyClock.cursor, playing: false });
  });

  it('keeps a dragged cursor inside the window', () => {
    expect(seek(storyClock, STORY_NOW + HOUR).cursor).toBe(STORY_NOW);
    expect(seek(storyClock, 0).cursor).toBe(STORY_NOW - 24 * HOUR);
    expect(seek(storyClock, STORY_NOW - HOUR + 0.4).cursor).toBe(STORY_NOW - HOUR);
  });

  it('jumps to the next and the previous alarm raised, never to other marks, and moves on from one it stands on', () => {
    const at = (cursor: number) => ({ ...storyClock, cursor });
    expect(adjacentAlarm(at(STORY_NOW - 12 * HOUR), events, 1)).toBe(STORY_NOW - 10 * HOUR);
    expect(adjacentAlarm(at(STORY_NOW - 10 * HOUR), events, 1)).toBe(STORY_NOW - 3 * HOUR);
    expect(adjacentAlarm(at(STORY_NOW - 3 * HOUR), events, 1)).toBeUndefined();
    expect(adjacentAlarm(at(STORY_NOW - 3 * HOUR), events, -1)).toBe(STORY_NOW - 10 * HOUR);
    expect(adjacentAlarm(at(STORY_NOW - 11 * HOUR), events, -1)).toBeUndefined();
  });
});

describe('LatestRequest', () => {
  it('keeps at most one request in flight and loads only the newest time asked for meanwhile', async () => {
    const pending: { at: number; resolve(value: string): void }[] = [];
    const load = vi.fn((at: number) => new Promise<string>((resolve) => pending.push({ at, resolve })));
    const loaded: [number, string][] = [];
    const busy: boolean[] = [];
    const latest = new LatestRequest(
      load,
      (at, result) => loaded.push([at, result]),
      () => undefined,
      (value) => busy.push(value),
    );
    latest.request(1);
    latest.request(2);
    latest.request(3);
    expect(load).toHaveBeenCalledTimes(1);
    expect(latest.inFlight).toBe(true);
    pending[0]!.resolve('one');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    // 2 was skipped: 3 replaced it while 1 was in flight.
    expect(load.mock.calls.map(([at]) => at)).toEqual([1, 3]);
    pending[1]!.resolve('three');
    await vi.waitFor(() => expect(latest.inFlight).toBe(false));
    expect(loaded).toEqual([
      [1, 'one'],
      [3, 'three'],
    ]);
    expect(busy).toEqual([true, false]);
  });

  it('reports a failure and goes on; drops what ends after it is disposed', async () => {
    const failures: number[] = [];
    const loaded: number[] = [];
    let fail = true;
    let finish: (() => void) | undefined;
    const latest = new LatestRequest(
      (at: number) => (fail ? Promise.reject(new Error('断网')) : new Promise<number>((resolve) => (finish = () => resolve(at)))),
      (at) => loaded.push(at),
      (at) => failures.push(at),
    );
    latest.request(5);
    await vi.waitFor(() => expect(failures).toEqual([5]));
    fail = false;
    latest.request(6);
    await vi.waitFor(() => expect(finish).toBeDefined());
    latest.dispose();
    finish!();
    await Promise.resolve();
    expect(loaded).toEqual([]);
    latest.request(7);
    expect(latest.inFlight).toBe(false);
  });
});
