import type { AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import type { EmergencyKind } from '../../contracts/emergency';
import { EmergencyAnnouncer, type EmergencyPushOptions } from './EmergencyAnnouncer';
import { EmergencyEvents } from './EmergencyEvents';
import { EmergencyQueries } from './EmergencyQueries';
import { EmergencyResourceFinder } from './EmergencyResourceFinder';
import type { EmergencyResourceKinds } from './emergencyResourceKinds';
import { EmergencyTasks } from './EmergencyTasks';

/**
 * Emergency dispatch of a tenant (tables emergency_events, emergency_event_alarms, emergency_tasks,
 * emergency_history; shelters and routes in emergency_shelters and emergency_routes), by concern:
 * reading, events, tasks and the resources an event can draw on. Changes are announced after they commit.
 */
export interface Emergency {
  queries: EmergencyQueries;
  events: EmergencyEvents;
  tasks: EmergencyTasks;
  resources: EmergencyResourceFinder;
}

export function createEmergency(
  db: Db,
  alarms: AlarmService,
  kinds: EmergencyResourceKinds,
  now: () => number,
  options: EmergencyPushOptions & {
    /** Alarm code → the kind of event it opens, from the alarm plugins' manifests (`emergency.opensEvent`). */
    openingAlarms: ReadonlyMap<string, EmergencyKind>;
  },
): Emergency {
  const queries = new EmergencyQueries(db, alarms, now);
  const announcer = new EmergencyAnnouncer(queries, options);
  return {
    queries,
    events: new EmergencyEvents(db, alarms, announcer, now, options.openingAlarms),
    tasks: new EmergencyTasks(db, alarms, announcer, now),
    resources: new EmergencyResourceFinder(db, kinds),
  };
}
