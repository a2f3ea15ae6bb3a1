import type { FastifyInstance } from 'fastify';
import {
  EMERGENCY_API,
  SENSOR_METRICS,
  SENSOR_READINGS_MAX_DEVICES,
  SENSOR_READINGS_MAX_HOURS,
  type SensorReadingsQuery,
} from '../../contracts/emergency';
import { access } from '../access/RouteAccess';
import { badRequest, ok } from '../envelope';
import type { SensorReadingService } from './SensorReadingService';

const MAX_ID = 2147483647;
const DEVICE_IDS = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;

/** 水情 trends (安防应急 pages): GET EMERGENCY_API.readings, contracts/emergency.ts SensorReadingsQuery. */
export async function sensorRoutes(api: FastifyInstance, sensors: SensorReadingService): Promise<void> {
  api.get(
    EMERGENCY_API.readings,
    {
      config: { access: access.menu('platform:securityEmergency') },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            metric: {
              type: 'string',
              enum: [...SENSOR_METRICS],
              errorMessage: { type: '指标不正确', enum: `指标不正确（可选：${SENSOR_METRICS.join('、')}）` },
            },
            hours: {
              type: 'integer',
              minimum: 1,
              maximum: SENSOR_READINGS_MAX_HOURS,
              default: 24,
              errorMessage: {
                type: `时长必须是 1 到 ${SENSOR_READINGS_MAX_HOURS} 之间的整数（小时）`,
                minimum: `时长必须是 1 到 ${SENSOR_READINGS_MAX_HOURS} 之间的整数（小时）`,
                maximum: `时长必须是 1 到 ${SENSOR_READINGS_MAX_HOURS} 之间的整数（小时）`,
              },
            },
            deviceIds: {
              type: 'string',
              maxLength: 600,
              errorMessage: { type: '设备编号必须是逗号分隔的正整数', maxLength: '设备编号过多' },
            },
          },
          required: ['metric'],
          errorMessage: { type: '请求参数格式不正确', required: { metric: '请指定指标（waterLevel 或 pressure）' } },
        },
      },
    },
    async (request) => {
      const query = request.query as Required<Pick<SensorReadingsQuery, 'metric' | 'hours'>> & { deviceIds?: string };
      let deviceIds: number[] | undefined;
      if (query.deviceIds !== undefined) {
        const text = query.deviceIds.replace(/\s+/g, '');
        if (!DEVICE_IDS.test(text)) throw badRequest('设备编号必须是逗号分隔的正整数，如 1,2,3');
        deviceIds = text.split(',').map(Number);
        if (deviceIds.some((id) => id > MAX_ID)) throw badRequest('设备编号必须是逗号分隔的正整数，如 1,2,3');
        if (deviceIds.length > SENSOR_READINGS_MAX_DEVICES) throw badRequest(`一次最多查询 ${SENSOR_READINGS_MAX_DEVICES} 个设备`);
      }
      return ok(await sensors.readings(request.session!.tenantId, query.metric, query.hours, deviceIds));
    },
  );
}
