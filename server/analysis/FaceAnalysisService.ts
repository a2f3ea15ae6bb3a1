import { sql } from 'kysely';
import type { PerceptionAlarmDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { AGE_BANDS, FACE_ATTRIBUTES, GENDERS } from '../../contracts/recognition';
import type { AnalysisWindow } from './analysisWindow';
import { percentOf, type RecognitionFigures } from './RecognitionFigures';
import { numberOf } from './sqlFigures';

/** A face's attributes are stored as ",GLASSES,MASK,": one attribute is a LIKE of its code between commas. */
const wearing = (attribute: string) => sql<number>`coalesce(sum(case when r.attributes like ${`%,${attribute},%`} then 1 else 0 end), 0)`;

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
    const [faces, alarms] = await Promise.all([
      this.figures
        .records(tenantId, window, ['face'])
        .select([
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`count(distinct r.device_id)`.as('cameras'),
          wearing('MASK').as('masks'),
        ])
        .executeTakeFirst(),
      this.figures.alarmCount(tenantId, window, this.alarmTypes),
    ]);
    const count = numberOf(faces?.n);
    return {
      items: [
        { name: '人脸抓拍', value: count, unit: '次' },
        { name: '抓拍相机', value: numberOf(faces?.cameras), unit: '台' },
        { name: '布防告警', value: alarms, unit: '条' },
        { name: '戴口罩占比', value: percentOf(numberOf(faces?.masks), count), unit: '%' },
      ],
    };
  }

  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['face'], sql.ref('r.kind'), ['face'], '次');
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
    const rows = await this.figures
      .records(tenantId, window, ['face'])
      .select(['r.age_band', 'r.gender', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['r.age_band', 'r.gender'])
      .execute();
    const count = (band: string, gender: string) => numberOf(rows.find((row) => row.age_band === band && row.gender === gender)?.n);
    return {
      axis: 'category',
      unit: '人次',
      series: GENDERS.filter((gender) => rows.some((row) => row.gender === gender)).map((gender) => ({
        name: gender,
        points: AGE_BANDS.map((band): [string, number] => [band, count(band, gender)]),
      })),
    };
  }

  /** Faces wearing each attribute, in the dictionary's order. */
  async attributes(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const row = await this.figures
      .records(tenantId, window, ['face'])
      .select(FACE_ATTRIBUTES.map((attribute) => wearing(attribute).as(attribute)))
      .executeTakeFirst();
    const counts: Record<string, unknown> = { ...row };
    return {
      unit: '人次',
      items: FACE_ATTRIBUTES.map((attribute) => ({ key: attribute, name: attribute, value: numberOf(counts[attribute]) })),
    };
  }
}
