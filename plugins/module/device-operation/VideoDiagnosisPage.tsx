import { Drawer, DrawerSize } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Api, CameraStreams, EventBus, Notifier, subscribePush, useService, VideoTile } from '@ops/sdk';
import { videoDiagnosisPushTopic, type CameraHealth, type CameraHealthFilter } from '@ops/contracts';
import { CameraHealthGrid, CameraHistory, DiagnosisSummaryPanel, DiagnosisTrendChart, FailureList } from './DiagnosisPanels';
import { createOperationApi, type CameraHistory as History } from './operationApi';
import { operationStrings as t } from './operationStrings';
import { useLoaded, type Loaded } from '@ops/sdk';
import './DeviceOperation.css';
import { errorMessage } from '@ops/contracts';

const FAILURE_PAGE_SIZE = 15;

/** 视频诊断: the summary with 立即诊断, the health grid of every camera, the failures and the trend; a camera's history in a drawer. Live on VIDEO_DIAGNOSIS pushes. */
export default function VideoDiagnosisPage() {
  const caller = useService(Api);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const streams = useService(CameraStreams);
  const api = useMemo(() => createOperationApi(caller), [caller]);
  const [filter, setFilter] = useState<CameraHealthFilter | ''>('');
  const [failurePage, setFailurePage] = useState(1);
  const [summary, reloadSummary] = useLoaded(useCallback(() => api.videoSummary(), [api]));
  const [cameras, reloadCameras] = useLoaded(useCallback(() => api.cameras(filter || undefined), [api, filter]));
  const [failures, reloadFailures] = useLoaded(useCallback(() => api.failures(failurePage, FAILURE_PAGE_SIZE), [api, failurePage]));
  const [trend, reloadTrend] = useLoaded(useCallback(() => api.trend(), [api]));
  const [running, setRunning] = useState(false);
  const [open, setOpen] = useState<{ deviceId: number; deviceName: string } | null>(null);
  const [history, setHistory] = useState<Loaded<History>>({ data: undefined, status: 'loading' });

  const loadHistory = useCallback(
    async (deviceId: number) => {
      setHistory((previous) => ({ data: previous.data?.camera.deviceId === deviceId ? previous.data : undefined, status: 'loading' }));
      try {
        setHistory({ data: await api.history(deviceId), status: 'ready' });
      } catch (error) {
        setHistory({ data: undefined, status: 'error', error: errorMessage(error) });
      }
    },
    [api],
  );
  const openCamera = (camera: CameraHealth) => {
    setOpen({ deviceId: camera.deviceId, deviceName: camera.deviceName });
    void loadHistory(camera.deviceId);
  };

  const reloadAll = useRef(() => Promise.resolve());
  reloadAll.current = async () => {
    await Promise.all([
      reloadSummary(),
      reloadCameras(),
      reloadFailures(),
      reloadTrend(),
      open ? loadHistory(open.deviceId) : Promise.resolve(),
    ]);
  };
  // A run finished (the schedule, another operator's 立即诊断): everything shown is from before it.
  useEffect(() => subscribePush(bus, videoDiagnosisPushTopic, () => void reloadAll.current()), [bus]);

  const run = async () => {
    setRunning(true);
    try {
      const outcome = await api.runDiagnosis();
      notifier.show(outcome.faulty ? 'warning' : 'success', t.runDone(outcome.cameras, outcome.faulty));
      await reloadAll.current();
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="video-diagnosis">
      <DiagnosisSummaryPanel
        summary={summary.data}
        status={summary.status}
        error={summary.error}
        onRetry={() => void reloadSummary()}
        running={running}
        onRun={() => void run()}
      />
      <DiagnosisTrendChart trend={trend.data} status={trend.status} error={trend.error} onRetry={() => void reloadTrend()} />
      <CameraHealthGrid
        cameras={cameras.data}
        status={cameras.status}
        error={cameras.error}
        onRetry={() => void reloadCameras()}
        filter={filter}
        onFilter={setFilter}
        onOpen={openCamera}
      />
      <FailureList
        page={failures.data}
        status={failures.status}
        error={failures.error}
        onRetry={() => void reloadFailures()}
        pageNum={failurePage}
        pageSize={FAILURE_PAGE_SIZE}
        onPage={setFailurePage}
        onOpen={openCamera}
      />
      <Drawer
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        size={DrawerSize.STANDARD}
        title={open ? t.history(open.deviceName) : ''}
        icon="pulse"
        className="video-diagnosis__drawer"
      >
        {open ? (
          <CameraHistory
            name={open.deviceName}
            checks={history.data?.camera.deviceId === open.deviceId ? history.data.checks : undefined}
            status={history.status}
            error={history.error}
            onRetry={() => void loadHistory(open.deviceId)}
            live={<VideoTile camera={{ deviceId: open.deviceId, deviceName: open.deviceName }} streams={streams} />}
          />
        ) : null}
      </Drawer>
    </div>
  );
}
