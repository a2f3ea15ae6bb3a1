import { Button, ButtonGroup, Tag, type Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { CameraStreams, PanelBox, useService, VideoTile, type CameraStreamState } from '@ops/sdk';
import type { PushSource } from './useLiveOperators';
import { videoMonitorStrings as t } from './videoMonitorStrings';

const stateIntent: Record<CameraStreamState['status'], Intent> = {
  connecting: 'primary',
  playing: 'success',
  unavailable: 'warning',
  failed: 'danger',
};

/**
 * 我的推流: pushes the operator's camera or screen for the tenant's other operators (one picture each; a
 * new push replaces the old), with a small muted preview tile while it goes out. `onChange` runs once a
 * push is out and once it has stopped (the page reads the live list again).
 */
export function PushControl({ onChange }: { onChange(): void }) {
  const streams = useService(CameraStreams);
  // `run` restarts the same source (a push that failed, pushed again).
  const [push, setPush] = useState<{ source: PushSource; run: number } | null>(null);
  const [state, setState] = useState<CameraStreamState>({ status: 'connecting' });

  // The preview is a VideoTile whose "camera" is the push itself: it starts when shown, stops when removed.
  const preview = useMemo<CameraStreams | null>(
    () =>
      push && {
        play: (_id, video, onState) => {
          const stop = streams.push(push.source, video, (next) => {
            onState(next);
            setState(next);
            if (next.status === 'playing') onChange();
          });
          return () => void stop().then(onChange);
        },
      },
    [streams, push, onChange],
  );
  const start = (source: PushSource) => {
    setState({ status: 'connecting' });
    setPush((current) => ({ source, run: (current?.run ?? 0) + 1 }));
  };
  const live = push !== null && (state.status === 'connecting' || state.status === 'playing');

  return (
    <PanelBox
      title={t.push}
      className="video-monitor__push"
      actions={
        push ? (
          <Tag minimal intent={stateIntent[state.status]}>
            {t.pushState[state.status]}
          </Tag>
        ) : null
      }
    >
      <div className="video-monitor__push-body">
        <ButtonGroup fill>
          <Button
            size="small"
            icon="mobile-video"
            text={t.pushCamera}
            aria-label={t.pushCamera}
            active={live && push.source === 'camera'}
            disabled={live && push.source === 'camera'}
            onClick={() => start('camera')}
          />
          <Button
            size="small"
            icon="desktop"
            text={t.pushScreen}
            aria-label={t.pushScreen}
            active={live && push.source === 'screen'}
            disabled={live && push.source === 'screen'}
            onClick={() => start('screen')}
          />
        </ButtonGroup>
        {push && preview ? (
          <div className="video-monitor__preview">
            <VideoTile
              key={`${push.source}-${push.run}`}
              camera={{ deviceId: 0, deviceName: t.pushPreview(push.source) }}
              streams={preview}
            />
          </div>
        ) : (
          <p className="video-monitor__push-hint">{t.pushIdle}</p>
        )}
        <Button
          size="small"
          icon="stop"
          intent={push ? 'danger' : 'none'}
          text={t.pushStop}
          aria-label={t.pushStop}
          disabled={!push}
          onClick={() => setPush(null)}
        />
      </div>
    </PanelBox>
  );
}
