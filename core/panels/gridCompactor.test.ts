import { describe, expect, it } from 'vitest';
import { repairLayout } from '../../contracts/panels';
import { stackingCompactor } from './gridCompactor';

const item = (i: string, x: number, y: number, w: number, h: number) => ({ i, x, y, w, h });
const limits = (ids: string[]) => ids.map((id) => ({ id, size: {} }));
const asStored = (layout: readonly { i: string; x: number; y: number; w: number; h: number }[]) =>
  layout.map(({ i, x, y, w, h }) => ({ panel: i, x, y, w, h }));

describe('the grid compactor over the map', () => {
  it('pushes the panels a resized one now covers down below it, as the server would, and closes no gap', () => {
    // 综合态势's right column: 今日告警 made taller runs into the two small panels under it.
    const layout = [
      item('alarmsToday', 18, 0, 6, 5),
      item('byStatus', 18, 3, 3, 4),
      item('byGrade', 21, 3, 3, 4),
      item('byType', 18, 7, 6, 4),
      item('left', 0, 12, 6, 4),
    ];
    const compacted = stackingCompactor(() => 'alarmsToday').compact(layout, 24);
    expect(compacted.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      item('alarmsToday', 18, 0, 6, 5),
      item('byStatus', 18, 5, 3, 4),
      item('byGrade', 21, 5, 3, 4),
      item('byType', 18, 9, 6, 4),
      item('left', 0, 12, 6, 4),
    ]);
    // What the operator sees is what the server keeps: its repair finds nothing to change.
    expect(repairLayout(asStored(compacted), limits(layout.map((entry) => entry.i))).changes).toEqual([]);
    // Without the compactor the server would have moved three panels on save.
    expect(repairLayout(asStored(layout), limits(layout.map((entry) => entry.i))).changes).toHaveLength(3);
  });

  it('keeps the panel being dragged or resized where the pointer has it, even above the panels it covers', () => {
    const layout = [item('top', 6, 0, 6, 4), item('grown', 0, 2, 10, 3)];
    const compacted = stackingCompactor(() => 'grown').compact(layout, 24);
    expect(compacted.map(({ i, y }) => [i, y])).toEqual([
      ['top', 5],
      ['grown', 2],
    ]);
    // With no panel in hand, top to bottom: the lower one moves.
    expect(
      stackingCompactor(() => undefined)
        .compact(layout, 24)
        .map(({ i, y }) => [i, y]),
    ).toEqual([
      ['top', 0],
      ['grown', 4],
    ]);
  });

  it('leaves a layout without overlaps exactly as it is', () => {
    const layout = [item('a', 0, 0, 6, 3), item('b', 0, 10, 6, 3), item('c', 18, 4, 6, 3)];
    expect(
      stackingCompactor(() => undefined)
        .compact(layout, 24)
        .map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    ).toEqual(layout);
  });
});
