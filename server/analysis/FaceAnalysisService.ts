import type { PerceptionAlarmDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { AGE_BANDS, FACE_ATTRIBUTES, GENDERS } from '../../contracts/recognition';
import type { AnalysisWindow } from './analysisWindow';
import { percentOf, type Count, type RecognitionFigures } from './RecognitionFigures';
import { demographicOf } from '../recognition/RecognitionRollup';

/**
 * 人脸管控: the tenant's face records and face alarms within a window. Face alarms (布防告警) are those
 * of the types whose manifest opens 人脸布控 (blacklist, ordinary watchlist, face recognition, strangers),
 * counted from the alarms table.
 */
export class FaceAnalysisService {
  constructor(
    private readonly figures: RecognitionFigures,
    private readonly alarmTypes: readonly string[],
    private readonly typeName: (code: string) => string,
  ) {}

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const [faces, masks, cameras, alarms] = await Promise.all([
      this.figures.counts(tenantId, window, ['face'], '', 'total'),
      this.figures.counts(tenantId, window, ['face'], 'attribute', 'total'),
      this.figures.perCamera(tenantId, window, ['face']),
      this.figures.alarmCount(tenantId, window, this.alarmTypes),
    ]);
    const count = sumOf(faces);
    return {
      items: [
        { name: '人脸抓拍', value: count, unit: '次' },
        { name: '抓拍相机', value: cameras.size, unit: '台' },
        { name: '布防告警', value: alarms, unit: '条' },
        { name: '戴口罩占比', value: percentOf(sumOf(masks.filter((entry) => entry.value === 'MASK')), count), unit: '%' },
      ],
    };
  }

  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['face'], 'kind', ['face'], '次');
  }

  byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.byHourOfDay(tenantId, window, ['face'], '人脸抓拍', '次');
  }

  byCamera(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    return this.figures.countByCamera(tenantId, window, ['face'], '次', 15);
  }

  alarmsBy(tenantId: number, window: AnalysisWindow, by: PerceptionAlarmDimension): Promise<CategoryData> {
    return this.figures.alarmsBy(tenantId, window, this.alarmTypes, by, this.typeName);
  }

  /** Faces by age band (the x axis, every band) and gender (one series per gender, codes). */
  async demographics(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const counts = new Map<string, number>();
    for (const entry of await this.figures.counts(tenantId, window, ['face'], 'demographic', 'total'))
      counts.set(entry.value, (counts.get(entry.value) ?? 0) + entry.n);
    const genders = new Set([...counts.keys()].map((value) => value.slice(value.indexOf('/') + 1)));
    return {
      axis: 'category',
      unit: '人次',
      series: GENDERS.filter((gender) => genders.has(gender)).map((gender) => ({
        name: gender,
        points: AGE_BANDS.map((band): [string, number] => [band, counts.get(demographicOf(band, gender)) ?? 0]),
      })),
    };
  }

  /** Faces wearing each attribute, in the dictionary's order. */
  async attributes(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const worn = await this.figures.counts(tenantId, window, ['face'], 'attribute', 'total');
    return {
      unit: '人次',
      items: FACE_ATTRIBUTES.map((attribute) => ({
        key: attribute,
        name: attribute,
        value: sumOf(worn.filter((entry) => entry.value === attribute)),
      })),
    };
  }
}

const sumOf = (counts: readonly Count[]) => counts.reduce((sum, entry) => sum + entry.n, 0);
