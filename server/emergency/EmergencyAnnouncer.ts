import { type EmergencyAction, type EmergencyEventDetail, type EmergencyPushData, type EmergencyTaskRow } from '../../contracts/emergency';
import { emergencyPushTopic } from '../../contracts/push';
import type { PushPublisher } from '../push/PushPublisher';
import type { EmergencyQueries } from './EmergencyQueries';

export interface EmergencyPushOptions {
  push?: PushPublisher;
  onPushError?: (error: unknown) => void;
}

/**
 * Tells the tenant of a committed change (EMERGENCY_TASK): the event or task as it now reads and the
 * history line it wrote. Called after the commit; a failed push is reported, the change stands.
 */
export class EmergencyAnnouncer {
  constructor(
    private readonly queries: EmergencyQueries,
    private readonly options: EmergencyPushOptions = {},
  ) {}

  private async publish(tenantId: number, data: EmergencyPushData): Promise<void> {
    const { push, onPushError } = this.options;
    if (!push) return;
    try {
      await push.publish(tenantId, emergencyPushTopic, data);
    } catch (error) {
      // The change committed; a lost push is logged, the pages catch up on their next read.
      onPushError?.(error);
    }
  }

  async announceEvent(tenantId: number, eventId: number, action: EmergencyAction): Promise<EmergencyEventDetail> {
    const detail = await this.queries.detail(tenantId, eventId);
    const { tasks: _tasks, history: _history, alarms: _alarms, ...event } = detail;
    await this.publish(tenantId, {
      eventId,
      taskId: null,
      action,
      entry: await this.queries.latestEntry(tenantId, eventId),
      event,
      task: null,
    });
    return detail;
  }

  async announceTask(tenantId: number, taskId: number, action: EmergencyAction): Promise<EmergencyTaskRow> {
    const task = await this.queries.task(tenantId, taskId);
    const event = await this.queries.event(tenantId, task.eventId);
    await this.publish(tenantId, {
      eventId: task.eventId,
      taskId,
      action,
      entry: await this.queries.latestEntry(tenantId, task.eventId),
      event,
      task,
    });
    return task;
  }
}
