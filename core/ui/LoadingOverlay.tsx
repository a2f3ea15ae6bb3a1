import { Spinner } from '@blueprintjs/core';
import { useLoadingStore } from './loadingStore';
import { httpStrings } from '../http/httpStrings';
import './LoadingOverlay.css';

/** Full-screen overlay while a request that wants it is in flight (spec: 努力请求服务中…). */
export function LoadingOverlay() {
  const pending = useLoadingStore((state) => state.pending);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Spinner size={40} />
      <span className="loading-overlay__text">{httpStrings.loading}</span>
    </div>
  );
}
