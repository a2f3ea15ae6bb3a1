import type { SituationEvent, SituationMark } from '../../contracts/situation';

/**
 * What another feature adds to the replay (cases open at T, a case registered or closed on the timeline):
 * the integrator hands each feature's source to `registerSituation` (`sources`), so this folder reads no
 * table of theirs. Both reads are tenant-scoped and bounded by the caller's limit.
 */
export interface SituationSource {
  /** Names the source in its marks (`SituationMark.source`), e.g. `cases`. */
  name: string;
  /** What of the source stands at `at` (drawn as circles). */
  marksAt(tenantId: number, at: number, limit: number): Promise<SituationMark[]>;
  /** Its timeline marks from `from` to `to` (both included), the earliest first, at most `limit`. */
  eventsBetween(tenantId: number, from: number, to: number, limit: number): Promise<SituationEvent[]>;
}
