import { Button, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { formatDateTime, PanelBox, WidgetState, type WidgetStatus } from '@ops/sdk';
import type { RecognitionRecord } from '@ops/contracts';
import { dataRetrievalStrings as t } from './dataRetrievalStrings';
import { recordSummary, type RecognitionDictionaries } from './recognitionSearch';

export interface RecordTableProps {
  /** `totalCapped`: `total` is where the server stopped counting (a short plate fragment), shown as 10,000+. */
  page: { rows: RecognitionRecord[]; total: number; totalCapped?: boolean } | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
  pageNum: number;
  pageSize: number;
  onPage(pageNum: number): void;
  activeId?: number;
  onOpen(record: RecognitionRecord): void;
  dictionaries: RecognitionDictionaries;
}

/** 识别记录: one server page of the search, newest first, with its total and paging; a row opens its snapshot. */
export function RecordTable({ page, status, error, onRetry, pageNum, pageSize, onPage, activeId, onOpen, dictionaries }: RecordTableProps) {
  const rows = page?.rows ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PanelBox
      title={t.results}
      className="data-retrieval__results"
      actions={
        page ? (
          <span className="data-retrieval__total" title={page.totalCapped ? t.totalCapped(total) : undefined}>
            {t.total(total, page.totalCapped)}
          </span>
        ) : undefined
      }
    >
      <WidgetState
        status={status}
        empty={rows.length === 0}
        error={error}
        onRetry={onRetry}
        emptyText={t.noRecordsHint}
        className="data-retrieval__table-frame"
      >
        <div className="data-retrieval__table-scroll">
          <HTMLTable interactive compact striped className="data-retrieval__table" aria-label={t.results}>
            <thead>
              <tr>
                <th>{t.columns.time}</th>
                <th>{t.columns.camera}</th>
                <th>{t.columns.kind}</th>
                <th>{t.columns.content}</th>
                <th>{t.columns.snapshot}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((record) => (
                <tr
                  key={record.recordId}
                  className={record.recordId === activeId ? 'is-active' : undefined}
                  onClick={() => onOpen(record)}
                  onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onOpen(record)}
                  tabIndex={0}
                  aria-selected={record.recordId === activeId}
                >
                  <td className="data-retrieval__time">{formatDateTime(record.at)}</td>
                  <td>{record.deviceName}</td>
                  <td>
                    <Tag minimal intent={dictionaries.kind.intent(record.kind)}>
                      {dictionaries.kind.label(record.kind)}
                    </Tag>
                  </td>
                  <td className="data-retrieval__content">{recordSummary(record, dictionaries)}</td>
                  <td>{record.hasSnapshot ? <Icon icon="media" title={t.hasSnapshot} /> : t.noSnapshotShort}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </WidgetState>
      <div className="data-retrieval__pager">
        <Button size="small" disabled={pageNum <= 1 || status === 'loading'} onClick={() => onPage(pageNum - 1)}>
          {t.previous}
        </Button>
        <span>{t.page(pageNum, pages)}</span>
        <Button size="small" disabled={pageNum >= pages || status === 'loading'} onClick={() => onPage(pageNum + 1)}>
          {t.next}
        </Button>
      </div>
    </PanelBox>
  );
}
