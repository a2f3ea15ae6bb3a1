import type { CheckIn, CheckpointOfDay, PatrolRoute, PatrolStatistics } from '@ops/contracts';

/** Rows as the patrol routes answer them, for stories and tests: one greening route of four checkpoints on 2026-11-22. */
export const SAMPLE_DAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const point = (checkpointId: number, name: string, state: CheckpointOfDay['state'], checkInId: number | null = null): CheckpointOfDay => ({
  checkpointId,
  seq: checkpointId - 100,
  name,
  longitude: 120.2105 + (checkpointId - 100) * 0.002,
  latitude: 30.2085 + (checkpointId - 100) * 0.001,
  radiusM: 50,
  dueFromMinute: 420 + (checkpointId - 100) * 180,
  dueToMinute: 510 + (checkpointId - 100) * 180,
  state,
  checkInId,
  checkedInAt: checkInId ? SAMPLE_DAY + (450 + (checkpointId - 100) * 180) * 60_000 : null,
  alarmId: state === 'missed' ? 88 : null,
});

export const sampleRoute: PatrolRoute = {
  routeId: 7,
  name: '江南大道绿化1号线',
  kind: 'greening',
  team: 'A',
  memberId: 3,
  memberName: '李巡查',
  day: SAMPLE_DAY,
  done: 2,
  missed: 1,
  due: 1,
  checkpoints: [
    point(101, '江南大道绿化带', 'done', 41),
    point(102, '江南大道行道树', 'missed'),
    point(103, '江南大道花坛', 'done', 42),
    point(104, '江南大道草坪', 'due'),
  ],
};

export const sampleCheckIns: CheckIn[] = [42, 41].map((checkInId, index) => ({
  checkInId,
  routeId: 7,
  routeName: sampleRoute.name,
  kind: 'greening',
  team: 'A',
  checkpointId: index ? 101 : 103,
  checkpointName: index ? '江南大道绿化带' : '江南大道花坛',
  memberId: 3,
  memberName: '李巡查',
  at: SAMPLE_DAY + (index ? 8 : 14) * 3_600_000,
  longitude: 120.2125,
  latitude: 30.2095,
  distanceM: 12.4,
  note: index ? '绿化养护完成' : '已修剪绿篱',
  hasPhoto: index === 0,
}));

export const sampleStatistics: PatrolStatistics = {
  day: SAMPLE_DAY,
  total: { done: 11, missed: 2, due: 19, checkIns: 11 },
  byKind: [{ kind: 'greening', done: 11, missed: 2, due: 19, checkIns: 11 }],
  byTeam: [
    { team: 'A', done: 6, missed: 1, due: 9, checkIns: 6 },
    { team: 'B', done: 5, missed: 1, due: 10, checkIns: 5 },
    { team: 'C', done: 0, missed: 0, due: 0, checkIns: 0 },
  ],
};

/** A 1×1 green PNG as an object URL (a photo in stories). */
export const samplePhotoUrl = async () =>
  URL.createObjectURL(
    new Blob(
      [
        Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
          c.charCodeAt(0),
        ),
      ],
      {
        type: 'image/png',
      },
    ),
  );
