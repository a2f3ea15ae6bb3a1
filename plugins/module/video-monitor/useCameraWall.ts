import { useCallback, useMemo, useState } from 'react';
import type { VideoTileCamera } from '@ops/sdk';

export const SPLITS = [1, 4, 9, 16] as const;
export type Split = (typeof SPLITS)[number];

/**
 * What a tile shows: a camera, or an operator's pushed picture (`operator`: `deviceId` is then their user
 * id, `since` when the push began — a new push plays afresh).
 */
export interface WallTile extends VideoTileCamera {
  operator?: { since: number };
}

const sameSource = (a: WallTile, b: WallTile) => a.deviceId === b.deviceId && !a.operator === !b.operator;

const fill = (tiles: (WallTile | undefined)[], count: number) => Array.from({ length: count }, (_, index) => tiles[index]);

/**
 * The tiles of a split video wall: which camera each shows and which tile takes the next camera (after
 * placing one, the next free tile is selected; with none free, the next tile round the grid).
 */
export function useCameraWall(initial: Split = 4) {
  const [split, setSplit] = useState<Split>(initial);
  const [tiles, setTiles] = useState<(WallTile | undefined)[]>(() => fill([], initial));
  const [selected, setSelected] = useState(0);

  const place = useCallback(
    (camera: WallTile, at?: number) => {
      setTiles((current) => {
        // A camera (or an operator's picture) already shown is not opened twice.
        if (current.some((tile) => tile && sameSource(tile, camera))) return current;
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
  // An operator who pushed again (another picture, or camera → screen): their tiles play the new one.
  const renewOperators = useCallback((live: readonly { userId: number; since: number }[]) => {
    setTiles((current) => {
      let changed = false;
      const next = current.map((tile) => {
        const now = tile?.operator && live.find((operator) => operator.userId === tile.deviceId);
        if (!tile || !now || now.since === tile.operator!.since) return tile;
        changed = true;
        return { ...tile, operator: { since: now.since } };
      });
      return changed ? next : current;
    });
  }, []);
  const cameraIds = useMemo(() => tiles.flatMap((tile) => (tile && !tile.operator ? [tile.deviceId] : [])), [tiles]);
  const operatorIds = useMemo(() => tiles.flatMap((tile) => (tile?.operator ? [tile.deviceId] : [])), [tiles]);
  return { split, tiles, selected, setSelected, place, changeSplit, stop, clear, renewOperators, cameraIds, operatorIds };
}

export type CameraWallState = ReturnType<typeof useCameraWall>;
