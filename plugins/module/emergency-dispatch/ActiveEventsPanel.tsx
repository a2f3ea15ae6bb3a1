import { Tag } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import { EMERGENCY_TASK_STATUSES, EMERGENCY_TASK_STATUS_LABELS, type EmergencyEventRow } from '@ops/contracts';
import { KindTag, LevelTag, TASK_INTENT } from './dispatchTags';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import type { Loaded } from '@ops/sdk';

/** 处置中事件: every active event with its tasks counted by state; a click opens it in 事件任务调度. */
export function ActiveEventsPanel({
  events,
  onOpen,
  onRetry,
}: {
  events: Loaded<{ rows: EmergencyEventRow[]; total: number }>;
  onOpen(eventId: number): void;
  onRetry?(): void;
}) {
  const rows = events.data?.rows ?? [];
  return (
    <PanelBox title={t.activeTitle} className="dispatch__active">
      <WidgetState status={events.status} empty={rows.length === 0} error={events.error} onRetry={onRetry} emptyText={t.noActive}>
        <ul className="dispatch__active-list" aria-label={t.activeTitle}>
          {rows.map((event) => (
            <li key={event.eventId}>
              <button type="button" className="dispatch__event" aria-label={t.openEvent(event.title)} onClick={() => onOpen(event.eventId)}>
                <span className="dispatch__event-title">{event.title}</span>
                <span className="dispatch__event-tags">
                  <KindTag kind={event.kind} name={event.kindName} />
                  <LevelTag level={event.level} name={event.levelName} />
                  <span className="dispatch__event-time">{formatMonthDayTime(event.createTime)}</span>
                </span>
                <span className="dispatch__counts">
                  {EMERGENCY_TASK_STATUSES.filter((status) => event.taskCounts[status] > 0).map((status) => (
                    <Tag key={status} minimal intent={TASK_INTENT[status]}>
                      {EMERGENCY_TASK_STATUS_LABELS[status]} {event.taskCounts[status]}
                    </Tag>
                  ))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}
