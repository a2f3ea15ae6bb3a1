import { Button, SegmentedControl } from '@blueprintjs/core';
import { useMemo } from 'react';
import { CameraStreams, PanelBox, useService, VideoTile, type VideoTileCamera } from '@ops/sdk';
import { SPLITS, type CameraWallState, type Split } from './useCameraWall';
import { videoMonitorStrings as t } from './videoMonitorStrings';

/** The split video wall panel: its header (count, 1/4/9/16, 全部停止) and the live tiles (cameras or operators' pictures). */
export function CameraWall({
  wall,
  title = t.videos,
  onOpenDetail,
}: {
  wall: CameraWallState;
  title?: string;
  onOpenDetail(camera: VideoTileCamera): void;
}) {
  const streams = useService(CameraStreams);
  // An operator's tile plays their pushed picture the way a camera's plays the camera (its id is their user id).
  const operatorStreams = useMemo<CameraStreams>(
    () => ({ play: (userId, video, onState) => streams.playOperator(userId, video, onState) }),
    [streams],
  );
  const playing = wall.tiles.filter(Boolean).length;
  return (
    <PanelBox
      title={title}
      className="video-monitor__wall"
      actions={
        <>
          <span className="video-monitor__count">{t.playing(playing, wall.split)}</span>
          <SegmentedControl
            size="small"
            aria-label={t.split}
            value={String(wall.split)}
            options={SPLITS.map((count) => ({ label: t.splitOption(count), value: String(count) }))}
            onValueChange={(value) => wall.changeSplit(Number(value) as Split)}
          />
          <Button
            size="small"
            variant="minimal"
            icon="stop"
            aria-label={t.clearAll}
            title={t.clearAll}
            disabled={!playing}
            onClick={wall.clear}
          />
        </>
      }
    >
      <div className={`video-monitor__grid is-split-${wall.split}`}>
        {wall.tiles.map((tile, index) => (
          <VideoTile
            key={`${index}-${tile ? (tile.operator ? `operator-${tile.deviceId}-${tile.operator.since}` : tile.deviceId) : 'idle'}`}
            camera={tile && { deviceId: tile.deviceId, deviceName: tile.deviceName }}
            streams={tile?.operator ? operatorStreams : streams}
            selected={index === wall.selected}
            onSelect={() => wall.setSelected(index)}
            onStop={() => wall.stop(index)}
            onOpenDetail={tile?.operator ? undefined : onOpenDetail}
          />
        ))}
      </div>
    </PanelBox>
  );
}
