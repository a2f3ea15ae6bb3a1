/** 水情 trends of the 安防应急 pages: stored water levels and hydrant pressures (contracts/emergency.ts SensorReadingsQuery). */
import { EMERGENCY_API, SENSOR_METRICS, SENSOR_READINGS_MAX_HOURS, type SensorReadings } from '../emergency';
import { dataReply, defineRoute } from './defineRoute';
import { access } from './routeAccess';
import { boundedInteger, fields, oneOf, withDefault } from './schemas';
import { String as StringType } from 'typebox/type';

const HOURS_MESSAGE = `时长必须是 1 到 ${SENSOR_READINGS_MAX_HOURS} 之间的整数（小时）`;

export const sensorRoutes = {
  readings: defineRoute({
    method: 'GET',
    path: EMERGENCY_API.readings,
    query: fields(
      {
        metric: oneOf('指标', SENSOR_METRICS),
        hours: withDefault(boundedInteger(HOURS_MESSAGE, 1, SENSOR_READINGS_MAX_HOURS), 24),
        // A comma list (1,2,3), checked by the handler: a query string repeats no array here.
        deviceIds: StringType({ maxLength: 600, errorMessage: { type: '设备编号必须是逗号分隔的正整数', maxLength: '设备编号过多' } }),
      },
      { metric: '请指定指标（waterLevel 或 pressure）' },
    ),
    reply: dataReply<SensorReadings>(),
    access: access.menu('platform:securityEmergency'),
  }),
};
