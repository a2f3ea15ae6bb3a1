import type { FastifyInstance } from 'fastify';
import { SENSOR_READINGS_MAX_DEVICES } from '../../contracts/emergency';
import { sensorRoutes as declared } from '../../contracts/api/sensorRoutes';
import { MAX_ID } from '../../contracts/api/schemas';
import { badRequest, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { SensorReadingService } from './SensorReadingService';

const DEVICE_IDS = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;

/** 水情 trends (安防应急 pages): contracts/api/sensorRoutes.ts. */
export async function sensorRoutes(api: FastifyInstance, sensors: SensorReadingService): Promise<void> {
  route(api, declared.readings, async (request) => {
    const { metric, hours } = request.query;
    let deviceIds: number[] | undefined;
    if (request.query.deviceIds !== undefined) {
      const text = request.query.deviceIds.replace(/\s+/g, '');
      if (!DEVICE_IDS.test(text)) throw badRequest('设备编号必须是逗号分隔的正整数，如 1,2,3');
      deviceIds = text.split(',').map(Number);
      if (deviceIds.some((id) => id > MAX_ID)) throw badRequest('设备编号必须是逗号分隔的正整数，如 1,2,3');
      if (deviceIds.length > SENSOR_READINGS_MAX_DEVICES) throw badRequest(`一次最多查询 ${SENSOR_READINGS_MAX_DEVICES} 个设备`);
    }
    return ok(await sensors.readings(sessionOf(request).tenantId, metric, hours, deviceIds));
  });
}
