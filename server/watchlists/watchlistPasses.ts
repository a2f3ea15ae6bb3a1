import { platePatternRegExp, type WatchlistDeployment } from '../../contracts/watchlists';
import type { PassSource, PlannedPass } from '../recognition/RecognitionSimulator';
import { poisson, type RecognitionCameraSite } from '../recognition/recognitionModel';
import { coversCamera, type CameraAreas } from './CameraAreas';
import type { WatchlistService } from './WatchlistService';

/** Passes of deployed plates or people per tenant per hour while it has an active deployment: a fresh demo shows a few hits an hour. */
export const PASSES_PER_HOUR = 2;
const HOUR_MS = 3_600_000;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LETTERS_DIGITS = `${LETTERS}0123456789`;

/**
 * A whole plate a pattern matches, drawn: `?` and `*` filled by position (a province, then a letter, then
 * letters and digits) to seven characters. Undefined when the drawn plate misses the pattern (a pattern
 * longer than any plate).
 */
export function plateOfPattern(pattern: string, random: () => number): string | undefined {
  const literal = pattern.replace(/[*?]/g, '').length;
  const questions = (pattern.match(/\?/g) ?? []).length;
  const stars = (pattern.match(/\*/g) ?? []).length;
  let spare = Math.max(0, 7 - literal - questions);
  let plate = '';
  for (const character of pattern) {
    let fill = character === '?' ? 1 : 0;
    if (character === '*') {
      fill = Math.ceil(spare / Math.max(1, stars));
      spare -= fill;
    }
    if (!fill) {
      plate += character;
      continue;
    }
    for (let index = 0; index < fill; index++) {
      const position = plate.length;
      plate +=
        position === 0
          ? '浙'
          : position === 1
            ? LETTERS[Math.floor(random() * LETTERS.length)]
            : LETTERS_DIGITS[Math.floor(random() * LETTERS_DIGITS.length)];
    }
  }
  return platePatternRegExp(pattern).test(plate) && /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/.test(plate) ? plate : undefined;
}

/**
 * One pass of a deployment's target on one of its online cameras (named, or in one of its areas:
 * `areas`, the cameras' areas) at `at`; undefined when none of its cameras is online.
 */
export function passOf(
  deployment: WatchlistDeployment,
  cameras: readonly RecognitionCameraSite[],
  areas: ReadonlyMap<number, string>,
  at: number,
  random: () => number,
  targetId?: number,
): PlannedPass | undefined {
  const online = cameras.filter((camera) => coversCamera(deployment, camera.deviceId, areas.get(camera.deviceId)));
  const targets = targetId === undefined ? deployment.targets : deployment.targets.filter((target) => target.targetId === targetId);
  if (!online.length || !targets.length) return undefined;
  const camera = online[Math.floor(random() * online.length)]!;
  const target = targets[Math.floor(random() * targets.length)]!;
  if (target.kind === 'person') return { deviceId: camera.deviceId, at, personId: target.targetId };
  const plate = target.kind === 'plate' ? target.value : plateOfPattern(target.value, random);
  return plate ? { deviceId: camera.deviceId, at, plate } : undefined;
}

/**
 * The simulator's source of deployed targets passing (RecognitionSimulator.addPassSource): per tick a
 * Poisson count at PASSES_PER_HOUR for a tenant with active deployments in their window, each a target of
 * one of them on one of its online cameras, drawn with the simulator's seeded random (deterministic).
 */
export function watchlistPasses(watchlists: WatchlistService, cameraAreas: CameraAreas): PassSource {
  return async (tenantId, cameras, from, to, random) => {
    const count = poisson((PASSES_PER_HOUR * (to - from)) / HOUR_MS, random);
    if (!count) return [];
    const passes: PlannedPass[] = [];
    const deployments = await watchlists.active(tenantId);
    const areas = deployments.some((deployment) => deployment.areas.length)
      ? await cameraAreas.of(
          tenantId,
          cameras.map((camera) => camera.deviceId),
        )
      : new Map<number, string>();
    for (let index = 0; index < count; index++) {
      const at = from + Math.floor(random() * (to - from));
      const open = deployments.filter((deployment) => deployment.validFrom <= at && at <= deployment.validUntil);
      if (!open.length) continue;
      const pass = passOf(open[Math.floor(random() * open.length)]!, cameras, areas, at, random);
      if (pass) passes.push(pass);
    }
    return passes;
  };
}
