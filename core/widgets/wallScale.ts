import { createContext, useContext } from 'react';

/**
 * Wall-screen sizes (大屏模式): the page fills exactly this many CSS pixels, no scrollbars. `scale` is
 * how much larger than the desktop everything is drawn; it is the one source of every wall size: CSS
 * reads it as `--wall-scale`/`--wall-zoom` (set by core/panels/wallMode.ts), charts and widgets through
 * `useWallScale`. (Here, on the widgets' floor, so widgets can read it; the shell reaches it through
 * wallMode.ts.)
 */
export const WALL_SIZES = {
  '1080': { width: 1920, height: 1080, scale: 1.25 },
  '4k': { width: 3840, height: 2160, scale: 2.5 },
} as const;
export type WallSize = keyof typeof WALL_SIZES;

/** The scale of a wall size; 1 off the wall. */
export function wallScaleOf(wall: WallSize | undefined): number {
  return wall ? WALL_SIZES[wall].scale : 1;
}

/**
 * How much larger than on a 1080p wall: 1 there, 2 at 4K. Widgets' wall looks were tuned on a 1080p
 * wall, so their wall sizes are "1080p pixels × zoom".
 */
export function wallZoomOf(scale: number): number {
  return scale / WALL_SIZES['1080'].scale;
}

/** The CSS custom properties of a scale: `--wall-scale` (desktop sizes × it) and `--wall-zoom` (1080p wall sizes × it). */
export function wallScaleProperties(scale: number): Record<'--wall-scale' | '--wall-zoom', string> {
  return { '--wall-scale': String(scale), '--wall-zoom': String(wallZoomOf(scale)) };
}

/** The scale of the wall the page is shown on (provided by the shell and the real-time board); 1 off the wall. */
export const WallScaleContext = createContext(1);

/**
 * The scale a widget draws at: 1 unless `wall`; then the page's wall scale, or a 1080p wall's outside
 * any wall (a story of a widget with `wall`).
 */
export function useWallScale(wall: boolean | undefined): number {
  const scale = useContext(WallScaleContext);
  if (!wall) return 1;
  return scale > 1 ? scale : WALL_SIZES['1080'].scale;
}

/** A widget's zoom: 1 off the wall and on a 1080p wall, 2 at 4K (its 1080p wall sizes × it). */
export function useWallZoom(wall: boolean | undefined): number {
  return wallZoomOf(Math.max(useWallScale(wall), WALL_SIZES['1080'].scale));
}
