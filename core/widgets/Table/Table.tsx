import { Button, InputGroup } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TableData } from '../../../contracts/panels';
import { formatDateTime, formatDuration, formatNumber, NO_VALUE } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import { useWallZoom } from '../wallScale';
import './Table.css';

type Column = TableData['columns'][number];
type Row = TableData['rows'][number];
type Cell = Row[string];

export const TABLE_ROW_HEIGHT = 34;
/** A row on a 1080p wall; a 4K wall doubles it (`useWallZoom`). */
export const TABLE_WALL_ROW_HEIGHT = 52;

/** A cell as shown: times `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai), numbers grouped with 万/亿, durations `h:mm:ss` (the value in ms). */
export function formatCell(column: Column, value: Cell | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  switch (column.format) {
    case 'dateTime':
      return formatDateTime(typeof value === 'number' ? value : String(value));
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'duration':
      return typeof value === 'number' ? formatDuration(value) : String(value);
    default:
      return String(value);
  }
}

const collator = new Intl.Collator('zh-CN', { numeric: true });
function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A column's share of the row: times fit their text, figures are narrow, the first column (usually the
 * name) is widest. `scale`: how much larger the type is than the desktop's (1.6 on a 1080p wall).
 */
function columnWidth(column: Column, index: number, scale: number): string {
  if (column.format === 'dateTime') return `minmax(${Math.round(150 * scale)}px, 1.2fr)`;
  if (column.format === 'number' || column.format === 'duration') return `minmax(${Math.round(84 * scale)}px, 0.8fr)`;
  return index === 0 ? `minmax(${Math.round(120 * scale)}px, 1.6fr)` : `minmax(${Math.round(72 * scale)}px, 1.2fr)`;
}

interface SortState {
  key: string;
  descending: boolean;
}

/**
 * `table`: the rows of the answer under its columns, virtualised (only visible rows are in the DOM,
 * like the device table), sortable by a header click. Options: `filterable` (a text filter over every
 * cell, default false), `pageSize` (show the rows in pages of this many instead of one scrolling list),
 * `rowKey` (the column whose value `onOpen` gets; default the first column), `label` (the table's
 * accessible name). A row click calls `onOpen(row[rowKey])`.
 */
