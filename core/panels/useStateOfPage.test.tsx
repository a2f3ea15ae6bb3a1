import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStateOfPage } from './useStateOfPage';

describe('useStateOfPage', () => {
  it("reads nothing for another page in the very render it changes, and each page's own value after a set", () => {
    const seen: (string | undefined)[] = [];
    const { result, rerender } = renderHook(
      ({ pageId }) => {
        const state = useStateOfPage<string>(pageId);
        seen.push(state[0]);
        return state;
      },
      { initialProps: { pageId: 'analysis/orders' } },
    );
    act(() => result.current[1]('工单分析的布局'));
    expect(result.current[0]).toBe('工单分析的布局');
    seen.length = 0;
    rerender({ pageId: 'analysis/parking' });
    expect(seen[0]).toBeUndefined();
    act(() => result.current[1]('停车分析的布局'));
    expect(result.current[0]).toBe('停车分析的布局');
  });
});
