import type { WatchlistCoverage, WatchlistDeployment, WatchlistHit } from '@ops/contracts';

/** The alarm plugins' names the widgets read from the registry (a story's fake registry lists them). */
export const STORY_ALARM_NAMES: Record<string, string> = {
  CAR_DEFENSE: '车辆布控',
  VIP_CAR: '重点车辆',
  ORDINARY_CAR_DEFENSE: '普通车辆布控',
  BLACKLIST_FACE: '黑名单人脸',
  ORDINARY_DEFENSE: '普通布控',
};
export const STORY_SNAPSHOT = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#24344d"/><rect x="110" y="110" width="100" height="30" rx="3" fill="#1f5fbf"/><text x="160" y="131" fill="#fff" font-size="16" text-anchor="middle">浙A·12345</text></svg>`;

const at = Date.UTC(2026, 10, 22, 8, 30, 0);
const STORY_AREAS = ['江南大道', '滨盛路', '奥体中心', '钱江新城'];
const storyCameras = Array.from({ length: 8 }, (_, index) => ({
  deviceId: 40 + index,
  name: `${STORY_AREAS[index % 3]}视频监控-0${10 + index}`,
  area: STORY_AREAS[index % 3]!,
}));
/** The form's data: the tenant's areas (one without cameras yet) and its cameras, each in its area. */
export const storyCoverage: WatchlistCoverage = {
  areas: STORY_AREAS.map((name) => ({ name, cameraCount: storyCameras.filter((camera) => camera.area === name).length })),
  cameras: storyCameras,
};
export const storyDeployments: WatchlistDeployment[] = [
  {
    deploymentId: 1,
    kind: 'vehicle',
    name: '嫌疑车辆追踪',
    eventType: 'CAR_DEFENSE',
    alarmType: 'CAR_DEFENSE',
    grade: 'ALARM_GRADE_MEDIUM',
    deviceIds: [40, 41, 42],
    areas: [],
    validFrom: at - 86_400_000,
    validUntil: at + 6 * 86_400_000,
    intervalMinutes: 10,
    status: 'active',
    targets: [
      { targetId: 1, kind: 'plate', value: '浙A12345', photoId: null },
      { targetId: 2, kind: 'pattern', value: '浙B*', photoId: null },
    ],
    hitCount: 12,
    lastHitAt: at,
    createdAt: at - 86_400_000,
  },
  {
    deploymentId: 2,
    kind: 'vehicle',
    name: '重点车辆',
    eventType: 'VIP_CAR_DEFENSE',
    alarmType: 'VIP_CAR',
    grade: 'ALARM_GRADE_HIGH',
    deviceIds: [43],
    areas: ['江南大道', '钱江新城'],
    validFrom: at - 2 * 86_400_000,
    validUntil: at + 86_400_000,
    intervalMinutes: 30,
    status: 'paused',
    targets: [{ targetId: 3, kind: 'pattern', value: '浙A1234?', photoId: null }],
    hitCount: 0,
    lastHitAt: null,
    createdAt: at - 2 * 86_400_000,
  },
  {
    deploymentId: 3,
    kind: 'vehicle',
    name: '过期布防',
    eventType: 'ORDINARY_CAR_DEFENSE',
    alarmType: 'ORDINARY_CAR_DEFENSE',
    grade: 'ALARM_GRADE_LOW',
    deviceIds: [],
    areas: ['滨盛路'],
    validFrom: at - 9 * 86_400_000,
    validUntil: at - 86_400_000,
    intervalMinutes: 10,
    status: 'ended',
    targets: [{ targetId: 4, kind: 'plate', value: '粤B54321', photoId: null }],
    hitCount: 3,
    lastHitAt: at - 3 * 86_400_000,
    createdAt: at - 9 * 86_400_000,
  },
];
export const storyHits: WatchlistHit[] = Array.from({ length: 6 }, (_, index) => ({
  hitId: 10 - index,
  deploymentId: 1,
  deploymentName: '嫌疑车辆追踪',
  targetId: 1,
  label: index % 3 === 2 ? '浙B67890' : '浙A12345',
  recordId: index === 5 ? 0 : 100 + index,
  deviceId: 40 + index,
  deviceName: `江南大道视频监控-0${10 + index}`,
  at: at - index * 7 * 60_000,
  alarmId: index % 2 === 0 ? 500 + index : null,
  snapshotUrl: `/watchlist/snapshot/${index === 5 ? 0 : 100 + index}`,
}));
