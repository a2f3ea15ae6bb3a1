import { sql } from 'kysely';
import type { PerceptionAlarmDimension, VehicleDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { formatPlate, type PowerType } from '../../contracts/recognition';
import type { AnalysisWindow } from './analysisWindow';
import type { PlateFigures } from './PlateFigures';
import type { RecognitionFigures } from './RecognitionFigures';
import { numberOf } from './sqlFigures';

/** The power type of a fuel vehicle (燃油); the others (纯电动, 混合动力) count as new energy. */
const FUEL: PowerType = 'RYC';

const COLUMN_OF: Record<VehicleDimension, string> = {
  vehicleType: 'r.vehicle_type',
  powerType: 'r.power_type',
  plateColor: 'r.plate_color',
  vehicleColor: 'r.vehicle_color',
};

/**
 * 车辆管控: the tenant's vehicle (and non-motor) recognition records and vehicle alarms within a window.
 * Vehicle alarms are those of the types whose manifest opens 车辆布控 (traffic violations, retrograde
 * vehicles, stranger and watchlist vehicles), named by their manifests.
 */
export class VehicleAnalysisService {
  constructor(
    private readonly figures: RecognitionFigures,
    private readonly plateFigures: PlateFigures,
    private readonly alarmTypes: readonly string[],
    private readonly typeName: (code: string) => string,
  ) {}

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const [records, plates, alarms] = await Promise.all([
      this.figures
        .records(tenantId, window, ['vehicle', 'nonMotor'])
        .select([
          sql<number>`coalesce(sum(case when r.kind = 'vehicle' then 1 else 0 end), 0)`.as('vehicles'),
          sql<number>`coalesce(sum(case when r.kind = 'nonMotor' then 1 else 0 end), 0)`.as('nonMotor'),
          sql<number>`coalesce(sum(case when r.kind = 'vehicle' and r.power_type <> ${FUEL} then 1 else 0 end), 0)`.as('newEnergy'),
        ])
        .executeTakeFirst(),
      this.plateFigures.distinct(tenantId, window, ['vehicle', 'nonMotor']),
      this.figures.alarmCount(tenantId, window, this.alarmTypes),
    ]);
    return {
      items: [
        { name: '过车总数', value: numberOf(records?.vehicles), unit: '辆次' },
        { name: '车牌数', value: plates, unit: '个' },
        { name: '新能源车', value: numberOf(records?.newEnergy), unit: '辆次' },
        { name: '非机动车', value: numberOf(records?.nonMotor), unit: '辆次' },
        { name: '车辆告警', value: alarms, unit: '条' },
      ],
    };
  }

  /** Vehicles and non-motor vehicles per bucket (series named by kind code). */
  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['vehicle', 'nonMotor'], sql.ref('r.kind'), ['vehicle', 'nonMotor'], '辆次');
  }

  byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.byHourOfDay(tenantId, window, ['vehicle'], '过车', '辆次');
  }

  by(tenantId: number, window: AnalysisWindow, dimension: VehicleDimension): Promise<CategoryData> {
    return this.figures.countBy(tenantId, window, ['vehicle'], COLUMN_OF[dimension], '辆次');
  }

  /** The ten plates seen most often (keyed by the stored plate, named as plates are shown: 浙A·12345). */
  async plates(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const top = await this.plateFigures.top(tenantId, window, ['vehicle'], 10);
    return { unit: '次', items: top.map(({ plate, n }) => ({ key: plate, name: formatPlate(plate), value: n })) };
  }

  alarmsBy(tenantId: number, window: AnalysisWindow, by: PerceptionAlarmDimension): Promise<CategoryData> {
    return this.figures.alarmsBy(tenantId, window, this.alarmTypes, by, this.typeName);
  }
}
