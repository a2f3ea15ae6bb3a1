import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { PanelBox, VideoTile, WidgetState, type CameraStreams } from '@ops/sdk';
import type { EmergencyCamera } from '@ops/contracts';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import type { Loadable } from '@ops/sdk';

export interface LiveVideoPanelProps {
  /** The cameras near the focused event, best first (the server's order: online, fire cameras, nearest). */
  cameras: Loadable<EmergencyCamera[]>;
  /** Where the picture comes from (the app's CameraStreams; stories pass a stand-in). */
  streams: CameraStreams;
  onRetry(): void;
  className?: string;
}

/**
 * 现场视频: the live picture of the camera best placed to see the focused event, and a switcher among the
 * nearest ones (name and distance). The tile plays while shown: another event (new cameras, a loading
 * panel) or leaving the page unmounts it, which stops the stream.
 */
export function LiveVideoPanel({ cameras, streams, onRetry, className }: LiveVideoPanelProps) {
  const list = cameras.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  // The operator's pick while it is still offered; else the best camera.
  const playing = list.find((camera) => camera.deviceId === chosen) ?? list[0];
  return (
    <PanelBox title={t.liveVideo} label={t.liveVideoLabel} className={`emergency-map__panel is-video${className ? ` ${className}` : ''}`}>
      <WidgetState
        status={cameras.status}
        empty={!playing}
        {...(cameras.error ? { error: cameras.error } : {})}
        onRetry={onRetry}
        emptyText={t.noCameraNear}
        className="emergency-video"
      >
        {playing ? (
          <>
            <div className="emergency-video__tile">
              <VideoTile key={playing.deviceId} camera={{ deviceId: playing.deviceId, deviceName: playing.name }} streams={streams} />
            </div>
            <div className="emergency-video__switcher" role="group" aria-label={t.cameraSwitcher}>
              {list.map((camera) => (
                <Button
                  key={camera.deviceId}
                  size="small"
                  variant={camera.deviceId === playing.deviceId ? 'solid' : 'outlined'}
                  intent={camera.deviceId === playing.deviceId ? 'primary' : 'none'}
                  aria-pressed={camera.deviceId === playing.deviceId}
                  aria-label={t.cameraChoice(camera.name, camera.distance, camera.online)}
                  title={t.cameraChoice(camera.name, camera.distance, camera.online)}
                  onClick={() => setChosen(camera.deviceId)}
                  className="emergency-video__choice"
                >
                  <span className="emergency-video__name">{camera.name}</span>
                  <span className="emergency-video__distance">
                    {camera.online ? t.metres(camera.distance) : t.cameraOffline(camera.distance)}
                  </span>
                </Button>
              ))}
            </div>
          </>
        ) : null}
      </WidgetState>
    </PanelBox>
  );
}
