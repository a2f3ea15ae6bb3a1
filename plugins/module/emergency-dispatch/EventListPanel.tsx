import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import {
  EMERGENCY_EVENT_STATUSES,
  EMERGENCY_EVENT_STATUS_LABELS,
  EMERGENCY_KINDS,
  EMERGENCY_KIND_LABELS,
  OPEN_EMERGENCY_TASK_STATUSES,
  type EmergencyEventQuery,
  type EmergencyEventRow,
} from '@ops/contracts';
import { EventStatusTag, KindTag, LevelTag } from './dispatchTags';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import type { Loaded } from '@ops/sdk';

export interface EventListPanelProps {
  query: EmergencyEventQuery;
  onQuery(query: EmergencyEventQuery): void;
  events: Loaded<{ rows: EmergencyEventRow[]; total: number }>;
  activeId?: number;
  onOpen(eventId: number): void;
  onCreate(): void;
  onRetry?(): void;
}

export const openTaskCount = (event: EmergencyEventRow) =>
  OPEN_EMERGENCY_TASK_STATUSES.reduce((sum, status) => sum + event.taskCounts[status], 0);
export const taskTotal = (event: EmergencyEventRow) => Object.values(event.taskCounts).reduce((sum, count) => sum + count, 0);

/** 应急事件: filters, 新建事件 and the events (active first, newest first) with paging. */
export function EventListPanel({ query, onQuery, events, activeId, onOpen, onCreate, onRetry }: EventListPanelProps) {
  const rows = events.data?.rows ?? [];
  const total = events.data?.total ?? 0;
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PanelBox
      title={t.eventsTitle}
      className="dispatch__events"
      actions={
        <Button size="small" intent="primary" icon="add" onClick={onCreate}>
          {t.newEvent}
        </Button>
      }
    >
      <div className="dispatch__filters">
        <HTMLSelect
          aria-label={t.statusFilter}
          value={query.status ?? ''}
          onChange={(change) =>
            onQuery({ ...query, pageNum: 1, status: (change.currentTarget.value || undefined) as EmergencyEventQuery['status'] })
          }
        >
          <option value="">{t.allStatuses}</option>
          {EMERGENCY_EVENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {EMERGENCY_EVENT_STATUS_LABELS[status]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t.kindFilter}
          value={query.kind ?? ''}
          onChange={(change) =>
            onQuery({ ...query, pageNum: 1, kind: (change.currentTarget.value || undefined) as EmergencyEventQuery['kind'] })
          }
        >
          <option value="">{t.allKinds}</option>
          {EMERGENCY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EMERGENCY_KIND_LABELS[kind]}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          className="dispatch__search"
          leftIcon="search"
          aria-label={t.keyword}
          placeholder={t.keyword}
          defaultValue={query.keyword ?? ''}
          onKeyDown={(key) => {
            if (key.key === 'Enter') onQuery({ ...query, pageNum: 1, keyword: key.currentTarget.value.trim() || undefined });
          }}
        />
      </div>
      <WidgetState
        status={events.status}
        empty={rows.length === 0}
        error={events.error}
        onRetry={onRetry}
        emptyText={t.noEvents}
        className="dispatch__list-frame"
      >
        <ul className="dispatch__event-list" aria-label={t.eventsTitle}>
          {rows.map((event) => {
            const open = openTaskCount(event);
            return (
              <li key={event.eventId}>
                <button
                  type="button"
                  className={`dispatch__event${event.eventId === activeId ? ' is-active' : ''}`}
                  aria-current={event.eventId === activeId}
                  aria-label={t.openEvent(event.title)}
                  onClick={() => onOpen(event.eventId)}
                >
                  <span className="dispatch__event-title">{event.title}</span>
                  <span className="dispatch__event-tags">
                    <EventStatusTag status={event.status} name={event.statusName} />
                    <KindTag kind={event.kind} name={event.kindName} />
                    <LevelTag level={event.level} name={event.levelName} />
                  </span>
                  <span className="dispatch__event-meta">
                    <span>{formatMonthDayTime(event.createTime)}</span>
                    <span className={open ? 'dispatch__open-count' : undefined}>{t.taskCounts(open, taskTotal(event))}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </WidgetState>
      {pages > 1 ? (
        <div className="dispatch__pager">
          <Button
            size="small"
            variant="minimal"
            icon="chevron-left"
            aria-label="上一页"
            disabled={pageNum <= 1}
            onClick={() => onQuery({ ...query, pageNum: pageNum - 1 })}
          />
          <span>
            {pageNum} / {pages}（共 {total} 起）
          </span>
          <Button
            size="small"
            variant="minimal"
            icon="chevron-right"
            aria-label="下一页"
            disabled={pageNum >= pages}
            onClick={() => onQuery({ ...query, pageNum: pageNum + 1 })}
          />
        </div>
      ) : null}
    </PanelBox>
  );
}
