import { Button } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Api, EventBus, mapReplayTopic, useService } from '@ops/sdk';
import { errorMessage, routes, SITUATION_WINDOW_MS, type Situation, type SituationEvents } from '@ops/contracts';
import { ReplayBar } from './ReplayBar';
import { adjacentAlarm, advance, LatestRequest, openClock, seek, setSpeed, togglePlay, type ReplayClock } from './replayClock';
import { replayStrings as t } from './replayStrings';
import { useReplayEffects } from './useReplayEffects';
import './ReplayBar.css';

/** How often the cursor moves while playing (and at most how often a situation is asked for). */
export const PLAY_STEP_MS = 250;
/** A dragged cursor asks for the situation once it rests this long. */
export const DRAG_DEBOUNCE_MS = 200;

/**
 * 态势回放 over every map page (a `MapOverlay`): the 态势回放 button opens the timeline of the past day;
 * the globe then shows the situation at the cursor (read from the server, one request at a time) while the
 * live layers pause (`mapReplayTopic`); 返回实时 closes it and the live layers come back. Nothing of the
 * past is kept beyond the window's marks and the situation shown.
 */
export default function SituationReplay() {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button className="replay-open" icon="history" intent="warning" text={t.open} onClick={() => setOpen(true)} aria-label={t.open} />
    );
  return <OpenReplay onClose={() => setOpen(false)} />;
}

function OpenReplay({ onClose }: { onClose(): void }) {
  const api = useService(Api);
  const bus = useService(EventBus);
  const [clock, setClock] = useState<ReplayClock>(() => openClock(Date.now(), SITUATION_WINDOW_MS));
  const [events, setEvents] = useState<SituationEvents | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [situation, setSituation] = useState<Situation | null>(null);
  const [situationError, setSituationError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [eventsAttempt, setEventsAttempt] = useState(0);
  const dragTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useReplayEffects(situation);

  const latest = useMemo(
    () =>
      new LatestRequest<Situation>(
        async (at) => {
          const { data } = await api.call(routes.situation.at, { query: { at } }, { loading: false });
          if (!data) throw new Error(t.noSituation);
          return data;
        },
        (_at, result) => {
          setSituation(result);
          setSituationError(null);
        },
        (_at, error) => setSituationError(errorMessage(error)),
        setLoading,
      ),
    [api],
  );
  const request = useCallback((at: number) => latest.request(at), [latest]);
  useEffect(() => () => latest.dispose(), [latest]);

  // The window's marks, once (and again on 重试).
  useEffect(() => {
    let current = true;
    setEventsError(null);
    api.call(routes.situation.events, { query: { from: clock.from, to: clock.to } }, { loading: false }).then(
      (reply) => current && setEvents(reply.data ?? null),
      (error: unknown) => current && setEventsError(errorMessage(error)),
    );
    return () => {
      current = false;
    };
    // The window is fixed while the replay is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, eventsAttempt]);

  // The first situation, and the live layers told to pause until the replay closes.
  useEffect(() => {
    request(clock.cursor);
    return () => bus.publish(mapReplayTopic, { replaying: false, at: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => bus.publish(mapReplayTopic, { replaying: true, at: clock.cursor }), [bus, clock.cursor]);

  // Playing: the cursor moves on every step, and the situation follows (the newest time wins, one request at a time).
  useEffect(() => {
    if (!clock.playing) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setClock((previous) => advance(previous, elapsed));
    }, PLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [clock.playing]);
  useEffect(() => {
    if (clock.playing) request(clock.cursor);
  }, [clock.playing, clock.cursor, request]);
  useEffect(() => () => clearTimeout(dragTimer.current), []);

  const onSeek = (at: number, dragging: boolean) => {
    const next = seek(clock, at);
    setClock(next);
    clearTimeout(dragTimer.current);
    if (dragging) dragTimer.current = setTimeout(() => request(next.cursor), DRAG_DEBOUNCE_MS);
    else request(next.cursor);
  };
  const onJump = (direction: 1 | -1) => {
    const at = adjacentAlarm(clock, events?.events ?? [], direction);
    if (at !== undefined) onSeek(at, false);
  };
  const eventList = events?.events ?? [];
  const summary = situation
    ? t.summary(situation.alarms.length, situation.offlineDevices.length, situation.subjects.length, situation.marks.length)
    : null;

  return (
    <ReplayBar
      clock={clock}
      events={events ? eventList : null}
      eventsCapped={events?.capped ?? false}
      eventsError={eventsError}
      summary={summary}
      shown={situation ? { at: situation.at, alarmIds: situation.alarms.map((alarm) => alarm.alarmId) } : null}
      loading={loading}
      situationError={situationError}
      onSeek={onSeek}
      onTogglePlay={() => setClock(togglePlay)}
      onSpeed={(speed) => setClock((previous) => setSpeed(previous, speed))}
      onJump={onJump}
      canJump={{
        previous: adjacentAlarm(clock, eventList, -1) !== undefined,
        next: adjacentAlarm(clock, eventList, 1) !== undefined,
      }}
      onRetry={() => {
        if (eventsError) setEventsAttempt((attempt) => attempt + 1);
        request(clock.cursor);
      }}
      onClose={onClose}
    />
  );
}
