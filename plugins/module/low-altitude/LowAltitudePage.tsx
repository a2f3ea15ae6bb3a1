import { UavDispatchView } from './UavDispatchView';
import { UavInspectionView } from './UavInspectionView';
import './LowAltitude.css';

/** 低空管理's map pages: 无人机巡检 (lowUav) and 无人机调度 (lowUav2); each keeps its own state. */
export default function LowAltitudePage({ childName }: { moduleName?: string; childName?: string }) {
  return childName === 'lowUav2' ? <UavDispatchView key="dispatch" /> : <UavInspectionView key="inspection" />;
}
