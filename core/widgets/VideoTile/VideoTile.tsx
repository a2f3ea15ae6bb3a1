import { Button, ButtonGroup, Icon, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CameraStreams, CameraStreamState } from '../../media/CameraStreams';
import { formatDateTime } from '../../format/timeFormat';
import { widgetStrings as t } from '../widgetStrings';
import { useWallZoom } from '../wallScale';
import './VideoTile.css';

export interface VideoTileCamera {
  deviceId: number;
  deviceName: string;
}

export interface VideoTileProps {
  /** The camera to play; none: an idle tile that says how to fill it. */
  camera?: VideoTileCamera | undefined;
  /** Where streams come from (the app's CameraStreams service; stories pass a stand-in). */
  streams: CameraStreams;
  /** The tile the next camera goes into (highlighted). */
  selected?: boolean;
  onSelect?(): void;
  /** 停止播放: the page empties the tile. */
  onStop?(): void;
  /** 设备详情: the page opens the camera's detail. */
  onOpenDetail?(camera: VideoTileCamera): void;
  /** Bigger type for wall screens. */
  wall?: boolean;
  /** Extra buttons at the end of the tile's bar (a video room's 移出). */
  actions?: ReactNode;
  /** A line under the name on the bar (a participant's state: 已静音…). */
  badge?: ReactNode;
  /** Only for stories and tests: start in this state without playing. */
  forcedState?: CameraStreamState;
}

/**
 * One live camera: plays it through the stream endpoint while shown and stops it when unmounted or
 * changed, with connecting, unavailable (视频源不可用: the source cannot run) and failed (with 重新连接)
 * states instead of a black box; snapshot to a PNG, full screen, stop, and the device's detail.
 */
export function VideoTile({
  camera,
  streams,
  selected = false,
  onSelect,
  onStop,
  onOpenDetail,
  wall,
  actions,
  badge,
  forcedState,
}: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<CameraStreamState>(forcedState ?? { status: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const deviceId = camera?.deviceId;

  useEffect(() => {
    if (forcedState || deviceId === undefined || !video.current) return;
    return streams.play(deviceId, video.current, setState);
  }, [deviceId, streams, attempt, forcedState]);

  const snapshot = () => {
    const element = video.current;
    if (!element || !camera || !element.videoWidth) return;
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [element.videoWidth, element.videoHeight];
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = t.videoSnapshotName(camera.deviceName, formatDateTime(Date.now()).replace(/[: ]/g, '-'));
    link.click();
  };
  const fullscreen = () => void frame.current?.requestFullscreen?.().catch(() => undefined);

  // Icon sizes of a 1080p wall, doubled at 4K.
  const zoom = useWallZoom(wall);
  const wallSize = (px: number) => Math.round(px * zoom);
  const className = `ops-video-tile${selected ? ' is-selected' : ''}${wall ? ' ops-video-tile--wall' : ''}`;
  if (!camera) {
    return (
      <div
        className={`${className} is-idle`}
        role="button"
        tabIndex={0}
        aria-label={t.videoEmptyLabel}
        aria-pressed={selected}
        onClick={onSelect}
        onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onSelect?.()}
      >
        <Icon icon="mobile-video" size={wall ? wallSize(48) : 28} aria-hidden />
        <span className="ops-video-tile__title">{t.videoIdle}</span>
        <span className="ops-video-tile__hint">{t.videoIdleHint}</span>
      </div>
    );
  }
  const playing = state.status === 'playing';
  return (
    <div
      ref={frame}
      className={className}
      role="region"
      aria-label={t.videoLabel(camera.deviceName)}
      data-state={state.status}
      onClick={onSelect}
    >
      {/* Transparent, not hidden, until the first frame: a hidden video may not be decoded at all. */}
      <video ref={video} className={`ops-video-tile__video${playing ? '' : ' is-waiting'}`} muted playsInline autoPlay />
      {state.status === 'connecting' ? (
        <div className="ops-video-tile__state" role="status">
          <Spinner size={wall ? wallSize(40) : 24} aria-hidden />
          <span>{t.videoConnecting}</span>
        </div>
      ) : null}
      {state.status === 'unavailable' || state.status === 'failed' ? (
        <div className="ops-video-tile__state is-problem" role="alert">
          <Icon icon={state.status === 'unavailable' ? 'offline' : 'error'} size={wall ? wallSize(40) : 24} aria-hidden />
          <span className="ops-video-tile__title">{state.status === 'unavailable' ? t.videoUnavailable : t.videoFailed}</span>
          <span className="ops-video-tile__hint">{state.message}</span>
          <Button
            size="small"
            icon="refresh"
            text={t.videoReplay}
            onClick={(event) => (event.stopPropagation(), setState({ status: 'connecting' }), setAttempt((count) => count + 1))}
          />
        </div>
      ) : null}
      <div className="ops-video-tile__bar">
        <span className="ops-video-tile__name">{camera.deviceName}</span>
        {badge ? <span className="ops-video-tile__badge">{badge}</span> : null}
        <ButtonGroup minimal>
          <Button
            size="small"
            icon="camera"
            aria-label={t.videoSnapshot}
            title={t.videoSnapshot}
            disabled={!playing}
            onClick={(event) => (event.stopPropagation(), snapshot())}
          />
          <Button
            size="small"
            icon="fullscreen"
            aria-label={t.videoFullscreen}
            title={t.videoFullscreen}
            onClick={(event) => (event.stopPropagation(), fullscreen())}
          />
          {onOpenDetail ? (
            <Button
              size="small"
              icon="info-sign"
              aria-label={t.videoDetail}
              title={t.videoDetail}
              onClick={(event) => (event.stopPropagation(), onOpenDetail(camera))}
            />
          ) : null}
          {onStop ? (
            <Button
              size="small"
              icon="stop"
              aria-label={t.videoStop}
              title={t.videoStop}
              onClick={(event) => (event.stopPropagation(), onStop())}
            />
          ) : null}
          {actions}
        </ButtonGroup>
      </div>
    </div>
  );
}
