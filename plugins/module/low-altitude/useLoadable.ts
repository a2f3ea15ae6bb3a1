import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetStatus } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';

/** A panel's data as its widget shows it: loading, error (with the message) or ready, keeping the last answer. */
export interface Loadable<T> {
  status: WidgetStatus;
  data?: T;
  error?: string;
}

/** Loads `load` now, when `key` changes and on `reload`; a late answer of an older request is dropped, a reload keeps the last answer shown. */
export function useLoadable<T>(load: (() => Promise<T>) | null, key: string): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: load ? 'loading' : 'ready' });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const run = loadRef.current;
    const request = ++latest.current;
    if (!run) return setState({ status: 'ready' });
    setState((previous) => ({ status: 'loading', ...(previous.data !== undefined ? { data: previous.data } : {}) }));
    run().then(
      (data) => request === latest.current && setState({ status: 'ready', data }),
      (error: unknown) =>
        request === latest.current &&
        setState((previous) => ({
          status: 'error',
          error: errorMessage(error),
          ...(previous.data !== undefined ? { data: previous.data } : {}),
        })),
    );
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return [state, reload];
}
