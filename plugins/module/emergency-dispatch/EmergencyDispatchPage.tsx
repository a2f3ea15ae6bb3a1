import DispatchEventTaskPage from './DispatchEventTaskPage';
import DispatchPanelPage from './DispatchPanelPage';

/** 安全应急's dispatch pages: 调度面板 (DispatchPanel) and 事件任务调度 (DispatchEventTask). */
export default function EmergencyDispatchPage({ childName }: { moduleName?: string; childName?: string }) {
  if (childName === 'DispatchPanel') return <DispatchPanelPage />;
  return <DispatchEventTaskPage />;
}
