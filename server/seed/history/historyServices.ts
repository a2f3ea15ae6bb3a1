import type { LoadedManifest } from '../../../contracts/manifests/validateManifests';
import { AlarmService } from '../../alarms/AlarmService';
import { emergencyAlarms, loadAlarmTypes, type AlarmType } from '../../alarms/alarmTypes';
import type { DeviceCatalog } from '../../catalog/deviceCatalog';
import type { Db } from '../../db/Database';
import type { DeviceGateway } from '../../devices/DeviceGateway';
import { DeviceService } from '../../devices/DeviceService';
import { createEmergency, type Emergency } from '../../emergency/Emergency';
import type { EmergencyResourceKinds } from '../../emergency/emergencyResourceKinds';
import type { PushPublisher } from '../../push/PushPublisher';
import { OrderCounters } from '../../workOrders/OrderCounters';
import { WorkOrderActions } from '../../workOrders/WorkOrderActions';
import { WorkOrderAnnouncer } from '../../workOrders/WorkOrderAnnouncer';
import { WorkOrderEscalation } from '../../workOrders/WorkOrderEscalation';
import { WorkOrderQueries } from '../../workOrders/WorkOrderQueries';
import { WorkOrderStatistics } from '../../workOrders/WorkOrderStatistics';
import type { HistoryTimeline } from './HistoryTimeline';
import type { HistoryTenant } from './historyTenant';

/** History is not news: nobody is told of it, and push_log stays as live traffic left it. */
export const silentPublisher: PushPublisher = { publish: async () => undefined };

/** What the history is written from: the database and the plugins' declarations. */
export interface HistorySources {
  db: Db;
  catalog: DeviceCatalog;
  resourceKinds: EmergencyResourceKinds;
  /** The loaded plugins: the alarm types come from the alarm plugins' manifests. */
  plugins: readonly LoadedManifest[];
}

/** The services live traffic writes through, built over the same database on a timeline's clock and told to no one. */
export interface HistoryServices {
  alarmTypes: Map<string, AlarmType>;
  alarms: AlarmService;
  orders: WorkOrderActions;
  escalation: WorkOrderEscalation;
  emergency: Emergency;
  devices: DeviceService;
}

export function historyServices(sources: HistorySources, timeline: HistoryTimeline, gateway: DeviceGateway): HistoryServices {
  const { db, catalog } = sources;
  const now = timeline.now;
  const alarmTypes = loadAlarmTypes(sources.plugins);
  const alarms = new AlarmService(db, alarmTypes, silentPublisher, now, catalog.responderKinds);
  const announcer = new WorkOrderAnnouncer(new WorkOrderStatistics(db, now));
  const queries = new WorkOrderQueries(db, alarms, now);
  const emergency = createEmergency(db, alarms, sources.resourceKinds, now, { openingAlarms: emergencyAlarms(alarmTypes).opening });
  return {
    alarmTypes,
    alarms,
    orders: new WorkOrderActions(db, new OrderCounters(db), alarms, queries, announcer, now),
    escalation: new WorkOrderEscalation(db, announcer, now),
    emergency,
    devices: new DeviceService(db, catalog, gateway, now),
  };
}

/** What a domain's history is written with: the timeline, the services on its clock, the tenant and its random stream. */
export interface HistoryContext {
  timeline: HistoryTimeline;
  services: HistoryServices;
  tenant: HistoryTenant;
  random: () => number;
  /** Errors the services hand to a listener's error callback (AlarmService.onRaised): the history fails on any. */
  failures: unknown[];
}
