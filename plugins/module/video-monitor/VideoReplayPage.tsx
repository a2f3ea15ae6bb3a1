import { Button, ButtonGroup, Callout, HTMLSelect, NonIdealState, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DateRangeField,
  deviceKindsOf,
  formatDate,
  formatDateTime,
  PanelBox,
  PluginRegistry,
  Recordings,
  shanghaiDayStart,
  useService,
  type DateRangeValue,
  type RecordedSegment,
  type RecordList,
  type VideoTileCamera,
} from '@ops/sdk';
import { CameraTree } from './CameraTree';
import { videoReplayStrings as r } from './videoMonitorStrings';
import './VideoMonitor.css';
import { errorMessage } from '@ops/contracts';

const SPEEDS = [1, 2, 4] as const;
/** Lengths a clip can be downloaded in (minutes; the server cuts at most 60). */
const CLIP_MINUTES = [1, 5, 10, 30, 60] as const;
const DAY_MS = 24 * 3600 * 1000;

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; list: RecordList } | { status: 'error'; message: string };

/** Today (Asia/Shanghai) from its first second to now. */
const today = (): DateRangeValue => ({ begin: shanghaiDayStart(formatDate(Date.now())) ?? Date.now() - DAY_MS, end: Date.now() });

/**
 * 监控中心 / 录像回放: pick a camera and a range of days; the recorded segments lie on a timeline (a click
 * seeks there), play one after another at ×1, ×2 or ×4, and the segment playing can be downloaded.
 */
