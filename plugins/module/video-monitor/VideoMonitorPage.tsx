import FireMonitorPage from './FireMonitorPage';
import MonitorCameraPage from './MonitorCameraPage';

/** 监控中心's video pages: 消防监控 (fireMonitor) and 视频监控 (monitorCamera). */
export default function VideoMonitorPage({ childName }: { moduleName?: string; childName?: string }) {
  return childName === 'fireMonitor' ? <FireMonitorPage /> : <MonitorCameraPage />;
}
