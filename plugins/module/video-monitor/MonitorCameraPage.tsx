import { NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { deviceKindsOf, PluginRegistry, useService, type DeviceRow, type VideoTileCamera } from '@ops/sdk';
import { CameraDetail } from './CameraDetail';
import { CameraTree } from './CameraTree';
import { CameraWall } from './CameraWall';
import { useCameraWall } from './useCameraWall';
import { videoMonitorStrings as t } from './videoMonitorStrings';
import './VideoMonitor.css';

/**
 * 监控中心 / 视频监控: the tenant's cameras by group on the left, a 1/4/9/16 split of live tiles on the
 * right. `?deviceId=` opens that camera at once (an alarm that names a camera links here).
 */
export default function MonitorCameraPage() {
  const registry = useService(PluginRegistry);
  const kind = useMemo(() => deviceKindsOf(registry).find((candidate) => candidate.page === 'camera'), [registry]);
  const wall = useCameraWall(4);
  const [detail, setDetail] = useState<VideoTileCamera | null>(null);
  const [cameras, setCameras] = useState<DeviceRow[]>([]);

  const [params] = useSearchParams();
  const linked = Number(params.get('deviceId'));
  const { place } = wall;
  useEffect(() => {
    const camera = cameras.find((row) => row.deviceId === linked);
    if (camera) place({ deviceId: camera.deviceId, deviceName: camera.deviceName }, 0);
  }, [cameras, linked, place]);
  const loaded = useCallback((rows: DeviceRow[]) => setCameras(rows), []);

  if (!kind) return <NonIdealState icon="mobile-video" title={t.noCameras} />;
  return (
    <div className="video-monitor">
      <CameraTree kind={kind} title={t.cameras} playing={wall.tiles.flatMap((tile) => (tile ? [tile.deviceId] : []))} onPick={(camera) => wall.place(camera)} onLoaded={loaded} />
      <CameraWall wall={wall} onOpenDetail={setDetail} />
      <CameraDetail camera={detail} kind={kind} onClose={() => setDetail(null)} />
    </div>
  );
}
