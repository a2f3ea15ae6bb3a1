import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetStatus } from '../widgets/widgetProps';
import { errorMessage } from '../../contracts/errorMessage';

/** What a panel shows of a read: its status, the last answer, and the failure's message. */
export interface Loaded<T> {
  data: T | undefined;
  status: WidgetStatus;
  error?: string;
}

const messageOf = (error: unknown) => errorMessage(error);

/**
 * A read a page's own panels show (pages that arrange their panels themselves; declared panels use
 * usePanelData): loading, its answer, or its failure with the previous answer kept on screen. Reads
 * again when `read` changes (keep it in useCallback) and on `reload`; a newer read wins over an older
 * one still under way.
 */
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
      if (mine === generation.current) setState((previous) => ({ data: previous.data, status: 'error', error: messageOf(error) }));
    }
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [state, reload];
}
