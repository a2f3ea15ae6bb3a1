/**
 * 人脸布防 and 车辆布防 (monitoringCenter/faceDefense, carDefense): deployments (布防) of plates, plate
 * patterns or people on a tenant's recognition cameras for a time window, their hits and the push events
 * a hit's alarm sends. Shared by the server (server/watchlists/) and the watchlist plugin.
 */
import { normalizePlate } from './recognition';

export const WATCHLIST_KINDS = ['face', 'vehicle'] as const;
export type WatchlistKind = (typeof WATCHLIST_KINDS)[number];

/** active → paused → active …; active or paused → ended, which is final. */
export const WATCHLIST_STATUSES = ['active', 'paused', 'ended'] as const;
export type WatchlistStatus = (typeof WATCHLIST_STATUSES)[number];
export const WATCHLIST_STATUS_LABELS: Record<WatchlistStatus, string> = { active: '布防中', paused: '已暂停', ended: '已撤防' };

export const WATCHLIST_ACTIONS = ['pause', 'resume', 'end'] as const;
export type WatchlistAction = (typeof WATCHLIST_ACTIONS)[number];
export const WATCHLIST_ACTION_LABELS: Record<WatchlistAction, string> = { pause: '暂停', resume: '恢复', end: '撤防' };
/** The status each action moves from and to; any other move is refused (409) and changes nothing. */
export const WATCHLIST_MOVES: Record<WatchlistAction, { from: readonly WatchlistStatus[]; to: WatchlistStatus }> = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  end: { from: ['active', 'paused'], to: 'ended' },
};

/**
 * The spec's push events of a deployment's hits, each with the alarm type (an alarm plugin) it raises:
 * a deployment names one of its kind. The alarm types' names and icons come from their plugins.
 */
export const WATCHLIST_EVENTS = {
  CAR_DEFENSE: { kind: 'vehicle', alarmType: 'CAR_DEFENSE' },
  VIP_CAR_DEFENSE: { kind: 'vehicle', alarmType: 'VIP_CAR' },
  ORDINARY_CAR_DEFENSE: { kind: 'vehicle', alarmType: 'ORDINARY_CAR_DEFENSE' },
  BLACK_FACE_DEFENSE: { kind: 'face', alarmType: 'BLACKLIST_FACE' },
  ORDINARY_DEFENSE: { kind: 'face', alarmType: 'ORDINARY_DEFENSE' },
} as const satisfies Record<string, { kind: WatchlistKind; alarmType: string }>;
export type WatchlistEventType = keyof typeof WATCHLIST_EVENTS;
export const WATCHLIST_EVENT_TYPES = Object.keys(WATCHLIST_EVENTS) as WatchlistEventType[];
export const watchlistEventsOf = (kind: WatchlistKind) => WATCHLIST_EVENT_TYPES.filter((type) => WATCHLIST_EVENTS[type].kind === kind);

export const WATCHLIST_MAX_TARGETS = 50;
export const WATCHLIST_MAX_CAMERAS = 200;
/** Areas a deployment may name (a tenant has a handful of named places). */
export const WATCHLIST_MAX_AREAS = 20;
export const WATCHLIST_MAX_INTERVAL_MINUTES = 1440;
export const WATCHLIST_DEFAULT_INTERVAL_MINUTES = 10;
/** A person's photo: JPEG or PNG (told by its bytes), at most 2 MB. */
export const WATCHLIST_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const WATCHLIST_API = {
  list: '/watchlist/list',
  detail: '/watchlist/:deploymentId',
  create: '/watchlist',
  action: '/watchlist/:deploymentId/:action',
  hits: '/watchlist/hits',
  cameras: '/watchlist/cameras',
  areas: '/watchlist/areas',
  photo: '/watchlist/photo',
  photoFile: '/watchlist/photo/:photoId',
  snapshot: '/watchlist/snapshot/:recordId',
  dev: '/dev/watchlist/pass',
} as const;

/** A hit's record's snapshot, for whoever may see the watchlists (数据检索's own route asks for its menu). */
export const watchlistSnapshotPath = (recordId: number) => WATCHLIST_API.snapshot.replace(':recordId', String(recordId));
export const watchlistPhotoPath = (photoId: number) => WATCHLIST_API.photoFile.replace(':photoId', String(photoId));

export type WatchlistTargetKind = 'plate' | 'pattern' | 'person';

export interface WatchlistTarget {
  targetId: number;
  kind: WatchlistTargetKind;
  /** The plate (浙A12345), the pattern (浙A*) or the person's name. */
  value: string;
  /** A person's photo (GET watchlistPhotoPath); null for plates. */
  photoId: number | null;
}

