import FireMonitorPage from './FireMonitorPage';
import MonitorCameraPage from './MonitorCameraPage';
import VideoReplayPage from './VideoReplayPage';

/** 监控中心's video pages: 消防监控 (fireMonitor), 录像回放 (videoReplay) and 视频监控 (monitorCamera). */
export default function VideoMonitorPage({ childName }: { moduleName?: string; childName?: string }) {
  if (childName === 'fireMonitor') return <FireMonitorPage />;
  if (childName === 'videoReplay') return <VideoReplayPage />;
  return <MonitorCameraPage />;
}
