import type { AlarmRow as Alarm } from '../../contracts/alarms';
import type { CaseAction, CaseCityEventType, CaseRow } from '../../contracts/cases';
import { caseChangedPushTopic, caseCityEventPushTopics } from '../../contracts/push/casePushTopics';
import type { PushPublisher } from '../push/PushPublisher';

/** Tells the tenant's browsers of committed case changes; a failed push is reported and the change stands. */
export class CaseAnnouncer {
  constructor(
    private readonly push: PushPublisher,
    private readonly onPushError: (error: unknown) => void = () => undefined,
  ) {}

  async announce(tenantId: number, row: CaseRow, action: CaseAction | 'register' | 'evidence', at: number): Promise<void> {
    await this.push
      .publish(tenantId, caseChangedPushTopic, {
        caseId: row.caseId,
        caseNo: row.caseNo,
        kind: row.kind,
        status: row.status,
        action,
        time: at,
      })
      .catch(this.onPushError);
  }

  async cityEvent(tenantId: number, eventType: CaseCityEventType, row: CaseRow, alarm: Alarm): Promise<void> {
    await this.push
      .publish(tenantId, caseCityEventPushTopics[eventType], {
        alarmId: alarm.alarmId,
        alarmType: alarm.alarmType,
        alarmTypeName: alarm.alarmTypeName,
        grade: alarm.grade,
        alarmContent: alarm.alarmContent,
        createTime: alarm.createTime,
        caseId: row.caseId,
        caseNo: row.caseNo,
        kind: row.kind,
        longitude: row.longitude,
        latitude: row.latitude,
      })
      .catch(this.onPushError);
  }
}