export interface WatchlistDeployment {
  deploymentId: number;
  kind: WatchlistKind;
  name: string;
  eventType: WatchlistEventType;
  alarmType: string;
  grade: string;
  /** The cameras named one by one. */
  deviceIds: number[];
  /**
   * The areas named (the tenant's named places): a camera is also covered when its area — the named
   * place nearest to it, as 数据分析 counts areas — is one of these, decided when a record is matched,
   * so a camera placed in the area later is covered too.
   */
  areas: string[];
  validFrom: number;
  validUntil: number;
  intervalMinutes: number;
  status: WatchlistStatus;
  targets: WatchlistTarget[];
  hitCount: number;
  lastHitAt: number | null;
  createdAt: number;
}

/** An area a deployment may name: one of the tenant's named places and how many recognition cameras are in it now. */
export interface WatchlistArea {
  name: string;
  cameraCount: number;
}

/** What the deployment form chooses from: the areas, and the recognition cameras with the area each is in. */
export interface WatchlistCoverage {
  areas: WatchlistArea[];
  cameras: { deviceId: number; name: string; area: string }[];
}

export interface WatchlistHit {
  hitId: number;
  deploymentId: number;
  deploymentName: string;
  targetId: number;
  /** The plate seen, or the person's name. */
  label: string;
  recordId: number;
  deviceId: number;
  deviceName: string;
  at: number;
  /** The alarm it raised; null inside the deployment's interval after an alarm for the same target. */
  alarmId: number | null;
  /** GET this (the record's snapshot) while the record's picture is kept. */
  snapshotUrl: string;
}

/** What WATCHLIST_CHANGED carries: the deployment and its status after the change. */
export interface WatchlistChanged {
  deploymentId: number;
  status: WatchlistStatus;
  time: number;
}

/** What a hit's alarm pushes (the spec's CAR_DEFENSE … BLACK_FACE_DEFENSE): the alarm's fields as a toast reads them, and the hit. */
export interface WatchlistAlarmPushed {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  alarmContent: string;
  deviceId: number;
  deviceName: string;
  createTime: number;
  deploymentId: number;
  deploymentName: string;
  hitId: number;
  recordId: number;
  label: string;
  snapshotUrl: string;
}

/**
 * The plate pattern language: a plate's characters (汉字, A–Z, 0–9) and two wildcards, `?` one
 * character and `*` any run (also none): 浙A* (every 浙A plate), 浙A1234? (浙A12340 … 浙A1234Z), *888.
 * At least two characters are not wildcards, so no pattern matches every plate. Without a wildcard it
 * must be a whole plate.
 */
const PATTERN_CHARACTERS = /^[\u4e00-\u9fa5A-Z0-9*?]+$/;
const WHOLE_PLATE = /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/;
export const PLATE_PATTERN_MAX_LENGTH = 10;

export type ParsedPlateTarget = { kind: 'plate' | 'pattern'; value: string } | { problem: string };

/** A plate or pattern as typed, checked: its normal form, or the Chinese problem naming it. */
export function parsePlateTarget(text: string): ParsedPlateTarget {
  const value = normalizePlate(text);
  if (!value) return { problem: '车牌不能为空' };
  if (value.length > PLATE_PATTERN_MAX_LENGTH) return { problem: `「${text}」太长：车牌或规则最多 ${PLATE_PATTERN_MAX_LENGTH} 个字符` };
  if (!PATTERN_CHARACTERS.test(value)) return { problem: `「${text}」含有不允许的字符：只能是汉字、字母、数字和通配符 * ?` };
  if (!/[*?]/.test(value))
    return WHOLE_PLATE.test(value) ? { kind: 'plate', value } : { problem: `「${text}」不是完整车牌（如 浙A12345），也不含通配符 * 或 ?` };
  if (value.replace(/[*?]/g, '').length < 2) return { problem: `「${text}」至少要有两个确定的字符，否则会匹配所有车牌` };
  if (value.includes('**')) return { problem: `「${text}」不能有连续的 *` };
  return { kind: 'pattern', value };
}

/** A checked pattern as a regular expression over whole plates. */
export const platePatternRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'u');

/** Whether a stored plate is a target: equal to a whole plate, or matched by a pattern. */
export const plateMatches = (target: { kind: WatchlistTargetKind; value: string }, plate: string) =>
  target.kind === 'plate' ? target.value === plate : target.kind === 'pattern' ? platePatternRegExp(target.value).test(plate) : false;
