import { DevicePagesView, useService } from '@ops/sdk';

/** /orthophoto and /orthophoto/orthophoto<kind>: the device pages of module:device-center, under the orthophoto prefix. */
export default function OrthophotoDevicesPage({ childName }: { moduleName: string; childName?: string }) {
  const DevicePages = useService(DevicePagesView);
  return <DevicePages moduleName="orthophoto" childName={childName} childPrefix="orthophoto" />;
}
