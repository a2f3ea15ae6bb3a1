import { useCallback, useEffect, useRef, useState } from 'react';
import type { PanelQuery } from '../../contracts/panels';
import { HttpClient } from '../http/HttpClient';
import { useService } from '../di/useService';
import { EventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL } from '../push/RoutedPush';
import { errorMessage } from '../../contracts/errorMessage';

export interface PanelDataSource {
  query?: PanelQuery;
  refreshSeconds?: number;
  pushTopics?: string[];
}

export interface PanelData<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: string | undefined;
  /** Reads the query again now (the error state's 重试). */
  reload(): void;
}

/** Pushes in a burst (an alarm storm) cause one read, this long after the first. */
export const PUSH_DEBOUNCE_MS = 400;

/**
 * The one way a panel gets its data: GET its query (quietly: the panel shows its own error), again
 * every `refreshSeconds`, and again shortly after a push whose event type or in-app topic it names.
 * While it re-reads, the last data stays on screen. A panel without a query is ready with no data.
 */
export function usePanelData<T>(source: PanelDataSource): PanelData<T> {
  const http = useService(HttpClient);
  const bus = useService(EventBus);
  const { query, refreshSeconds, pushTopics } = source;
  const path = query?.path;
  const params = JSON.stringify(query?.params ?? {});
  const topics = (pushTopics ?? []).join(',');
  const [state, setState] = useState<Omit<PanelData<T>, 'reload'>>({
    status: path ? 'loading' : 'ready',
    data: undefined,
    error: undefined,
  });
  // Only the newest read may set the state: an older answer arriving late is dropped.
  const generation = useRef(0);

  const read = useCallback(async () => {
    if (!path) return;
    const mine = ++generation.current;
    try {
      const reply = await http.get<T>(path, JSON.parse(params) as Record<string, string | number | boolean>, {
        loading: false,
        quiet: true,
      });
      // RuoYi list routes answer a page as `rows` and `total` beside `code`, not in `data`.
      const data =
        reply.data === undefined && Array.isArray(reply.rows)
          ? ({ rows: reply.rows, total: typeof reply.total === 'number' ? reply.total : reply.rows.length } as T)
          : reply.data;
      if (mine === generation.current) setState({ status: 'ready', data, error: undefined });
    } catch (error) {
      if (mine === generation.current) setState((previous) => ({ status: 'error', data: previous.data, error: errorMessage(error) }));
    }
  }, [http, path, params]);

  useEffect(() => {
    if (!path) return;
    setState((previous) => (previous.status === 'error' ? { ...previous, status: 'loading' } : previous));
    void read();
    const timer = refreshSeconds ? setInterval(() => void read(), refreshSeconds * 1000) : undefined;
    return () => {
      clearInterval(timer);
      // Not a DOM ref: bumping the counter is what makes reads still under way drop their answers.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
  }, [path, read, refreshSeconds]);

  useEffect(() => {
    if (!path || !topics) return;
    const wanted = new Set(topics.split(','));
    let pending: ReturnType<typeof setTimeout> | undefined;
    const nudge = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void read();
      }, PUSH_DEBOUNCE_MS);
    };
    // A push is named either by its event type (online_event) or by the in-app topic it is routed to.
    const unsubscribe = bus.subscribe(PUSH_TOPIC_ALL, ({ message, route }) => {
      if (wanted.has(message.eventType) || wanted.has(route.topic)) nudge();
    });
    return () => {
      unsubscribe();
      clearTimeout(pending);
    };
  }, [bus, path, read, topics]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, status: previous.data === undefined ? 'loading' : previous.status }));
    void read();
  }, [read]);
  return { ...state, reload };
}