export default function VideoReplayPage() {
  const registry = useService(PluginRegistry);
  const recordings = useService(Recordings);
  const kind = useMemo(() => deviceKindsOf(registry).find((candidate) => candidate.page === 'camera'), [registry]);
  const [camera, setCamera] = useState<VideoTileCamera | null>(null);
  const [range, setRange] = useState<DateRangeValue>(today);
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [playing, setPlaying] = useState<{ index: number; url: string; seek: number } | null>(null);
  const [clipError, setClipError] = useState<string | null>(null);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [at, setAt] = useState<number | null>(null);
  const [clipMinutes, setClipMinutes] = useState<(typeof CLIP_MINUTES)[number]>(5);
  const [clipping, setClipping] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  const segments = useMemo(() => (load.status === 'ready' ? load.list.segments : []), [load]);
  const from = range.begin ?? Date.now() - DAY_MS;
  const to = range.end ?? Date.now();

  const query = useCallback(async () => {
    if (!camera) return;
    setLoad({ status: 'loading' });
    setPlaying(null);
    try {
      setLoad({ status: 'ready', list: await recordings.list(camera.deviceId, from, to) });
    } catch (error) {
      setLoad({ status: 'error', message: errorMessage(error) });
    }
  }, [camera, from, to, recordings]);
  useEffect(() => void query(), [query]);

  /** Plays segment `index` from `seek` seconds in. */
  const play = useCallback(
    async (index: number, seek = 0) => {
      const segment = segments[index];
      if (!camera || !segment) return;
      setClipError(null);
      try {
        const blob = await recordings.segment(camera.deviceId, segment.name);
        setPlaying((current) => {
          if (current) URL.revokeObjectURL(current.url);
          return { index, url: URL.createObjectURL(blob), seek };
        });
      } catch (error) {
        setClipError(errorMessage(error));
      }
    },
    [camera, recordings, segments],
  );
  useEffect(() => () => (playing ? URL.revokeObjectURL(playing.url) : undefined), [playing]);
  useEffect(() => {
    const element = video.current;
    if (!element || !playing) return;
    element.playbackRate = speed;
    if (playing.seek) element.currentTime = playing.seek;
    void Promise.resolve(element.play()).catch(() => undefined);
  }, [playing, speed]);

  const seekTo = (time: number) => {
    const index = segments.findIndex((segment) => segment.start <= time && time <= segment.end);
    const next = index >= 0 ? index : segments.findIndex((segment) => segment.start >= time);
    if (next >= 0) void play(next, index >= 0 ? (time - segments[next]!.start) / 1000 : 0);
  };
  const current: RecordedSegment | undefined = playing ? segments[playing.index] : undefined;
  const download = () => {
    if (!playing || !camera || !current) return;
    const link = document.createElement('a');
    link.href = playing.url;
    link.download = r.downloadName(camera.deviceName, formatDateTime(current.start).replace(/[: ]/g, '-'));
    link.click();
  };
  // 下载片段: from where playback is (or the first recording) for the chosen length, across segments.
  const clipFrom = at ?? (segments.length ? segments[0]!.start : from);
  const downloadClip = async () => {
    if (!camera) return;
    setClipError(null);
    setClipping(true);
    try {
      const blob = await recordings.clip(camera.deviceId, clipFrom, clipFrom + clipMinutes * 60_000);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = r.clipName(camera.deviceName, formatDateTime(clipFrom).replace(/[: ]/g, '-'), clipMinutes);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setClipError(errorMessage(error));
    } finally {
      setClipping(false);
    }
  };
  const minutes = Math.round(segments.reduce((sum, segment) => sum + (segment.end - segment.start), 0) / 60_000);
  // The timeline shows the recorded stretch of the range (with a margin), so seconds of video are not a hair on a day.
  const recordedFrom = segments.length ? segments[0]!.start : from;
  const recordedTo = segments.length ? segments.at(-1)!.end : to;
  const margin = Math.max(30_000, (recordedTo - recordedFrom) * 0.05);
  const viewFrom = Math.max(from, recordedFrom - margin);
  const viewTo = Math.min(Math.max(to, recordedTo), recordedTo + margin);
  const span = Math.max(1, viewTo - viewFrom);

  if (!kind) return <NonIdealState icon="mobile-video" title={r.pickCamera} />;
  return (
    <div className="video-monitor">
      <CameraTree kind={kind} title={r.cameras} playing={camera ? [camera.deviceId] : []} onPick={setCamera} />
      <PanelBox
        title={camera ? `${r.player} · ${camera.deviceName}` : r.player}
        label={r.player}
        className="video-monitor__replay"
        actions={<DateRangeField value={range} onChange={setRange} label={r.range} />}
      >
        <div className="video-monitor__body">
          {!camera ? <NonIdealState icon="mobile-video" title={r.pickCamera} /> : null}
          {camera && load.status === 'loading' ? <Spinner size={28} aria-label={r.search} /> : null}
          {load.status === 'error' ? (
            <Callout intent="danger">
              {r.loadFailed(load.message)} <Button size="small" text={r.search} onClick={() => void query()} />
            </Callout>
          ) : null}
          {load.status === 'ready' && !load.list.recording ? <Callout intent="warning">{r.recordingOff}</Callout> : null}
          {load.status === 'ready' && load.list.recording && !segments.length ? (
            <NonIdealState icon="film" title={r.noRecording} description={r.noRecordingHint} />
          ) : null}
          {segments.length ? (
            <>
              <div className="video-monitor__player">
                <video
                  ref={video}
                  src={playing?.url}
                  controls
                  muted
                  aria-label={r.player}
                  onTimeUpdate={(event) => current && setAt(current.start + event.currentTarget.currentTime * 1000)}
                  onEnded={() => playing && playing.index + 1 < segments.length && void play(playing.index + 1)}
                />
                {!playing ? (
                  <Button
                    className="video-monitor__start"
                    size="large"
                    icon="play"
                    text={r.summary(segments.length, minutes)}
                    onClick={() => void play(0)}
                  />
                ) : null}
              </div>
              {clipError ? (
                <Callout intent="danger" compact>
                  {clipError}
                </Callout>
              ) : null}
              <div className="video-monitor__controls">
                <ButtonGroup>
                  <Button
                    icon="step-backward"
                    aria-label={r.previous}
                    title={r.previous}
                    disabled={!playing || playing.index === 0}
                    onClick={() => playing && void play(playing.index - 1)}
                  />
                  <Button
                    icon="step-forward"
                    aria-label={r.next}
                    title={r.next}
                    disabled={!playing || playing.index + 1 >= segments.length}
                    onClick={() => playing && void play(playing.index + 1)}
                  />
                </ButtonGroup>
                <SegmentedControl
                  size="small"
                  aria-label={r.speed}
                  value={String(speed)}
                  options={SPEEDS.map((rate) => ({ label: r.speedOption(rate), value: String(rate) }))}
                  onValueChange={(value) => setSpeed(Number(value) as (typeof SPEEDS)[number])}
                />
                <span className="video-monitor__count" role="status">
                  {at ? r.at(formatDateTime(at)) : r.summary(segments.length, minutes)}
                </span>
                <Button icon="download" text={r.download} disabled={!playing} onClick={download} />
                <HTMLSelect
                  aria-label={r.clipLength}
                  value={clipMinutes}
                  onChange={(event) => setClipMinutes(Number(event.currentTarget.value) as (typeof CLIP_MINUTES)[number])}
                  options={CLIP_MINUTES.map((value) => ({ value, label: r.clipMinutes(value) }))}
                />
                <Button
                  icon="film"
                  text={r.downloadClip}
                  title={r.downloadClipHint(formatDateTime(clipFrom), clipMinutes)}
                  loading={clipping}
                  disabled={!segments.length}
                  onClick={() => void downloadClip()}
                />
              </div>
              <div
                className="video-monitor__timeline"
                role="slider"
                tabIndex={0}
                aria-label={r.timeline}
                aria-valuemin={viewFrom}
                aria-valuemax={viewTo}
                aria-valuenow={at ?? viewFrom}
                aria-valuetext={at ? formatDateTime(at) : formatDateTime(viewFrom)}
                onClick={(event) => {
                  const box = event.currentTarget.getBoundingClientRect();
                  seekTo(viewFrom + ((event.clientX - box.left) / box.width) * span);
                }}
                onKeyDown={(event) => {
                  if (!playing) return;
                  if (event.key === 'ArrowRight') void play(Math.min(segments.length - 1, playing.index + 1));
                  if (event.key === 'ArrowLeft') void play(Math.max(0, playing.index - 1));
                }}
              >
                {segments.map((segment, index) => (
                  <span
                    key={segment.name}
                    className={`video-monitor__segment${playing?.index === index ? ' is-playing' : ''}`}
                    title={r.segmentLabel(formatDateTime(segment.start), formatDateTime(segment.end))}
                    style={{
                      left: `${((segment.start - viewFrom) / span) * 100}%`,
                      width: `${Math.max(0.3, ((segment.end - segment.start) / span) * 100)}%`,
                    }}
                  />
                ))}
                {at ? <span className="video-monitor__cursor" style={{ left: `${((at - viewFrom) / span) * 100}%` }} /> : null}
                <span className="video-monitor__tick is-start">{formatDateTime(viewFrom)}</span>
                <span className="video-monitor__tick is-end">{formatDateTime(viewTo)}</span>
              </div>
            </>
          ) : null}
        </div>
      </PanelBox>
    </div>
  );
}
