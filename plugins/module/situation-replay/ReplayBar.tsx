import { Button, Callout, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { SituationEvent } from '@ops/contracts';
import { REPLAY_SPEEDS, type ReplayClock, type ReplaySpeed } from './replayClock';
import { dayTimeOf, hourOf, replayStrings as t } from './replayStrings';
import './ReplayBar.css';

export interface ReplayBarProps {
  clock: ReplayClock;
  /** The window's marks (null while they load). */
  events: readonly SituationEvent[] | null;
  eventsCapped?: boolean;
  eventsError?: string | null;
  /** What the globe shows at the cursor, in words (counts), or null before the first answer. */
  summary: string | null;
  loading: boolean;
  situationError?: string | null;
  /** The cursor moved by hand; `dragging` while the pointer is still down. */
  onSeek(at: number, dragging: boolean): void;
  onTogglePlay(): void;
  onSpeed(speed: ReplaySpeed): void;
  onJump(direction: 1 | -1): void;
  onRetry(): void;
  onClose(): void;
  /** The instant and the open alarms of the situation on the globe (data attributes, for tests and tools). */
  shown?: { at: number; alarmIds: readonly number[] } | null;
  /** Whether there is an alarm before / after the cursor. */
  canJump: { previous: boolean; next: boolean };
}

const HOUR = 3_600_000;
const tickClass = (kind: string) => (kind.startsWith('alarm') ? 'is-alarm' : kind.startsWith('device') ? 'is-device' : 'is-other');

/**
 * The replay's timeline bar at the bottom of a map page: play/pause, speed, jumps between alarms, the
 * time shown (回放中 …), and the track of the window with its marks and a cursor that is dragged, clicked or
 * moved with the arrow keys (a minute; an hour with Shift).
 */
export function ReplayBar(props: ReplayBarProps) {
  const { clock, events, summary, loading } = props;
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const span = Math.max(1, clock.to - clock.from);
  const fraction = (at: number) => Math.min(1, Math.max(0, (at - clock.from) / span));
  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return clock.cursor;
    return clock.from + ((clientX - box.left) / box.width) * span;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    props.onSeek(timeAt(event.clientX), true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) props.onSeek(timeAt(event.clientX), true);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    props.onSeek(timeAt(event.clientX), false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? HOUR : 60_000;
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowRight: step, ArrowDown: -step, ArrowUp: step };
    if (event.key === 'Home') props.onSeek(clock.from, false);
    else if (event.key === 'End') props.onSeek(clock.to, false);
    else if (moves[event.key] !== undefined) props.onSeek(clock.cursor + moves[event.key]!, false);
    else return;
    event.preventDefault();
  };
  // Hour labels every 6 hours of the window, on whole hours.
  const labels: number[] = [];
  for (let at = Math.ceil(clock.from / HOUR) * HOUR; at <= clock.to; at += HOUR) if (Math.round(at / HOUR) % 6 === 0) labels.push(at);

  return (
    <section
      className="replay-bar bp6-dark"
      aria-label={t.bar}
      data-situation-at={props.shown?.at ?? ''}
      data-alarm-ids={props.shown?.alarmIds.join(',') ?? ''}
    >
      <div className="replay-bar__controls">
        <Button
          icon={clock.playing ? 'pause' : 'play'}
          aria-label={clock.playing ? t.pause : t.play}
          title={clock.playing ? t.pause : t.play}
          intent="primary"
          onClick={props.onTogglePlay}
        />
        <HTMLSelect
          aria-label={t.speed}
          value={clock.speed}
          onChange={(event) => {
            const speed = REPLAY_SPEEDS.find((value) => String(value) === event.currentTarget.value);
            if (speed) props.onSpeed(speed);
          }}
          options={REPLAY_SPEEDS.map((speed) => ({ value: speed, label: t.speedLabel(speed) }))}
        />
        <Button icon="step-backward" text={t.previousAlarm} disabled={!props.canJump.previous} onClick={() => props.onJump(-1)} />
        <Button icon="step-forward" text={t.nextAlarm} disabled={!props.canJump.next} onClick={() => props.onJump(1)} />
        <span role="status" aria-live="polite">
          <Tag className="replay-bar__now" intent="warning" large>
            {t.replaying(clock.cursor)}
          </Tag>
        </span>
        <span className="replay-bar__summary">
          {loading ? <Spinner size={14} aria-label={t.loading} /> : null}
          {props.situationError ? (
            <span className="replay-bar__error" role="alert">
              {t.situationFailed(props.situationError)} <Button small minimal text={t.retry} onClick={props.onRetry} />
            </span>
          ) : (
            (summary ?? '')
          )}
        </span>
        <span className="replay-bar__paused">{t.livePaused}</span>
        <Button icon="cross" text={t.close} onClick={props.onClose} />
      </div>
      <div
        ref={track}
        className="replay-bar__track"
        role="slider"
        tabIndex={0}
        aria-label={t.cursor}
        aria-valuemin={clock.from}
        aria-valuemax={clock.to}
        aria-valuenow={clock.cursor}
        aria-valuetext={dayTimeOf(clock.cursor)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <div className="replay-bar__played" style={{ width: `${fraction(clock.cursor) * 100}%` }} />
        <ul className="replay-bar__ticks" aria-label={t.ticks}>
          {(events ?? []).map((event, index) => (
            <li
              key={`${event.kind}-${event.at}-${index}`}
              className={`replay-bar__tick ${tickClass(event.kind)}`}
              style={{ left: `${fraction(event.at) * 100}%` }}
              title={t.tick(event.kind, event.at, event.label)}
              data-kind={event.kind}
              data-at={event.at}
            />
          ))}
        </ul>
        <div className="replay-bar__cursor" style={{ left: `${fraction(clock.cursor) * 100}%` }} />
        {labels.map((at) => (
          <span key={at} className="replay-bar__label" style={{ left: `${fraction(at) * 100}%` }}>
            {hourOf(at)}
          </span>
        ))}
      </div>
      <div className="replay-bar__foot">
        <span className="replay-bar__legend is-alarm">{t.legendAlarm}</span>
        <span className="replay-bar__legend is-device">{t.legendDevice}</span>
        {events === null && !props.eventsError ? <span>{t.loadingEvents}</span> : null}
        {props.eventsCapped ? <span>{t.eventsCapped}</span> : null}
        {props.eventsError ? (
          <Callout intent="danger" compact className="replay-bar__events-error">
            {t.eventsFailed(props.eventsError)} <Button small minimal text={t.retry} onClick={props.onRetry} />
          </Callout>
        ) : null}
      </div>
    </section>
  );
}
