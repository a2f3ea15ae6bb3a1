import { DevicePages } from '@ops/sdk';

/** /orthophoto and /orthophoto/orthophoto<kind>: the device pages again, under the orthophoto prefix. */
export default function OrthophotoDevicesPage({ childName }: { moduleName: string; childName?: string }) {
  return <DevicePages moduleName="orthophoto" childName={childName} childPrefix="orthophoto" />;
}
