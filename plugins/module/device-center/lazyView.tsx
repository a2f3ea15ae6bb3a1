import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code downloads the first time it is shown, behind its own Suspense boundary (the
 * globe or page around it never falls back meanwhile); `loadingLabel` names the spinner shown until then.
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, loadingLabel?: string): ComponentType<P> {
  const Lazy = lazy(load);
  const fallback = loadingLabel ? <Spinner size={24} aria-label={loadingLabel} /> : null;
  function LazyView(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyView;
}
