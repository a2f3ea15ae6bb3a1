import type { FastifyInstance } from 'fastify';
import { IntervalJob } from '../cluster/IntervalJob';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { SensorReadingService, type SensorKinds } from './SensorReadingService';
import { sensorRoutes } from './sensorRoutes';

/** Water levels and hydrant pressures over time: a leader job samples the device rows into sensor_readings. */
export async function registerSensors(
  api: FastifyInstance,
  { config, db, now, reportError }: ServerDeps,
  kinds: SensorKinds,
): Promise<FeatureLifecycle & { sensors: SensorReadingService }> {
  const sensors = new SensorReadingService(db, kinds, now);
  await sensorRoutes(api, sensors);
  const sampler = new IntervalJob(
    '传感器读数采样',
    config.sensors?.sampleMs ?? 0,
    async () => {
      await sensors.sample();
      await sensors.prune(config.sensors?.retentionMs ?? 30 * 86_400_000);
    },
    reportError('传感器读数采样失败'),
  );
  return { sensors, jobs: [sampler] };
}
