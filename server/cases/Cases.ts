import type { AlarmService } from '../alarms/AlarmService';
import type { TenantPlaces } from '../analysis/sqlFigures';
import type { Db } from '../db/Database';
import type { PushPublisher } from '../push/PushPublisher';
import type { OrderCounters } from '../workOrders/OrderCounters';
import { CaseActions, type CaseWorkOrders } from './CaseActions';
import { CaseAnnouncer } from './CaseAnnouncer';
import { CaseEvidenceStore } from './CaseEvidenceStore';
import { CaseQueries } from './CaseQueries';
import { ParkingLots } from './ParkingLots';
import { workTeamByOrder, type WorkTeamOf } from './workTeams';

/** Cases of a tenant (tables cases, case_events, case_evidence), by concern, and the parking lots' occupancy. */
export interface Cases {
  queries: CaseQueries;
  actions: CaseActions;
  evidence: CaseEvidenceStore;
  parkingLots: ParkingLots;
  /** The tenants' named places: a case's area is the nearest. */
  places: TenantPlaces;
}

export interface CaseDependencies {
  db: Db;
  counters: OrderCounters;
  orders: CaseWorkOrders;
  /** The work-order team of an A/B/C team (default: workTeamByOrder). */
  workTeamOf?: WorkTeamOf;
  /** Raises a new case's city-event alarm; absent (the history) raises none. */
  alarms?: Pick<AlarmService, 'raise'>;
  push: PushPublisher;
  onPushError?: (error: unknown) => void;
  places: TenantPlaces;
  dataDir: string;
  now: () => number;
}

export function createCases(deps: CaseDependencies): Cases {
  const announcer = new CaseAnnouncer(deps.push, deps.onPushError);
  return {
    queries: new CaseQueries(deps.db, deps.now),
    actions: new CaseActions(
      deps.db,
      deps.counters,
      deps.orders,
      deps.workTeamOf ?? workTeamByOrder(deps.db),
      deps.alarms,
      announcer,
      deps.places,
      deps.now,
    ),
    evidence: new CaseEvidenceStore(deps.db, announcer, deps.dataDir, deps.now),
    parkingLots: new ParkingLots(deps.db),
    places: deps.places,
  };
}
