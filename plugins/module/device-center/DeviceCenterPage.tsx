import { NonIdealState } from '@blueprintjs/core';
import DevicePages from './DevicePages';

/** /device and /device/<kind>: the catalogue, or one kind's page. */
export default function DeviceCenterPage({ moduleName, childName }: { moduleName: string; childName?: string }) {
  if (moduleName !== 'device') return <NonIdealState icon="error" title={moduleName} />;
  return <DevicePages moduleName="device" childName={childName} />;
}
