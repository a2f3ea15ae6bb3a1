import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTimeRange } from './usePageTimeRange';

// 2026-11-22 16:00 in Shanghai; its day began at 16:00 UTC the day before.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const DAY = 86_400_000;
const now = () => NOW;

describe('usePageTimeRange', () => {
  it('starts from the page’s default, follows the operator’s choice and keeps the days shown while 自定义 is picked', () => {
    const declared = { default: '7d' as const };
    const { result, rerender } = renderHook(({ pageId }) => usePageTimeRange(pageId, declared, now), { initialProps: { pageId: 'a' } });
    const week = { beginTime: TODAY - 6 * DAY, endTime: TODAY + DAY - 1 };
    expect(result.current.range?.bounds).toEqual(week);

    act(() => result.current.choose({ choice: 'today', custom: {} }));
    expect(result.current.range?.bounds).toEqual({ beginTime: TODAY, endTime: TODAY + DAY - 1 });

    // 自定义 starts from the days shown; one end cleared keeps the last complete range.
    act(() => result.current.choose({ choice: 'custom', custom: {} }));
    expect(result.current.range?.chosen.custom).toEqual({ begin: TODAY, end: TODAY + DAY - 1 });
    act(() => result.current.choose({ choice: 'custom', custom: { begin: TODAY - 3 * DAY } }));
    expect(result.current.range?.bounds).toEqual({ beginTime: TODAY, endTime: TODAY + DAY - 1 });
    act(() => result.current.choose({ choice: 'custom', custom: { begin: TODAY - 3 * DAY, end: TODAY - 1 } }));
    expect(result.current.range?.bounds).toEqual({ beginTime: TODAY - 3 * DAY, endTime: TODAY - 1 });

    // Another page starts from its own default.
    rerender({ pageId: 'b' });
    expect(result.current.range?.bounds).toEqual(week);
  });

  it('gives no range to a page that declares none', () => {
    const { result } = renderHook(() => usePageTimeRange('plain', undefined, now));
    expect(result.current.range).toBeUndefined();
  });
});
