import { describe, expect, it } from 'vitest';
import { repairLayout, type PanelLimits } from './panels';

const panels: PanelLimits[] = [
  { id: 'alarms', size: { minW: 4, minH: 2 } },
  { id: 'trend', size: {} },
  { id: 'devices', size: { minW: 6 } },
];

describe('repairLayout', () => {
  it('returns a layout that fits unchanged, in the order given', () => {
    const items = [
      { panel: 'trend', x: 6, y: 0, w: 6, h: 3 },
      { panel: 'alarms', x: 0, y: 0, w: 6, h: 3 },
    ];
    expect(repairLayout(items, panels)).toEqual({ items, changes: [] });
  });

  it('drops unknown and repeated panels', () => {
    const { items, changes } = repairLayout(
      [
        { panel: 'gone', x: 0, y: 0, w: 4, h: 2 },
        { panel: 'trend', x: 0, y: 0, w: 4, h: 2 },
        { panel: 'trend', x: 4, y: 0, w: 4, h: 2 },
      ],
      panels,
    );
    expect(items).toEqual([{ panel: 'trend', x: 0, y: 0, w: 4, h: 2 }]);
    expect(changes).toEqual(['面板 gone 已不存在，已移除', '面板 trend 重复，已去掉多余的一个']);
  });

  it('holds sizes to the panel minimum and positions to the grid', () => {
    const { items, changes } = repairLayout(
      [
        { panel: 'alarms', x: 22, y: -3, w: 1, h: 1 },
        { panel: 'devices', x: 0, y: 10, w: 40, h: 2.6 },
      ],
      panels,
    );
    expect(items).toEqual([
      { panel: 'alarms', x: 20, y: 0, w: 4, h: 2 },
      { panel: 'devices', x: 0, y: 10, w: 24, h: 3 },
    ]);
    expect(changes).toHaveLength(2);
  });

  it('moves overlapping panels down until nothing overlaps', () => {
    const { items } = repairLayout(
      [
        { panel: 'alarms', x: 0, y: 0, w: 8, h: 4 },
        { panel: 'trend', x: 4, y: 1, w: 8, h: 2 },
        { panel: 'devices', x: 6, y: 2, w: 6, h: 2 },
      ],
      panels,
    );
    expect(items).toEqual([
      { panel: 'alarms', x: 0, y: 0, w: 8, h: 4 },
      { panel: 'trend', x: 4, y: 4, w: 8, h: 2 },
      { panel: 'devices', x: 6, y: 6, w: 6, h: 2 },
    ]);
  });
});
