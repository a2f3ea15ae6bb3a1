import { useEffect, useRef, useState } from 'react';
import { Button, HTMLSelect, Slider } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import type { FlightReplay } from '@ops/contracts';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import { advanceReplay, REPLAY_SPEEDS } from './replayTimeline';
import type { Loadable } from '@ops/sdk';

/** The replay clock moves this often while playing (the UAV is redrawn at each step). */
const REPLAY_STEP_MS = 200;

export interface ReplayClock {
  at: number;
  playing: boolean;
  speed: number;
  setAt(at: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
}

/** The replay's clock over a track from `start` to `end`: starts at the beginning, paused; playing moves it at its speed until the end. */
export function useReplayClock(start: number, end: number): ReplayClock {
  const [at, setAt] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(10);
  useEffect(() => {
    setAt(start);
    setPlaying(false);
  }, [start]);
  const last = useRef(0);
  useEffect(() => {
    if (!playing) return;
    last.current = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const elapsed = now - last.current;
      last.current = now;
      setAt((current) => {
        const next = advanceReplay(current, elapsed, speed, end);
        if (next >= end) setPlaying(false);
        return next;
      });
    }, REPLAY_STEP_MS);
    return () => window.clearInterval(timer);
  }, [end, playing, speed]);
  return { at, playing, speed, setAt, setPlaying, setSpeed };
}

/** The replay's timeline: play/pause, speed (1×–60×), and a scrubber to drag through the flight. */
export function ReplayBar({ replay, clock, onClose }: { replay: Loadable<FlightReplay>; clock: ReplayClock; onClose(): void }) {
  const data = replay.data;
  const start = data?.track[0]?.at ?? 0;
  const end = data?.track.at(-1)?.at ?? start;
  const atEnd = clock.at >= end;
  return (
    <PanelBox title={data ? t.replayTitle(data.deviceName, data.flight.flightId) : t.replayLoading} className="low-altitude__replay">
      <WidgetState
        status={replay.status}
        empty={!data || data.track.length < 2}
        {...(replay.error ? { error: replay.error } : {})}
        emptyText={t.replayEmpty}
      >
        <div className="low-altitude__timeline" data-replay-at={Math.round(clock.at)}>
          <Button
            icon={clock.playing ? 'pause' : 'play'}
            aria-label={clock.playing ? t.pause : t.play}
            onClick={() => {
              if (!clock.playing && atEnd) clock.setAt(start);
              clock.setPlaying(!clock.playing);
            }}
          />
          <HTMLSelect
            aria-label={t.replaySpeed}
            value={clock.speed}
            minimal
            onChange={(event) => clock.setSpeed(Number(event.currentTarget.value))}
            options={REPLAY_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
          />
          <div className="low-altitude__slider">
            <Slider
              min={start}
              max={Math.max(end, start + 1)}
              stepSize={1000}
              value={Math.min(Math.max(clock.at, start), end)}
              labelRenderer={false}
              handleHtmlProps={{ 'aria-label': t.replayPosition }}
              onChange={(value) => {
                clock.setPlaying(false);
                clock.setAt(value);
              }}
            />
          </div>
          <span className="low-altitude__clock">{formatMonthDayTime(clock.at)}</span>
          <Button small minimal icon="cross" aria-label={t.closeReplay} onClick={onClose} />
        </div>
      </WidgetState>
      {replay.status !== 'ready' && <Button small minimal icon="cross" aria-label={t.closeReplay} onClick={onClose} />}
    </PanelBox>
  );
}
