import { onShiftAt, streetLoop, walkAt, walkerOf } from '../../field/fieldWalk';
import { streetPointsOf } from '../../field/FieldSimulator';
import { INGEST_MAX_POSITIONS, TrackService, type Position } from '../../field/TrackService';
import type { Db } from '../../db/Database';
import { inOneTransaction } from './oneTransaction';

/** The history's fixes: one every 10 s (the live simulator reports every second). */
export const FIELD_HISTORY_EVERY_MS = 10_000;
/** Fixes worked out between two turns of the event loop (~5 ms). */
const YIELD_EVERY = 1000;
/** How far back the members' tracks go. */
export const FIELD_HISTORY_MS = 24 * 3_600_000;

/**
 * The past day of every member's walk for each tenant that has no positions yet: the live simulator's walk
 * (fieldWalk.ts, a function of time) at one fix per 10 s during the member's shift, written through
 * `TrackService.ingest` in one transaction (a service transaction per batch runs inside it). Patrol
 * routes are the live simulator's only (the history walks the street loops). Returns the positions written.
 */
export async function seedFieldHistory(db: Db, streetKinds: readonly string[], now: number): Promise<number> {
  return inOneTransaction(db, 'seed-field-history', (inside) => writeFieldHistory(inside, streetKinds, now));
}

/** The members' day of positions (seedFieldHistory) written with `inside`, a database already in the history's transaction. */
export async function writeFieldHistory(inside: Db, streetKinds: readonly string[], now: number): Promise<number> {
  {
    const tracks = new TrackService(inside, () => now);
    const members = await inside
      .selectFrom('field_members')
      .select(['tenant_id', 'member_id', 'team', 'shift'])
      .orderBy('tenant_id')
      .orderBy('member_id')
      .execute();
    const tenants = [...new Set(members.map((member) => member.tenant_id))];
    const start = Math.ceil((now - FIELD_HISTORY_MS) / FIELD_HISTORY_EVERY_MS) * FIELD_HISTORY_EVERY_MS;
    let written = 0;
    for (const tenantId of tenants) {
      const has = await inside
        .selectFrom('positions')
        .select('at')
        .where('tenant_id', '=', tenantId)
        .where('subject_kind', '=', 'person')
        .limit(1)
        .executeTakeFirst();
      if (has) continue;
      const pointsByTeam = new Map<string, Awaited<ReturnType<typeof streetPointsOf>>>();
      let batch: Position[] = [];
      for (const member of members.filter((candidate) => candidate.tenant_id === tenantId)) {
        const memberId = Number(member.member_id);
        let points = pointsByTeam.get(member.team);
        if (!points) pointsByTeam.set(member.team, (points = await streetPointsOf(inside, streetKinds, tenantId, member.team)));
        const loop = streetLoop(points, memberId);
        const { speed, phaseMetres } = walkerOf(memberId);
        for (let at = start; at < now; at += FIELD_HISTORY_EVERY_MS) {
          if (!onShiftAt(member.shift, at)) continue;
          const fix = walkAt(loop, memberId, speed, phaseMetres, at);
          if (!fix) break;
          batch.push({
            subjectKind: 'person',
            subjectId: memberId,
            at,
            longitude: fix.longitude,
            latitude: fix.latitude,
            speed: fix.speed,
            heading: fix.heading,
          });
          // The event loop's turn now and then: the other parts' round trips wait for it.
          if (batch.length % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
          if (batch.length === INGEST_MAX_POSITIONS) {
            written += await tracks.ingest(tenantId, batch, { fresh: true });
            batch = [];
          }
        }
      }
      if (batch.length) written += await tracks.ingest(tenantId, batch, { fresh: true });
    }
    return written;
  }
}
