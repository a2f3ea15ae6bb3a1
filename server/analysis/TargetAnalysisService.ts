import type { TargetDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { TARGET_TYPES } from '../../contracts/recognition';
import type { AnalysisWindow } from './analysisWindow';
import type { PeopleCount, RecognitionFigures } from './RecognitionFigures';
import { numberOf } from './sqlFigures';

/** A mean to one decimal. */
const oneDecimal = (value: unknown) => Math.round(numberOf(value) * 10) / 10;

/** 目标检测: the tenant's target detections (helmet, smoke, crowd, intrusion …) and people counts within a window. */
export class TargetAnalysisService {
  constructor(private readonly figures: RecognitionFigures) {}

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const [totals, cameras, people] = await Promise.all([
      this.figures.counts(tenantId, window, ['target', 'peopleCount'], '', 'total'),
      this.figures.perCamera(tenantId, window, ['target']),
      this.figures.people(tenantId, window, 'total'),
    ]);
    const total = (kind: string) => totals.filter((count) => count.kind === kind).reduce((sum, count) => sum + count.n, 0);
    const counted = people[0];
    return {
      items: [
        { name: '目标检测', value: total('target'), unit: '次' },
        { name: '检测相机', value: cameras.size, unit: '台' },
        { name: '人数统计', value: total('peopleCount'), unit: '次' },
        { name: '平均人数', value: counted?.n ? oneDecimal(counted.sum / counted.n) : 0, unit: '人' },
        { name: '最大人数', value: counted?.max ?? 0, unit: '人' },
      ],
    };
  }

  by(tenantId: number, window: AnalysisWindow, dimension: TargetDimension): Promise<CategoryData> {
    return dimension === 'type'
      ? this.figures.countByCode(tenantId, window, ['target'], 'target_type', '次')
      : this.figures.countByCamera(tenantId, window, ['target'], '次', 15);
  }

  /** Detections per bucket, one series per target type (codes, in the dictionary's order). */
  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['target'], 'target_type', TARGET_TYPES, '次');
  }

  byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.byHourOfDay(tenantId, window, ['target'], '目标检测', '次');
  }

  /** The mean and the largest people count reported in each bucket (0 where none was). */
  async people(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const byBucket = new Map((await this.figures.people(tenantId, window, 'bucket')).map((count) => [count.key, count]));
    const points = (value: (count: PeopleCount) => number) =>
      window.buckets.map((at, index): [number, number] => {
        const count = byBucket.get(index);
        return [at, count?.n ? value(count) : 0];
      });
    return {
      axis: 'time',
      unit: '人',
      series: [
        { name: '平均人数', points: points((count) => oneDecimal(count.sum / count.n)) },
        { name: '最大人数', points: points((count) => count.max ?? 0) },
      ],
    };
  }
}
