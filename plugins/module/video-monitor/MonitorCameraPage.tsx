import { NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CameraStreams, deviceKindsOf, PluginRegistry, useService, type VideoTileCamera } from '@ops/sdk';
import type { DeviceRow } from '@ops/contracts';
import { CameraDetail } from './CameraDetail';
import { CameraTree, type OperatorGroup } from './CameraTree';
import { CameraWall } from './CameraWall';
import { PushControl } from './PushControl';
import { useCameraWall } from './useCameraWall';
import { useLiveOperators } from './useLiveOperators';
import { videoMonitorStrings as t } from './videoMonitorStrings';
import './VideoMonitor.css';

/**
 * 监控中心 / 视频监控: the tenant's cameras by group on the left (and 操作员画面, the operators who push
 * their camera or screen now), 我的推流 under them, a 1/4/9/16 split of live tiles on the right.
 * `?deviceId=` opens that camera at once (an alarm that names a camera links here).
 */
export default function MonitorCameraPage() {
  const registry = useService(PluginRegistry);
  const streams = useService(CameraStreams);
  const kind = useMemo(() => deviceKindsOf(registry).find((candidate) => candidate.page === 'camera'), [registry]);
  const wall = useCameraWall(4);
  const [detail, setDetail] = useState<VideoTileCamera | null>(null);
  const [cameras, setCameras] = useState<DeviceRow[]>([]);
  const live = useLiveOperators(streams);

  const [params] = useSearchParams();
  const linked = Number(params.get('deviceId'));
  const { place, renewOperators } = wall;
  useEffect(() => {
    const camera = cameras.find((row) => row.deviceId === linked);
    if (camera) place({ deviceId: camera.deviceId, deviceName: camera.deviceName }, 0);
  }, [cameras, linked, place]);
  const loaded = useCallback((rows: DeviceRow[]) => setCameras(rows), []);
  useEffect(() => {
    if (live.operators.status === 'ready') renewOperators(live.operators.value);
  }, [live.operators, renewOperators]);
  const { refresh } = live;
  const refreshLive = useCallback(() => void refresh(), [refresh]);

  const operators: OperatorGroup = {
    live: live.operators,
    playing: wall.operatorIds,
    onPick: (operator) => place({ deviceId: operator.userId, deviceName: operator.name, operator: { since: operator.since } }),
  };

  if (!kind) return <NonIdealState icon="mobile-video" title={t.noCameras} />;
  return (
    <div className="video-monitor">
      <div className="video-monitor__side">
        <CameraTree
          kind={kind}
          title={t.cameras}
          playing={wall.cameraIds}
          onPick={(camera) => place(camera)}
          onLoaded={loaded}
          operators={operators}
        />
        <PushControl onChange={refreshLive} />
      </div>
      <CameraWall wall={wall} onOpenDetail={setDetail} />
      <CameraDetail camera={detail} kind={kind} onClose={() => setDetail(null)} />
    </div>
  );
}
