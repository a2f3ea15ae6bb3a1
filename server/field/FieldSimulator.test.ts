import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { FieldMembers } from './FieldMembers';
import { ARRIVAL_METRES, FieldSimulator, type RouteWaypoint } from './FieldSimulator';
import { walkDistance } from './fieldWalk';
import { TrackService } from './TrackService';

let server: TestServer;
beforeAll(async () => void (server = await testServer()), 120_000);
afterAll(async () => server.close());

/** Two checkpoints 100 m apart on a street of tenant 1 (a loop of 200 m). */
const ROUTE: RouteWaypoint[] = [
  { lng: 120.21, lat: 30.2085, checkpointId: 501 },
  { lng: 120.21104, lat: 30.2085, checkpointId: 502 },
];

describe('FieldSimulator', () => {
  it('walks a member along their patrol route of the day, telling each checkpoint once, and others round their streets', async () => {
    const db = server.services.ctx.db;
    const now = server.services.ctx.now();
    const walker = await db
      .selectFrom('field_members')
      .select('member_id')
      .where('tenant_id', '=', 1)
      .where('on_duty', '=', 1)
      .orderBy('member_id')
      .executeTakeFirstOrThrow();
    const memberId = Number(walker.member_id);
    const arrivals: { checkpointId: number; at: number; metres: number }[] = [];
    const routeDays = new Set<number>();
    const tracks = new TrackService(db, () => now);
    const published: number[] = [];
    const simulator = new FieldSimulator(
      db,
      tracks,
      new FieldMembers(db, tracks, () => now),
      { publish: async (tenantId) => void published.push(tenantId) },
      () => now,
      {
        everyMs: 0,
        streetKinds: ['lamp'],
        waypointsOf: async (tenantId, id, day) => {
          if (tenantId !== 1 || id !== memberId) return null;
          routeDays.add(day);
          return ROUTE;
        },
        arrived: async (tenantId, id, checkpointId, at, lng, lat) => {
          expect([tenantId, id]).toEqual([1, memberId]);
          arrivals.push({
            checkpointId,
            at,
            metres: walkDistance(
              { lng, lat },
              ROUTE.find((point) => point.checkpointId === checkpointId)!,
            ),
          });
        },
        onError: (error) => {
          throw error;
        },
      },
    );
    // 35 minutes (a walker stands 10 minutes in every 30) at a fix every 10 s (≤ 15 m apart, within the 30 m across a checkpoint's circle: none is
    // stepped over): several laps, each checkpoint told once.
    const start = now - 35 * 60_000;
    for (let at = start; at <= now; at += 10_000) await simulator.step(at);
    expect(routeDays.size).toBe(1);
    expect(arrivals.map((arrival) => arrival.checkpointId).sort()).toEqual([501, 502]);
    for (const arrival of arrivals) expect(arrival.metres).toBeLessThanOrEqual(ARRIVAL_METRES);
    // Every fix of the walker lies on the route's street (within the GPS noise).
    const track = await tracks.track(1, 'person', memberId, start, now);
    expect(track).toHaveLength(211);
    for (const fix of track) {
      expect(Math.abs(fix.latitude - 30.2085) * 111_320).toBeLessThan(4);
      expect(fix.longitude).toBeGreaterThan(120.21 - 0.00005);
      expect(fix.longitude).toBeLessThan(120.21104 + 0.00005);
    }
    // The others walk their area's lamp posts: nowhere near the patrol route, and off-duty members not at all.
    const others = await db
      .selectFrom('last_positions as p')
      .innerJoin('field_members as m', 'm.member_id', 'p.subject_id')
      .select(['m.member_id', 'm.on_duty', 'p.longitude'])
      .where('p.tenant_id', '=', 1)
      .where('m.member_id', '!=', memberId)
      .execute();
    expect(others.length).toBeGreaterThan(5);
    expect(others.every((row) => row.on_duty === 1)).toBe(true);
    // At most one push per tenant per second: one per step here, for both tenants.
    expect(published.filter((tenantId) => tenantId === 1)).toHaveLength(211);
  }, 120_000);
});