export function Table({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'table'>) {
  const columns = useMemo(() => data?.columns ?? [], [data]);
  const filterable = booleanOption(options, 'filterable') ?? false;
  const pageSize = Math.round(numberOption(options, 'pageSize') ?? 0);
  const rowKey = stringOption(options, 'rowKey') ?? columns[0]?.key ?? '';
  const label = stringOption(options, 'label') ?? t.tableLabel;
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    let rows = data?.rows ?? [];
    const needle = filter.trim().toLowerCase();
    if (needle) rows = rows.filter((row) => columns.some((column) => formatCell(column, row[column.key]).toLowerCase().includes(needle)));
    if (sort) {
      const sign = sort.descending ? -1 : 1;
      rows = [...rows].sort((a, b) => sign * compareCells(a[sort.key], b[sort.key]));
    }
    return rows;
  }, [data, columns, filter, sort]);

  const pages = pageSize > 0 ? Math.max(1, Math.ceil(shown.length / pageSize)) : 1;
  const currentPage = Math.min(page, pages - 1);
  const pageRows = pageSize > 0 ? shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize) : shown;
  const zoom = useWallZoom(wall);
  const rowHeight = wall ? Math.round(TABLE_WALL_ROW_HEIGHT * zoom) : TABLE_ROW_HEIGHT;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: pageRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 600, height: 300 },
  });
  // Entering or leaving a wall screen changes the row height: the virtualiser keeps sizes it measured.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const toggleSort = (key: string) => {
    setSort((previous) => (previous?.key !== key ? { key, descending: false } : previous.descending ? null : { key, descending: true }));
    setPage(0);
  };
  const openRow = (row: Row) => onOpen?.(String(row[rowKey] ?? ''));
  const onRowKey = (event: KeyboardEvent, row: Row) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openRow(row);
    }
  };

  const total = data?.total ?? 0;
  const loaded = data?.rows.length ?? 0;
  const countText = filter.trim()
    ? t.matched(formatNumber(shown.length))
    : total > loaded
      ? t.showing(formatNumber(loaded), formatNumber(total))
      : t.total(formatNumber(total));
  const gridTemplateColumns = columns.map((column, index) => columnWidth(column, index, wall ? 1.6 * zoom : 1)).join(' ');
  const empty = !data || columns.length === 0 || loaded === 0;

  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-table">
      {filterable ? (
        <div className="ops-table__tools">
          <InputGroup
            size={wall ? 'large' : 'small'}
            leftIcon="filter"
            placeholder={t.filterPlaceholder}
            aria-label={t.filterLabel}
            value={filter}
            onValueChange={(value) => {
              setFilter(value);
              setPage(0);
            }}
            rightElement={
              filter ? (
                <Button variant="minimal" size="small" icon="cross" aria-label={t.clearFilter} onClick={() => setFilter('')} />
              ) : undefined
            }
          />
        </div>
      ) : null}
      <div className="ops-table__grid" role="table" aria-label={label} aria-rowcount={shown.length + 1}>
        <div className="ops-table__row ops-table__head" role="row" aria-rowindex={1} style={{ gridTemplateColumns }}>
          {columns.map((column) => {
            const sorted = sort?.key === column.key ? (sort.descending ? 'descending' : 'ascending') : 'none';
            return (
              <span
                key={column.key}
                role="columnheader"
                aria-sort={sorted}
                className={`ops-table__cell${column.format === 'number' || column.format === 'duration' ? ' ops-table__cell--number' : ''}`}
              >
                <button
                  type="button"
                  className="ops-table__sort"
                  onClick={() => toggleSort(column.key)}
                  aria-label={`${t.sortBy(column.title)}${sorted === 'none' ? '' : `（${sorted === 'ascending' ? t.sortedAscending : t.sortedDescending}）`}`}
                >
                  <span className="ops-table__title">{column.title}</span>
                  <span aria-hidden className={`ops-table__sort-mark${sorted === 'none' ? '' : ' is-active'}`}>
                    {sorted === 'descending' ? '▼' : sorted === 'ascending' ? '▲' : '⇅'}
                  </span>
                </button>
              </span>
            );
          })}
        </div>
        <div ref={scroller} className="ops-table__body" role="rowgroup">
          {pageRows.length === 0 ? (
            <div className="ops-table__no-match">{t.noMatch}</div>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = pageRows[item.index]!;
                return (
                  <div
                    key={item.key}
                    role="row"
                    aria-rowindex={item.index + 2 + currentPage * pageSize}
                    tabIndex={onOpen ? 0 : undefined}
                    className={`ops-table__row${onOpen ? ' is-clickable' : ''}${item.index % 2 ? ' is-odd' : ''}`}
                    style={{ gridTemplateColumns, height: rowHeight, transform: `translateY(${item.start}px)` }}
                    onClick={onOpen ? () => openRow(row) : undefined}
                    onKeyDown={onOpen ? (event) => onRowKey(event, row) : undefined}
                  >
                    {columns.map((column) => {
                      const text = formatCell(column, row[column.key]);
                      return (
                        <span
                          key={column.key}
                          role="cell"
                          title={text}
                          className={`ops-table__cell${column.format === 'number' || column.format === 'duration' ? ' ops-table__cell--number' : ''}`}
                        >
                          {text}
                        </span>
                      );
                    })}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      <div className="ops-table__footer">
        <span className="ops-table__count">{countText}</span>
        {pageSize > 0 && pages > 1 ? (
          <span className="ops-table__pager">
            <Button
              variant="minimal"
              size="small"
              icon="chevron-left"
              aria-label={t.previousPage}
              disabled={currentPage === 0}
              onClick={() => setPage(currentPage - 1)}
            />
            <span>{t.page(currentPage + 1, pages)}</span>
            <Button
              variant="minimal"
              size="small"
              icon="chevron-right"
              aria-label={t.nextPage}
              disabled={currentPage >= pages - 1}
              onClick={() => setPage(currentPage + 1)}
            />
          </span>
        ) : null}
      </div>
    </WidgetState>
  );
}

export default Table;
