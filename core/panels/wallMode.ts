import { useLayoutEffect, type CSSProperties } from 'react';
import { WALL_SIZES, wallScaleProperties, type WallSize } from '../widgets/wallScale';

export { WALL_SIZES, WallScaleContext, wallScaleOf, wallZoomOf, useWallScale, type WallSize } from '../widgets/wallScale';

/** `?wall=1080` or `?wall=4k` in the URL; anything else is no wall mode. */
export function wallSizeOf(search: string): WallSize | undefined {
  const value = new URLSearchParams(search).get('wall');
  return value === '1080' || value === '4k' ? value : undefined;
}

/** The style of a wall-screen shell: exactly the screen's size, and the scale for its CSS (`--wall-scale`, `--wall-zoom`). */
export function wallShellStyle(wall: WallSize | undefined): CSSProperties | undefined {
  if (!wall) return undefined;
  const style: CSSProperties & Record<string, string | number> = {
    width: WALL_SIZES[wall].width,
    height: WALL_SIZES[wall].height,
    ...wallScaleProperties(WALL_SIZES[wall].scale),
  };
  return style;
}

/**
 * On a wall screen the document never scrolls (`html.is-wall`) and carries the scale too, so what
 * Blueprint draws outside the shell (toasts, popovers, menus) scales with it.
 */
export function useWallDocument(wall: WallSize | undefined): void {
  useLayoutEffect(() => {
    if (!wall) return;
    const root = document.documentElement;
    const properties = Object.entries(wallScaleProperties(WALL_SIZES[wall].scale));
    root.classList.add('is-wall');
    for (const [name, value] of properties) root.style.setProperty(name, value);
    return () => {
      root.classList.remove('is-wall');
      for (const [name] of properties) root.style.removeProperty(name);
    };
  }, [wall]);
}

/**
 * The row height that makes `rows` rows (with their margins) fill `height` exactly: the grid is
 * `rows * rowHeight + (rows + 1) * margin` tall (react-grid-layout's container padding equals the margin).
 */
export function wallRowHeight(height: number, rows: number, margin: number): number {
  const count = Math.max(1, rows);
  return Math.max(8, (height - (count + 1) * margin) / count);
}
