import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../contracts/errorMessage';
import type { WidgetStatus } from './widgetProps';

/** A panel's data as its widget shows it: loading, error (with the message) or ready, keeping the last answer. */
export interface Loadable<T> {
  status: WidgetStatus;
  data?: T;
  error?: string;
}

/**
 * Loads `load` now, again when `key` changes and whenever `reload` is called; an answer that arrives
 * after a newer request started is dropped; a reload keeps the last answer shown meanwhile. `load` null: nothing to load (status ready, no data).
 */
export function useLoadable<T>(load: (() => Promise<T>) | null, key: string): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: load ? 'loading' : 'ready' });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const lastKey = useRef(key);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const run = loadRef.current;
    const request = ++latest.current;
    if (!run) {
      setState({ status: 'ready' });
      return;
    }
    // A reload keeps the last answer on screen; another key (another event) starts afresh.
    const sameKey = lastKey.current === key;
    lastKey.current = key;
    setState((previous) => ({ status: 'loading', ...(sameKey && previous.data !== undefined ? { data: previous.data } : {}) }));
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
