import type { FastifyInstance } from 'fastify';
import { AlarmService } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import { TrackService } from '../field/TrackService';
import type { PushPublisher } from '../push/PushPublisher';
import type { ServerDeps } from '../ServerDeps';
import { situationDevRoute, situationRoutes } from './situationRoutes';
import { SituationService } from './SituationService';
import type { SituationSource } from './SituationSource';

/** A past alarm is no news: nobody is told of it. */
const tellsNobody: PushPublisher = { publish: async () => undefined };

/**
 * 态势回放 (server/situation/): the situation at a past time and the timeline's marks. `sources` is the
 * seam other features fill (cases open at T …): the integrator passes theirs here.
 */
export async function registerSituation(
  api: FastifyInstance,
  { config, db, now, ctx, catalog }: ServerDeps,
  { alarms, alarmTypes, sources = [] }: { alarms: AlarmService; alarmTypes: Map<string, AlarmType>; sources?: readonly SituationSource[] },
): Promise<{ situation: SituationService }> {
  const situation = new SituationService(db, new TrackService(db, now), (code) => alarms.alarmTypeName(code), now, sources);
  await situationRoutes(api, situation);
  if (config.smsDevEndpoint) {
    const pastAlarms = (minutesAgo: number) =>
      new AlarmService(db, alarmTypes, tellsNobody, () => now() - minutesAgo * 60_000, catalog.responderKinds);
    await situationDevRoute(api, { ctx, pastAlarms });
  }
  return { situation };
}
