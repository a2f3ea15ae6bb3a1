import { useCallback, useState } from 'react';
import type { PageTimeRange } from '../../contracts/panels';
import { boundsOf, type ChosenTimeRange, type TimeRangeBounds } from './pageTimeRange';

export interface PageRange {
  chosen: ChosenTimeRange;
  /** What the panels are asked for: the chosen range, or the last complete one while 自定义 days are picked. */
  bounds: TimeRangeBounds | undefined;
}

/**
 * The time range of a panel page that declares one: its default until the operator chooses another, kept
 * per page (a new page id starts from its own default). 自定义 starts from the days being shown.
 */
export function usePageTimeRange(
  pageId: string,
  declared: PageTimeRange | undefined,
  now: () => number = Date.now,
): { range: PageRange | undefined; choose(chosen: ChosenTimeRange): void } {
  const initial = useCallback((): PageRange | undefined => {
    if (!declared) return undefined;
    const chosen: ChosenTimeRange = { choice: declared.default, custom: {} };
    return { chosen, bounds: boundsOf(chosen, now()) };
  }, [declared, now]);
  const [state, setState] = useState(() => ({ pageId, range: initial() }));
  const range = state.pageId === pageId ? state.range : initial();
  const choose = useCallback(
    (next: ChosenTimeRange) =>
      setState((previous) => {
        const current = previous.pageId === pageId ? previous.range : initial();
        const shown = current?.bounds;
        const chosen =
          next.choice === 'custom' && next.custom.begin === undefined && next.custom.end === undefined && shown
            ? { choice: next.choice, custom: { begin: shown.beginTime, end: shown.endTime } }
            : next;
        return { pageId, range: { chosen, bounds: boundsOf(chosen, now()) ?? shown } };
      }),
    [initial, now, pageId],
  );
  return { range, choose };
}
