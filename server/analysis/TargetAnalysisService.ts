import { sql } from 'kysely';
import type { TargetDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { TARGET_TYPES } from '../../contracts/recognition';
import type { AnalysisWindow } from './analysisWindow';
import type { RecognitionFigures } from './RecognitionFigures';
import { numberOf } from './sqlFigures';

/** A mean to one decimal. */
const oneDecimal = (value: unknown) => Math.round(numberOf(value) * 10) / 10;

/** 目标检测: the tenant's target detections (helmet, smoke, crowd, intrusion …) and people counts within a window. */
export class TargetAnalysisService {
  constructor(private readonly figures: RecognitionFigures) {}

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const row = await this.figures
      .records(tenantId, window, ['target', 'peopleCount'])
      .select([
        sql<number>`coalesce(sum(case when r.kind = 'target' then 1 else 0 end), 0)`.as('targets'),
        sql<number>`count(distinct case when r.kind = 'target' then r.device_id end)`.as('cameras'),
        sql<number>`coalesce(sum(case when r.kind = 'peopleCount' then 1 else 0 end), 0)`.as('counts'),
        sql<number | null>`avg(case when r.kind = 'peopleCount' then r.people_count * 1.0 end)`.as('meanPeople'),
        sql<number | null>`max(case when r.kind = 'peopleCount' then r.people_count end)`.as('maxPeople'),
      ])
      .executeTakeFirst();
    return {
      items: [
        { name: '目标检测', value: numberOf(row?.targets), unit: '次' },
        { name: '检测相机', value: numberOf(row?.cameras), unit: '台' },
        { name: '人数统计', value: numberOf(row?.counts), unit: '次' },
        { name: '平均人数', value: oneDecimal(row?.meanPeople), unit: '人' },
        { name: '最大人数', value: numberOf(row?.maxPeople), unit: '人' },
      ],
    };
  }

  by(tenantId: number, window: AnalysisWindow, dimension: TargetDimension): Promise<CategoryData> {
    return dimension === 'type'
      ? this.figures.countBy(tenantId, window, ['target'], 'r.target_type', '次')
      : this.figures.countByCamera(tenantId, window, ['target'], '次', 15);
  }

  /** Detections per bucket, one series per target type (codes, in the dictionary's order). */
  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['target'], sql.ref('r.target_type'), TARGET_TYPES, '次');
  }

  byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.byHourOfDay(tenantId, window, ['target'], '目标检测', '次');
  }

  /** The mean and the largest people count reported in each bucket (0 where none was). */
  async people(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const rows = await this.figures
      .records(tenantId, window, ['peopleCount'])
      .select([
        this.figures.bucketOf(window, 'r.at').as('i'),
        sql<number | null>`avg(r.people_count * 1.0)`.as('mean'),
        sql<number | null>`max(r.people_count)`.as('largest'),
      ])
      .groupBy(sql.ref('i'))
      .execute();
    const byBucket = new Map(rows.map((row) => [numberOf(row.i), row]));
    const points = (value: (row: (typeof rows)[number]) => number) =>
      window.buckets.map((at, index): [number, number] => {
        const row = byBucket.get(index);
        return [at, row ? value(row) : 0];
      });
    return {
      axis: 'time',
      unit: '人',
      series: [
        { name: '平均人数', points: points((row) => oneDecimal(row.mean)) },
        { name: '最大人数', points: points((row) => numberOf(row.largest)) },
      ],
    };
  }
}
