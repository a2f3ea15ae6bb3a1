import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SeriesData } from '../../contracts/panels';
import { LineChart } from './LineChart/LineChart';
import { useWallScale, useWallZoom, WALL_SIZES, WallScaleContext, wallScaleOf, wallScaleProperties, wallZoomOf } from './wallScale';

const onWall =
  (scale: number) =>
  ({ children }: { children: ReactNode }) => <WallScaleContext.Provider value={scale}>{children}</WallScaleContext.Provider>;

describe('the wall scale', () => {
  it('is 1 off the wall, 1.25 on a 1080p wall and 2.5 at 4K; a 4K wall zooms 2× a 1080p one', () => {
    expect(wallScaleOf(undefined)).toBe(1);
    expect(wallScaleOf('1080')).toBe(1.25);
    expect(wallScaleOf('4k')).toBe(2.5);
    expect(wallZoomOf(WALL_SIZES['1080'].scale)).toBe(1);
    expect(wallZoomOf(WALL_SIZES['4k'].scale)).toBe(2);
    expect(wallScaleProperties(2.5)).toEqual({ '--wall-scale': '2.5', '--wall-zoom': '2' });
  });

  it('reaches a widget through the context; a widget not told `wall` stays at the desktop size', () => {
    expect(renderHook(() => useWallScale(true), { wrapper: onWall(2.5) }).result.current).toBe(2.5);
    expect(renderHook(() => useWallZoom(true), { wrapper: onWall(2.5) }).result.current).toBe(2);
    expect(renderHook(() => useWallScale(false), { wrapper: onWall(2.5) }).result.current).toBe(1);
    // A story of a wall widget, outside any wall: drawn as on a 1080p wall.
    expect(renderHook(() => useWallScale(true)).result.current).toBe(1.25);
    expect(renderHook(() => useWallZoom(true)).result.current).toBe(1);
  });

  it('a chart on a 4K wall is given axis labels and a legend twice those of a 1080p wall', async () => {
    const data: SeriesData = {
      axis: 'category',
      series: [
        {
          name: '今日',
          points: [
            ['08时', 1],
            ['09时', 3],
          ],
        },
        {
          name: '昨日',
          points: [
            ['08时', 2],
            ['09时', 2],
          ],
        },
      ],
    };
    const sizesOn = async (scale: number) => {
      const { unmount } = render(
        <WallScaleContext.Provider value={scale}>
          <LineChart data={data} status="ready" wall />
        </WallScaleContext.Provider>,
      );
      const chart = screen.getByRole('img');
      await waitFor(() => expect(chart.dataset.axisLabelSize).toBeDefined());
      const sizes = { axisLabel: Number(chart.dataset.axisLabelSize), legend: Number(chart.dataset.legendSize) };
      unmount();
      return sizes;
    };
    const hd = await sizesOn(WALL_SIZES['1080'].scale);
    const uhd = await sizesOn(WALL_SIZES['4k'].scale);
    expect(hd.axisLabel).toBeGreaterThan(0);
    expect(uhd.axisLabel).toBeGreaterThanOrEqual(2 * hd.axisLabel);
    expect(uhd.legend).toBeGreaterThanOrEqual(2 * hd.legend);
  });
});
