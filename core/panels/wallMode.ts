/** Wall-screen sizes (大屏模式): the page fills exactly this many CSS pixels, no scrollbars. */
export const WALL_SIZES = {
  '1080': { width: 1920, height: 1080, scale: 1.25 },
  '4k': { width: 3840, height: 2160, scale: 2.5 },
} as const;
export type WallSize = keyof typeof WALL_SIZES;

/** `?wall=1080` or `?wall=4k` in the URL; anything else is no wall mode. */
export function wallSizeOf(search: string): WallSize | undefined {
  const value = new URLSearchParams(search).get('wall');
  return value === '1080' || value === '4k' ? value : undefined;
}

/**
 * The row height that makes `rows` rows (with their margins) fill `height` exactly: the grid is
 * `rows * rowHeight + (rows + 1) * margin` tall (react-grid-layout's container padding equals the margin).
 */
export function wallRowHeight(height: number, rows: number, margin: number): number {
  const count = Math.max(1, rows);
  return Math.max(8, (height - (count + 1) * margin) / count);
}
