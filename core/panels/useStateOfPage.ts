import { useCallback, useState } from 'react';

/**
 * State that belongs to one page: the same component shown for another page (a child link from 工单分析
 * to 停车分析 keeps the element) reads `undefined` at once, never the previous page's value for the
 * render before an effect could clear it (its layout named panels the new page does not have).
 */
export function useStateOfPage<T>(pageId: string): [T | undefined, (value: T | undefined) => void] {
  const [state, setState] = useState<{ pageId: string; value: T | undefined }>({ pageId, value: undefined });
  const set = useCallback((value: T | undefined) => setState({ pageId, value }), [pageId]);
  return [state.pageId === pageId ? state.value : undefined, set];
}
