import { watchlistPushTopics } from '../../contracts/push/watchlistPushTopics';
import { formatPlate } from '../../contracts/recognition';
import { plateMatches, watchlistSnapshotPath, type WatchlistDeployment, type WatchlistTarget } from '../../contracts/watchlists';
import type { AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import type { PushPublisher } from '../push/PushPublisher';
import type { RecognitionRow } from '../recognition/recognitionModel';
import { coversCamera, type CameraAreas } from './CameraAreas';
import type { WatchlistService } from './WatchlistService';

const MINUTE_MS = 60_000;

/**
 * Whether a record is a deployment's target: on one of its cameras or a camera in one of its areas
 * (`cameraArea`: the area the record's camera is in now), inside its window, the plate or the person.
 */
export function targetsSeen(deployment: WatchlistDeployment, row: RecognitionRow, cameraArea: string | undefined): WatchlistTarget[] {
  if (row.at < deployment.validFrom || row.at > deployment.validUntil || !coversCamera(deployment, row.device_id, cameraArea)) return [];
  return deployment.targets.filter((target) =>
    target.kind === 'person' ? row.person_id === target.targetId : row.plate !== null && plateMatches(target, row.plate),
  );
}

/**
 * Matches a tenant's new records against its active deployments (told by `RecognitionService.store`,
 * nothing polls): each match is stored as a hit; the first of a deployment and target in its interval
 * also raises the deployment's alarm type through the alarm service and publishes the spec's push event
 * with the record's snapshot. Later matches inside the interval are hits without an alarm (no storm).
 */
export class WatchlistMatcher {
  constructor(
    private readonly db: Db,
    private readonly watchlists: WatchlistService,
    private readonly alarms: AlarmService,
    private readonly push: PushPublisher,
    private readonly cameraAreas: CameraAreas,
  ) {}

  async match(tenantId: number, rows: readonly RecognitionRow[]): Promise<number> {
    const seen = rows.filter((row) => row.tenant_id === tenantId && (row.plate !== null || (row.person_id ?? null) !== null));
    if (!seen.length) return 0;
    const deployments = await this.watchlists.active(tenantId);
    if (!deployments.length) return 0;
    // The cameras' areas as they are now (only when a deployment names areas): a camera added to an area later is covered.
    const areas = deployments.some((deployment) => deployment.areas.length)
      ? await this.cameraAreas.of(
          tenantId,
          seen.map((row) => row.device_id),
        )
      : new Map<number, string>();
    let hits = 0;
    for (const row of [...seen].sort((a, b) => a.at - b.at))
      for (const deployment of deployments)
        for (const target of targetsSeen(deployment, row, areas.get(row.device_id))) {
          await this.hit(tenantId, deployment, target, row);
          hits++;
        }
    return hits;
  }

  private async hit(tenantId: number, deployment: WatchlistDeployment, target: WatchlistTarget, row: RecognitionRow): Promise<void> {
    // The stored record (COPY returns no ids): the camera's record at that instant with that plate or person.
    let stored = this.db
      .selectFrom('recognition_records')
      .select('record_id')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', row.device_id)
      .where('at', '=', row.at);
    stored = target.kind === 'person' ? stored.where('person_id', '=', target.targetId) : stored.where('plate', '=', row.plate);
    const record = await stored.orderBy('record_id', 'desc').executeTakeFirst();
    if (!record) return;
    const recordId = Number(record.record_id);
    const label = target.kind === 'person' ? target.value : (row.plate ?? target.value);
    const alarmed = await this.db
      .selectFrom('watchlist_hits')
      .select('hit_id')
      .where('deployment_id', '=', deployment.deploymentId)
      .where('target_id', '=', target.targetId)
      .where('tenant_id', '=', tenantId)
      .where('at', '>', row.at - deployment.intervalMinutes * MINUTE_MS)
      .where('at', '<=', row.at)
      .where('alarm_id', 'is not', null)
      .executeTakeFirst();
    const device = await this.db
      .selectFrom('devices')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', row.device_id)
      .executeTakeFirst();
    const deviceName = device?.name ?? `设备 ${row.device_id}`;
    const alarm = alarmed
      ? undefined
      : await this.alarms.raise({
          tenantId,
          alarmType: deployment.alarmType,
          grade: deployment.grade,
          deviceId: row.device_id,
          content: `${target.kind === 'person' ? `布控人员 ${label}` : `布控车辆 ${formatPlate(label)}`} 经过 ${deviceName}`,
          description: `布防「${deployment.name}」命中（识别记录 ${recordId}）`,
        });
    const inserted = await this.db
      .insertInto('watchlist_hits')
      .values({
        hit_id: undefined,
        tenant_id: tenantId,
        deployment_id: deployment.deploymentId,
        target_id: target.targetId,
        record_id: recordId,
        device_id: row.device_id,
        at: row.at,
        label,
        alarm_id: alarm?.alarmId ?? null,
      })
      .returning('hit_id')
      .executeTakeFirstOrThrow();
    if (!alarm) return;
    await this.push.publish(tenantId, watchlistPushTopics[deployment.eventType], {
      alarmId: alarm.alarmId,
      alarmType: alarm.alarmType,
      alarmTypeName: alarm.alarmTypeName,
      grade: alarm.grade,
      alarmContent: alarm.alarmContent,
      deviceId: row.device_id,
      deviceName,
      createTime: alarm.createTime,
      deploymentId: deployment.deploymentId,
      deploymentName: deployment.name,
      hitId: Number(inserted.hit_id),
      recordId,
      label,
      snapshotUrl: watchlistSnapshotPath(recordId),
    });
  }
}
