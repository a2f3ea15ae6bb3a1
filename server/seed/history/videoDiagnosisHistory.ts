import type { DeviceCatalog } from '../../catalog/deviceCatalog';
import type { Db } from '../../db/Database';
import { simulatedPicture } from '../../operations/simulatedPicture';
import { VideoDiagnosisService } from '../../operations/VideoDiagnosisService';
import { DAY_MS, HOUR_MS } from '../../stats/periods';
import { onlineAt, type Outage } from '../seedOperationsHistory';
import type { HistoryTimeline } from './HistoryTimeline';

/** How far back the history's diagnosis rounds reach: the checks' default retention (VIDEO_DIAGNOSIS_RETENTION_DAYS). */
export const DIAGNOSIS_HISTORY_DAYS = 7;
/** A round every few hours in the past, every hour in the last day (the trend's 24-hour view). */
const ROUND_EVERY_MS = 3 * HOUR_MS;

/**
 * Past rounds of the cameras' video diagnosis, run by VideoDiagnosisService itself on the timeline: each
 * camera judged online by its seeded outages (where the history has them, else as stored) and its
 * picture by the simulator's analysis at that hour, the stream endpoint taken as up. The live job's
 * first round runs when the server starts (registerOperations), so 视频诊断 shows today's result from
 * the first screen. Returns the rounds scheduled.
 */
export function scheduleVideoDiagnosisHistory(
  db: Db,
  catalog: DeviceCatalog,
  timeline: HistoryTimeline,
  tenantId: number,
  outages: ReadonlyMap<number, readonly Outage[]> | undefined,
): number {
  const video = new VideoDiagnosisService(
    db,
    catalog,
    {
      streamAvailable: () => true,
      simulatedPicture: (deviceId) => simulatedPicture(deviceId, timeline.now()),
      online: (deviceId, stored) => {
        const deviceOutages = outages?.get(deviceId);
        return deviceOutages ? onlineAt(deviceOutages, timeline.now()) : stored;
      },
    },
    undefined,
    { intervalMs: 0, retentionMs: DIAGNOSIS_HISTORY_DAYS * DAY_MS },
    timeline.now,
  );
  const first = Math.max(timeline.start, timeline.end - DIAGNOSIS_HISTORY_DAYS * DAY_MS);
  const lastDay = timeline.end - DAY_MS;
  let rounds = 0;
  for (let at = Math.ceil(first / HOUR_MS) * HOUR_MS; at < timeline.end; at += at < lastDay ? ROUND_EVERY_MS : HOUR_MS) {
    timeline.at(at, async () => void (await video.run(tenantId)));
    rounds++;
  }
  return rounds;
}
