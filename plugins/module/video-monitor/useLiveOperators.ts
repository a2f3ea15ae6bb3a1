import { useCallback, useEffect, useState } from 'react';
import type { CameraStreams, TokenType } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';

/** The app's live video service (cameras, operators' pictures, pushing one's own). */
export type LiveStreams = TokenType<typeof CameraStreams>;
/** An operator's pushed picture as `GET /stream/live` lists it. */
export type LiveOperator = Awaited<ReturnType<LiveStreams['liveOperators']>>[number];
export type PushSource = Parameters<LiveStreams['push']>[0];

export type LiveOperatorsLoad = { status: 'loading' } | { status: 'ready'; value: LiveOperator[] } | { status: 'error'; message: string };

/** How often the list of operators' pictures is read again. */
export const LIVE_REFRESH_MS = 5000;

/**
 * The tenant's operators who push a picture now: read at once, every `everyMs` while the page is visible,
 * and on `refresh()` (after the operator's own push starts or stops). A failed read keeps the last list.
 */
export function useLiveOperators(streams: LiveStreams, everyMs = LIVE_REFRESH_MS) {
  const [operators, setOperators] = useState<LiveOperatorsLoad>({ status: 'loading' });
  const refresh = useCallback(async () => {
    try {
      const value = await streams.liveOperators();
      setOperators({ status: 'ready', value });
    } catch (error) {
      setOperators((current) => (current.status === 'ready' ? current : { status: 'error', message: errorMessage(error) }));
    }
  }, [streams]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [refresh, everyMs]);
  return { operators, refresh };
}
