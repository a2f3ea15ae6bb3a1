import type { PerceptionAlarmDimension, VehicleDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { formatPlate, type PowerType } from '../../contracts/recognition';
import type { CodedDimension } from '../recognition/RecognitionRollup';
import type { AnalysisWindow } from './analysisWindow';
import type { PlateFigures } from './PlateFigures';
import type { RecognitionFigures } from './RecognitionFigures';

/** The power type of a fuel vehicle (燃油); the others (纯电动, 混合动力) count as new energy. */
const FUEL: PowerType = 'RYC';

/** The rollup's dimension (the records' column) of each 按 choice. */
const COLUMN_OF: Record<VehicleDimension, CodedDimension> = {
  vehicleType: 'vehicle_type',
  powerType: 'power_type',
  plateColor: 'plate_color',
  vehicleColor: 'vehicle_color',
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
    const [totals, powered, plates, alarms] = await Promise.all([
      this.figures.counts(tenantId, window, ['vehicle', 'nonMotor'], '', 'total'),
      this.figures.counts(tenantId, window, ['vehicle'], 'power_type', 'total'),
      this.plateFigures.distinct(tenantId, window, ['vehicle', 'nonMotor']),
      this.figures.alarmCount(tenantId, window, this.alarmTypes),
    ]);
    const total = (kind: string) => totals.filter((count) => count.kind === kind).reduce((sum, count) => sum + count.n, 0);
    const newEnergy = powered.filter((count) => count.value !== FUEL).reduce((sum, count) => sum + count.n, 0);
    return {
      items: [
        { name: '过车总数', value: total('vehicle'), unit: '辆次' },
        { name: '车牌数', value: plates, unit: '个' },
        { name: '新能源车', value: newEnergy, unit: '辆次' },
        { name: '非机动车', value: total('nonMotor'), unit: '辆次' },
        { name: '车辆告警', value: alarms, unit: '条' },
      ],
    };
  }

  /** Vehicles and non-motor vehicles per bucket (series named by kind code). */
  flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.flow(tenantId, window, ['vehicle', 'nonMotor'], 'kind', ['vehicle', 'nonMotor'], '辆次');
  }

  byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    return this.figures.byHourOfDay(tenantId, window, ['vehicle'], '过车', '辆次');
  }

  by(tenantId: number, window: AnalysisWindow, dimension: VehicleDimension): Promise<CategoryData> {
    return this.figures.countByCode(tenantId, window, ['vehicle'], COLUMN_OF[dimension], '辆次');
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
