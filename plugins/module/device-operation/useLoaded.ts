import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetStatus } from '@ops/sdk';

export interface Loaded<T> {
  data: T | undefined;
  status: WidgetStatus;
  error?: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A read a panel shows: loading, its answer, or its failure (the previous answer stays on screen); a newer read wins. */
export function useLoaded<T>(read: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, status: 'loading' });
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, status: 'loading' }));
    try {
      const data = await read();
      if (mine === generation.current) setState({ data, status: 'ready' });
    } catch (error) {
      if (mine === generation.current) setState((previous) => ({ data: previous.data, status: 'error', error: message(error) }));
    }
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [state, reload];
}
