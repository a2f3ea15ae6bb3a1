/** One person or UAV the `movingSubjects` effect draws. */
export interface MovingSubject {
  /** Unique within the effect; a click reaches map layers as `<effect id>#<subject id>`. */
  id: string;
  kind: 'person' | 'uav';
  longitude: number;
  latitude: number;
  /** Metres above the ground (a UAV's flying height); people stand on the ground. */
  altitude?: number;
  /** Degrees clockwise from north (a UAV's arrow points along it). */
  heading?: number;
  label?: string;
  /** A CSS colour instead of the kind's. */
  color?: string;
  selected?: boolean;
}

/** At most this many subjects in one effect (a tenant's people and UAVs fit many times over). */
export const MAX_SUBJECTS = 20_000;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Reads and checks the `subjects` option; throws a Chinese message naming the first bad subject, so a bad
 * update from a page or a push message changes nothing on the globe.
 */
export function readSubjects(value: unknown): MovingSubject[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error('移动目标（subjects）必须是数组');
  if (value.length > MAX_SUBJECTS) throw new Error(`移动目标不能超过 ${MAX_SUBJECTS} 个`);
  const seen = new Set<string>();
  return value.map((raw: unknown, index) => {
    const at = `第 ${index + 1} 个移动目标`;
    if (!raw || typeof raw !== 'object') throw new Error(`${at}必须是对象`);
    const subject = raw as Record<string, unknown>;
    const id = subject.id;
    if (typeof id !== 'string' || id === '') throw new Error(`${at}的编号（id）不能为空`);
    if (id.includes('#')) throw new Error(`${at}的编号不能含“#”`);
    if (seen.has(id)) throw new Error(`${at}的编号“${id}”重复`);
    seen.add(id);
    if (subject.kind !== 'person' && subject.kind !== 'uav') throw new Error(`${at}的类型（kind）只能是 person 或 uav`);
    const { longitude, latitude, altitude, heading, label, color, selected } = subject;
    if (!finite(longitude) || longitude < -180 || longitude > 180) throw new Error(`${at}的经度必须是 -180 到 180 的数字`);
    if (!finite(latitude) || latitude < -90 || latitude > 90) throw new Error(`${at}的纬度必须是 -90 到 90 的数字`);
    if (altitude !== undefined && altitude !== null && (!finite(altitude) || altitude < -500 || altitude > 20_000))
      throw new Error(`${at}的高度必须是 -500 到 20000 米的数字`);
    if (heading !== undefined && heading !== null && !finite(heading)) throw new Error(`${at}的航向必须是数字`);
    if (label !== undefined && label !== null && typeof label !== 'string') throw new Error(`${at}的名称必须是文字`);
    if (color !== undefined && color !== null && typeof color !== 'string') throw new Error(`${at}的颜色必须是文字`);
    return {
      id,
      kind: subject.kind,
      longitude,
      latitude,
      ...(finite(altitude) ? { altitude } : {}),
      ...(finite(heading) ? { heading } : {}),
      ...(typeof label === 'string' && label ? { label } : {}),
      ...(typeof color === 'string' && color ? { color } : {}),
      ...(selected === true ? { selected: true } : {}),
    };
  });
}

/** What an update does to the drawn subjects: which ids are new, which move, which go. */
export function subjectChanges(drawn: ReadonlySet<string>, next: readonly MovingSubject[]) {
  const added: MovingSubject[] = [];
  const moved: MovingSubject[] = [];
  const keep = new Set<string>();
  for (const subject of next) {
    keep.add(subject.id);
    (drawn.has(subject.id) ? moved : added).push(subject);
  }
  const removed = [...drawn].filter((id) => !keep.has(id));
  return { added, moved, removed };
}

/** The picked id of one subject of an effect (`effect:` is the globe's prefix for effects it hands to map layers). */
export const subjectPickId = (effectId: string, subjectId: string) => `effect:${effectId}#${subjectId}`;
