import { describe, expect, it } from 'vitest';
import type { CategoryData, HeatmapData, SeriesData, StatGroupData } from '../../contracts/panels';
import { dictionaryTypesOf, labellerOf, labelWithDictionaries } from './dictionaryLabels';

const ageBands = new Map([
  ['YOUTH', '青年'],
  ['SENIOR', '老年'],
]);
const genders = new Map([
  ['0', '男'],
  ['1', '女'],
]);
const label = labellerOf([ageBands, genders]);

describe('dictionary labels of panel data', () => {
  it('labels category items by key (else name) and leaves unknown codes and the answer itself alone', () => {
    const data: CategoryData = {
      unit: '人',
      items: [
        { key: 'YOUTH', name: 'YOUTH', value: 3 },
        { name: 'SENIOR', value: 2 },
        { key: 'ALIEN', name: 'ALIEN', value: 1 },
      ],
    };
    expect(labelWithDictionaries(data, label).items.map((item) => [item.key, item.name, item.value])).toEqual([
      ['YOUTH', '青年', 3],
      [undefined, '老年', 2],
      ['ALIEN', 'ALIEN', 1],
    ]);
    expect(data.items[0]!.name).toBe('YOUTH');
  });

  it('labels series names, and category-axis values but not times', () => {
    const byAge: SeriesData = { axis: 'category', series: [{ name: '0', points: [['YOUTH', 4]] }] };
    expect(labelWithDictionaries(byAge, label).series).toEqual([{ name: '男', points: [['青年', 4]] }]);
    const overTime: SeriesData = { axis: 'time', series: [{ name: '1', points: [[0, 4]] }] };
    expect(labelWithDictionaries(overTime, label).series).toEqual([{ name: '女', points: [[0, 4]] }]);
  });

  it('labels heatmap axes and figure names; keeps undefined and non-object answers', () => {
    const cells: HeatmapData = { x: ['YOUTH', '9时'], y: ['1'], cells: [[0, 0, 1]] };
    expect(labelWithDictionaries(cells, label)).toMatchObject({ x: ['青年', '9时'], y: ['女'] });
    const figures: StatGroupData = { items: [{ name: 'SENIOR', value: 1 }] };
    expect(labelWithDictionaries(figures, label).items[0]!.name).toBe('老年');
    expect(labelWithDictionaries(undefined, label)).toBeUndefined();
  });

  it('reads the dictionary types a panel names, ignoring malformed options', () => {
    expect(dictionaryTypesOf({ dictionaries: ['face_age_band', 'sys_user_sex'] })).toEqual(['face_age_band', 'sys_user_sex']);
    expect(dictionaryTypesOf({ dictionaries: 'face_age_band' })).toEqual([]);
    expect(dictionaryTypesOf({ dictionaries: [1, ''] })).toEqual([]);
    expect(dictionaryTypesOf(undefined)).toEqual([]);
  });
});
