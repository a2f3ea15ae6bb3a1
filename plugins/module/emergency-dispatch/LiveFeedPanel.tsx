import { Tag } from '@blueprintjs/core';
import { formatTime, PanelBox, WidgetState } from '@ops/sdk';
import type { EmergencyFeedEntry } from '@ops/contracts';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import type { Loaded } from '@ops/sdk';

/** 实时动态: the latest changes of events and tasks, newest first; pushed lines appear as they happen. */
export function LiveFeedPanel({
  feed,
  freshIds,
  onRetry,
}: {
  feed: Loaded<EmergencyFeedEntry[]>;
  freshIds?: ReadonlySet<number>;
  onRetry?(): void;
}) {
  const rows = feed.data ?? [];
  return (
    <PanelBox
      title={t.feedTitle}
      className="dispatch__feed"
      actions={
        <Tag minimal intent="success" icon="feed" round>
          {t.live}
        </Tag>
      }
    >
      <WidgetState status={feed.status} empty={rows.length === 0} error={feed.error} onRetry={onRetry} emptyText={t.noFeed}>
        <ol className="dispatch__feed-list" aria-label={t.feedTitle} aria-live="polite">
          {rows.map((entry) => (
            <li key={entry.id} className={`dispatch__feed-item${freshIds?.has(entry.id) ? ' is-fresh' : ''}`}>
              <time>{formatTime(entry.time)}</time>
              <div className="dispatch__feed-text">
                <span>
                  <strong>{entry.userName}</strong> {entry.actionName}
                  {entry.taskTitle ? `「${entry.taskTitle}」` : ''}
                  {entry.action === 'progress' && entry.percent !== null ? ` ${entry.percent}%` : ''}
                </span>
                <span className="dispatch__feed-event">{entry.eventTitle}</span>
                {entry.note ? <span className="dispatch__feed-note">{entry.note}</span> : null}
              </div>
            </li>
          ))}
        </ol>
      </WidgetState>
    </PanelBox>
  );
}
