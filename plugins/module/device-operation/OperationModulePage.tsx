import DeviceOperationPage from './DeviceOperationPage';
import VideoDiagnosisPage from './VideoDiagnosisPage';

/** 运维管理's 设备运维 (deviceOperation) and 视频诊断 (videoDiagnosis) pages. */
export default function OperationModulePage({ childName }: { moduleName?: string; childName?: string }) {
  if (childName === 'videoDiagnosis') return <VideoDiagnosisPage />;
  return <DeviceOperationPage />;
}
