import { describe, expect, it } from 'vitest';
import { panelsCsv } from './panelCsv';

const NOON = Date.UTC(2026, 10, 22, 4, 0, 0); // 2026-11-22 12:00:00 in Shanghai

describe('a panel page as CSV', () => {
  it('writes each panel’s figures under its title, in the shape its data has', () => {
    const csv = panelsCsv(
      ['页面：数据分析-工单分析', '统计时间：2026-11-16 至 2026-11-22'],
      [
        {
          title: '工单概况',
          data: {
            items: [
              { name: '新建工单', value: 12, unit: '件' },
              { name: '按时办结率', value: 87.5, unit: '%' },
            ],
          },
        },
        { title: '按来源', data: { unit: '件', items: [{ name: '告警', value: 3, key: 'alarm' }] } },
        {
          title: '工单积压',
          data: {
            axis: 'time',
            unit: '件',
            series: [
              { name: '未办结', points: [[NOON, 4]] },
              { name: '新建', points: [[NOON, 2]] },
            ],
          },
        },
        {
          title: '各时段',
          data: {
            axis: 'category',
            series: [
              {
                name: '告警',
                points: [
                  ['0时', 1],
                  ['1时', 0],
                ],
              },
            ],
          },
          unit: '条',
        },
        {
          title: '车场明细',
          data: {
            columns: [
              { key: 'name', title: '停车场' },
              { key: 'revenue', title: '收入（元）' },
            ],
            rows: [{ name: '北门, "一号"', revenue: 10.5 }],
            total: 1,
          },
        },
        { title: '今日告警', data: { value: 5, previous: 3, unit: '条' } },
        { title: '还在读', data: undefined },
        { title: '别的形状', data: { something: true } },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      '页面：数据分析-工单分析',
      '统计时间：2026-11-16 至 2026-11-22',
      '',
      '工单概况',
      '名称,数值,单位',
      '新建工单,12,件',
      '按时办结率,87.5,%',
      '',
      '按来源',
      '名称,数值,单位',
      '告警,3,件',
      '',
      '工单积压',
      '时间,未办结（件）,新建（件）',
      '2026-11-22 12:00:00,4,2',
      '',
      '各时段',
      '类别,告警（条）',
      '0时,1',
      '1时,0',
      '',
      '车场明细',
      '停车场,收入（元）',
      '"北门, ""一号""",10.5',
      '',
      '今日告警',
      '数值,单位,上期',
      '5,条,3',
      '',
      '还在读',
      '（暂无数据）',
      '',
      '别的形状',
      '（该面板的数据不能导出为表格）',
      '',
    ]);
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    const csv = panelsCsv([], [{ title: 't', data: { items: [{ name: '=HYPERLINK("x")', value: -3 }] } }]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")",-3,`);
  });
});
