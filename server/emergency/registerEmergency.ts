import type { FastifyInstance } from 'fastify';
import type { EmergencyKind } from '../../contracts/emergency';
import type { AlarmService } from '../alarms/AlarmService';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { WorkOrders } from '../workOrders/WorkOrders';
import { createEmergency, type Emergency } from './Emergency';
import type { EmergencyResourceKinds } from './emergencyResourceKinds';
import { emergencyRoutes } from './emergencyRoutes';
import { FieldWorkSimulator } from './FieldWorkSimulator';

/**
 * Emergency dispatch: events and tasks, opened from alarms through `AlarmService.onRaised` (after the
 * alarm committed: a failure here is logged and the alarm stands), and the field-work simulator (a
 * leader job when FIELD_WORK is on; tests call step()).
 */
export async function registerEmergency(
  api: FastifyInstance,
  { config, db, now, pushHub, reportError }: ServerDeps,
  {
    alarms,
    openingAlarms,
    resourceKinds,
    workOrders,
  }: {
    alarms: AlarmService;
    /** Alarm code → the kind of event it opens (the alarm plugins' `emergency.opensEvent`). */
    openingAlarms: ReadonlyMap<string, EmergencyKind>;
    resourceKinds: EmergencyResourceKinds;
    workOrders: WorkOrders;
  },
): Promise<FeatureLifecycle & { emergency: Emergency; fieldWork: FieldWorkSimulator }> {
  const emergency = createEmergency(db, alarms, resourceKinds, now, {
    openingAlarms,
    push: pushHub,
    onPushError: reportError('应急调度推送失败'),
  });
  alarms.onRaised(
    (alarm, tenantId) => emergency.events.alarmRaised(alarm, tenantId).then(() => undefined),
    reportError('告警启动应急事件失败'),
  );
  const fieldWork = new FieldWorkSimulator(emergency.tasks, workOrders, now, {
    delayMs: config.fieldWork?.delayMs ?? 0,
    tenantIds: async () => (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id),
    onError: reportError('现场处置模拟失败'),
  });
  await emergencyRoutes(api, emergency);
  return {
    emergency,
    fieldWork,
    jobs: [{ name: '现场处置模拟', start: () => fieldWork.start(), stop: () => fieldWork.stop(), runs: fieldWork.runs }],
  };
}
