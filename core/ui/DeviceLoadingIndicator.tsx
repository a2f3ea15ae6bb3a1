import { Spinner } from '@blueprintjs/core';
import { useDeviceLoadingStore } from './loadingStore';
import { httpStrings } from '../http/httpStrings';
import './DeviceLoadingIndicator.css';

/** A small badge while a device-side call that wants it is in flight (spec section 9: the device-side indicator). */
export function DeviceLoadingIndicator() {
  const pending = useDeviceLoadingStore((state) => state.pending);
  if (pending === 0) return null;
  return (
    <div className="device-loading" role="status" aria-live="polite">
      <Spinner size={16} />
      <span>{httpStrings.deviceLoading}</span>
    </div>
  );
}
