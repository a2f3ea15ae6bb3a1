import { Tag } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import { OPEN_EMERGENCY_TASK_STATUSES, type EmergencyEventRow } from '@ops/contracts';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import type { Loadable } from '@ops/sdk';

export interface EventListPanelProps {
  /** The kind's name in the title (火情, 人群踩踏 …). */
  kindLabel: string;
  events: Loadable<EmergencyEventRow[]>;
  focusedId: number | null;
  onFocus(eventId: number): void;
  onRetry?(): void;
  className?: string;
}

export const levelIntent = (level: string) => (level === 'HIGH' ? 'danger' : level === 'MEDIUM' ? 'warning' : 'primary');

/** The active events of a page's kind, newest first; a click focuses one (camera, effects, its panel). */
export function EventListPanel({ kindLabel, events, focusedId, onFocus, onRetry, className }: EventListPanelProps) {
  const rows = events.data ?? [];
  return (
    <PanelBox title={t.events(kindLabel)} className={className}>
      <WidgetState
        status={events.status}
        empty={rows.length === 0}
        {...(events.error ? { error: events.error } : {})}
        {...(onRetry ? { onRetry } : {})}
        emptyText={t.noEvents(kindLabel)}
      >
        <ul className="emergency-events" aria-label={t.eventsLabel(kindLabel)}>
          {rows.map((event) => {
            const open = OPEN_EMERGENCY_TASK_STATUSES.reduce((sum, status) => sum + (event.taskCounts[status] ?? 0), 0);
            return (
              <li key={event.eventId}>
                <button
                  type="button"
                  className={`emergency-events__item${event.eventId === focusedId ? ' is-active' : ''}`}
                  aria-label={t.focusEvent(event.title)}
                  aria-current={event.eventId === focusedId ? 'true' : undefined}
                  onClick={() => onFocus(event.eventId)}
                >
                  <span className="emergency-events__title">
                    <Tag minimal intent={levelIntent(event.level)}>
                      {event.levelName}
                    </Tag>
                    {event.title}
                  </span>
                  <span className="emergency-events__meta">
                    {formatMonthDayTime(event.createTime)} · {event.statusName} ·{' '}
                    {t.taskCount(
                      open,
                      Object.values(event.taskCounts).reduce((sum, count) => sum + count, 0),
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}
