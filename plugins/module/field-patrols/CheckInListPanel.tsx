import { Button } from '@blueprintjs/core';
import { formatTime, PanelBox, WidgetState, type Loaded } from '@ops/sdk';
import type { CheckIn } from '@ops/contracts';
import { CheckInPhoto } from './CheckInPhoto';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';
import { CHECK_IN_PAGE_SIZE } from './patrolApi';

/** Today's check-ins of the page's kind, newest first (time, member, checkpoint, photo), a page at a time; a click opens one. */
export function CheckInListPanel({
  title,
  checkIns,
  pageNum,
  focusedId,
  onPage,
  onOpen,
  onRetry,
  loadPhoto,
}: {
  title: string;
  checkIns: Loaded<{ rows: CheckIn[]; total: number }>;
  pageNum: number;
  focusedId: number | null;
  onPage(pageNum: number): void;
  onOpen(checkInId: number): void;
  onRetry(): void;
  loadPhoto(checkInId: number): Promise<string>;
}) {
  const rows = checkIns.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((checkIns.data?.total ?? 0) / CHECK_IN_PAGE_SIZE));
  return (
    <PanelBox title={t.checkInList} className="field-patrols__panel is-check-ins">
      <WidgetState
        status={checkIns.status}
        empty={rows.length === 0}
        {...(checkIns.error ? { error: checkIns.error } : {})}
        onRetry={onRetry}
        emptyText={t.noCheckIns}
      >
        <ul className="field-patrols__list" aria-label={t.checkInListLabel(title)}>
          {rows.map((row) => (
            <li key={row.checkInId}>
              <button
                type="button"
                className={`field-patrols__item is-check-in${row.checkInId === focusedId ? ' is-active' : ''}`}
                aria-label={t.openCheckIn(row.memberName, row.checkpointName)}
                aria-current={row.checkInId === focusedId ? 'true' : undefined}
                onClick={() => onOpen(row.checkInId)}
              >
                <CheckInPhoto
                  checkInId={row.checkInId}
                  hasPhoto={row.hasPhoto}
                  checkpointName={row.checkpointName}
                  load={loadPhoto}
                  size="thumb"
                />
                <span className="field-patrols__item-text">
                  <span className="field-patrols__item-title">
                    {row.checkpointName}
                    <time className="field-patrols__time">{formatTime(row.at)}</time>
                  </span>
                  <span className="field-patrols__item-meta">
                    {row.memberName} · {row.routeName}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <div className="field-patrols__pager">
            <Button
              size="small"
              variant="minimal"
              icon="chevron-left"
              disabled={pageNum <= 1}
              onClick={() => onPage(pageNum - 1)}
              aria-label={t.previousPage}
            />
            <span>{t.page(pageNum, pages)}</span>
            <Button
              size="small"
              variant="minimal"
              icon="chevron-right"
              disabled={pageNum >= pages}
              onClick={() => onPage(pageNum + 1)}
              aria-label={t.nextPage}
            />
          </div>
        ) : null}
      </WidgetState>
    </PanelBox>
  );
}
