import { Callout, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AlarmList,
  deviceKindsOf,
  EventBus,
  Api,
  PanelBox,
  PluginRegistry,
  PUSH_TOPIC_ALL,
  useService,
  type VideoTileCamera,
  type WidgetStatus,
} from '@ops/sdk';
import { alarmEmergencies, routes, type AlarmRow, type DeviceRow } from '@ops/contracts';
import { CameraDetail } from './CameraDetail';
import { CameraTree } from './CameraTree';
import { CameraWall } from './CameraWall';
import { nearestCamera } from './nearestCamera';
import { useCameraWall } from './useCameraWall';
import { fireMonitorStrings as f, videoMonitorStrings as t } from './videoMonitorStrings';
import './VideoMonitor.css';
import { errorMessage } from '@ops/contracts';

const PER_TYPE = 20;
const SHOWN = 40;

/**
 * 监控中心 / 消防监控: fire cameras, their live tiles and the smoke and fire alarms side by side. An
 * alarm opens the fire camera nearest to it (online first); a new one pushed while the page is open
 * does so by itself, so the picture of a fire is up before anyone clicks.
 */
export default function FireMonitorPage() {
  const registry = useService(PluginRegistry);
  const api = useService(Api);
  const bus = useService(EventBus);
  const kind = useMemo(() => deviceKindsOf(registry).find((candidate) => candidate.page === 'fireCamera'), [registry]);
  // The alarm types this page watches: those whose manifests name the fire emergency (smoke, fire …).
  const fireAlarmTypes = useMemo(
    () => alarmEmergencies(registry.list('alarm').map((plugin) => plugin.manifest.contributes)).codesOf('FIRE'),
    [registry],
  );
  const wall = useCameraWall(4);
  const [detail, setDetail] = useState<VideoTileCamera | null>(null);
  const cameras = useRef<DeviceRow[]>([]);
  const [alarms, setAlarms] = useState<{ status: WidgetStatus; rows: AlarmRow[]; error?: string }>({ status: 'loading', rows: [] });
  const [note, setNote] = useState<string | null>(null);

  const loadAlarms = useCallback(async () => {
    setAlarms((current) => ({ ...current, status: 'loading' }));
    try {
      const pages = await Promise.all(
        fireAlarmTypes.map((alarmType) =>
          api.call(routes.alarms.list, { query: { alarmType, pageNum: 1, pageSize: PER_TYPE } }, { loading: false, quiet: true }),
        ),
      );
      const rows = pages.flatMap((page) => page.rows ?? []).sort((a, b) => b.createTime - a.createTime);
      setAlarms({ status: 'ready', rows: rows.slice(0, SHOWN) });
    } catch (error) {
      setAlarms((current) => ({ status: 'error', rows: current.rows, error: errorMessage(error) }));
    }
  }, [fireAlarmTypes, api]);
  useEffect(() => void loadAlarms(), [loadAlarms]);

  const { place } = wall;
  const openNearest = useCallback(
    (alarm: Pick<AlarmRow, 'longitude' | 'latitude' | 'alarmTypeName' | 'deviceName'>) => {
      const found = nearestCamera(alarm, cameras.current);
      if (!found) return setNote(f.noCameraNear);
      setNote(f.nearest(found.camera.deviceName, found.metres));
      place({ deviceId: found.camera.deviceId, deviceName: found.camera.deviceName });
    },
    [place],
  );

  // A fire alarm pushed now: list it and put the nearest camera up.
  useEffect(
    () =>
      // Any event type whose data names a fire alarm type (a production backend's FIRE_FIGHTING_EVENT
      // too), so the fields are read with their types checked rather than as a declared topic's.
      bus.subscribe(PUSH_TOPIC_ALL, ({ message: { data } }) => {
        if (typeof data.alarmType !== 'string' || !fireAlarmTypes.includes(data.alarmType)) return;
        void loadAlarms();
        openNearest({
          longitude: typeof data.longitude === 'number' ? data.longitude : null,
          latitude: typeof data.latitude === 'number' ? data.latitude : null,
          alarmTypeName: typeof data.alarmTypeName === 'string' ? data.alarmTypeName : '',
          deviceName: typeof data.deviceName === 'string' ? data.deviceName : '',
        });
      }),
    [bus, fireAlarmTypes, loadAlarms, openNearest],
  );

  const loaded = useCallback((rows: DeviceRow[]) => {
    cameras.current = rows;
  }, []);
  if (!kind) return <NonIdealState icon="mobile-video" title={t.noCameras} />;
  return (
    <div className="video-monitor is-fire">
      <CameraTree
        kind={kind}
        title={f.fireCameras}
        playing={wall.tiles.flatMap((tile) => (tile ? [tile.deviceId] : []))}
        onPick={(camera) => wall.place(camera)}
        onLoaded={loaded}
      />
      <CameraWall wall={wall} onOpenDetail={setDetail} />
      <PanelBox title={f.alarms} className="video-monitor__alarms">
        {note ? (
          <Callout compact intent="primary" className="video-monitor__note" role="status">
            {note}
          </Callout>
        ) : null}
        <div className="video-monitor__body">
          <AlarmList
            status={alarms.status}
            data={{ rows: alarms.rows, total: alarms.rows.length }}
            error={alarms.error}
            onRetry={() => void loadAlarms()}
            onOpen={(key) => {
              const alarm = alarms.rows.find((row) => String(row.alarmId) === key);
              if (alarm) openNearest(alarm);
            }}
          />
        </div>
      </PanelBox>
      <CameraDetail camera={detail} kind={kind} onClose={() => setDetail(null)} />
    </div>
  );
}
