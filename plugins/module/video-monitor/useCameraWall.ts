import { useCallback, useState } from 'react';
import type { VideoTileCamera } from '@ops/sdk';

export const SPLITS = [1, 4, 9, 16] as const;
export type Split = (typeof SPLITS)[number];

const fill = (tiles: (VideoTileCamera | undefined)[], count: number) => Array.from({ length: count }, (_, index) => tiles[index]);

/**
 * The tiles of a split video wall: which camera each shows and which tile takes the next camera (after
 * placing one, the next free tile is selected; with none free, the next tile round the grid).
 */
export function useCameraWall(initial: Split = 4) {
  const [split, setSplit] = useState<Split>(initial);
  const [tiles, setTiles] = useState<(VideoTileCamera | undefined)[]>(() => fill([], initial));
  const [selected, setSelected] = useState(0);

  const place = useCallback(
    (camera: VideoTileCamera, at?: number) => {
      setTiles((current) => {
        // A camera already shown is not opened twice.
        if (current.some((tile) => tile?.deviceId === camera.deviceId)) return current;
        const target = at ?? selected;
        const next = [...current];
        next[target] = camera;
        const free = next.findIndex((tile, index) => index > target && !tile);
        setSelected(free >= 0 ? free : (target + 1) % next.length);
        return next;
      });
    },
    [selected],
  );
  const changeSplit = useCallback((value: Split) => {
    setSplit(value);
    setTiles((current) => fill(current, value));
    setSelected((current) => (current < value ? current : 0));
  }, []);
  const stop = useCallback((index: number) => setTiles((current) => current.map((tile, at) => (at === index ? undefined : tile))), []);
  const clear = useCallback(() => {
    setTiles((current) => fill([], current.length));
    setSelected(0);
  }, []);
  return { split, tiles, selected, setSelected, place, changeSplit, stop, clear };
}

export type CameraWallState = ReturnType<typeof useCameraWall>;
