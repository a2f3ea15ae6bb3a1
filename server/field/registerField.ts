import type { FastifyInstance } from 'fastify';
import type { DeviceService } from '../devices/DeviceService';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { FieldCalls } from './FieldCalls';
import { FieldMembers } from './FieldMembers';
import { fieldRoutes } from './fieldRoutes';
import { fieldKinds } from './fieldKinds';
import { FieldSimulator, type FieldSimulatorOptions } from './FieldSimulator';
import { TrackService } from './TrackService';

/** The people simulator's tick when the simulator is on: 1 Hz GPS. */
const FIELD_TICK_MS = 1000;

/**
 * 班组 (server/field/): the A/B/C teams' members, their tracks (people and UAVs), calls over a member's
 * walkie-talkie, and the people simulator (a leader job at 1 Hz while the simulator is on; tests call
 * `simulator.step(now)`). `patrols` is the patrols' seam (a member's route of the day and arrivals at its checkpoints).
 */
export async function registerField(
  api: FastifyInstance,
  { config, db, now, catalog, pushHub, reportError }: ServerDeps,
  { devices, patrols = {} }: { devices: DeviceService; patrols?: Pick<FieldSimulatorOptions, 'waypointsOf' | 'arrived'> },
): Promise<FeatureLifecycle & { tracks: TrackService; members: FieldMembers; calls: FieldCalls; simulator: FieldSimulator }> {
  const tracks = new TrackService(db, now);
  const members = new FieldMembers(db, tracks, now);
  const calls = new FieldCalls(db, catalog, devices, members);
  const simulator = new FieldSimulator(db, tracks, members, pushHub, now, {
    everyMs: (config.simulator?.tickMs ?? 0) > 0 ? FIELD_TICK_MS : 0,
    streetKinds: fieldKinds(catalog, 'street'),
    ...patrols,
    onError: reportError('人员轨迹模拟失败'),
  });
  await fieldRoutes(api, { members, calls, tracks });
  return {
    tracks,
    members,
    calls,
    simulator,
    jobs: [{ name: '人员轨迹模拟', start: () => simulator.start(), stop: () => simulator.stop(), runs: simulator.runs }],
  };
}
