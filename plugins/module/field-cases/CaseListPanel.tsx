import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseRow, type CaseStatus } from '@ops/contracts';
import { STATUS_INTENTS } from './caseGroups';
import { fieldCasesStrings as t } from './fieldCasesStrings';
import type { Loadable } from '@ops/sdk';

export interface CaseListPanelProps {
  /** The page's name in labels (投诉建议 …). */
  groupName: string;
  cases: Loadable<{ rows: CaseRow[]; total: number }>;
  pageNum: number;
  pageSize: number;
  status: CaseStatus | '';
  keyword: string;
  focusedId: number | null;
  onPage(pageNum: number): void;
  onStatus(status: CaseStatus | ''): void;
  onKeyword(keyword: string): void;
  onFocus(caseId: number): void;
  onRegister(): void;
  onRetry(): void;
  className?: string;
}

/** The page's cases, newest first, a page at a time, filtered by status or a keyword; a click opens one. */
export function CaseListPanel(props: CaseListPanelProps) {
  const { groupName, cases, pageNum, pageSize, status, keyword, focusedId } = props;
  const rows = cases.data?.rows ?? [];
  const total = cases.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PanelBox
      title={t.list}
      label={t.listLabel(groupName)}
      className={props.className}
      actions={<Button size="small" intent="primary" icon="add" text={t.register} onClick={props.onRegister} />}
    >
      <div className="field-cases__filters">
        <HTMLSelect
          aria-label={t.statusFilter}
          value={status}
          onChange={(event) => {
            const value = event.currentTarget.value;
            props.onStatus(CASE_STATUSES.find((candidate) => candidate === value) ?? '');
          }}
          options={[{ value: '', label: t.allStatuses }, ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }))]}
        />
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t.keyword}
          placeholder={t.keyword}
          value={keyword}
          onValueChange={props.onKeyword}
        />
      </div>
      <WidgetState
        status={cases.status}
        empty={rows.length === 0}
        {...(cases.error ? { error: cases.error } : {})}
        onRetry={props.onRetry}
        emptyText={t.noCases}
      >
        <ul className="field-cases__list" aria-label={t.listLabel(groupName)}>
          {rows.map((row) => (
            <li key={row.caseId}>
              <button
                type="button"
                className={`field-cases__item${row.caseId === focusedId ? ' is-active' : ''}`}
                aria-label={t.openCase(row.caseNo, row.title)}
                aria-current={row.caseId === focusedId ? 'true' : undefined}
                onClick={() => props.onFocus(row.caseId)}
              >
                <span className="field-cases__item-title">
                  <Tag minimal intent={STATUS_INTENTS[row.status]}>
                    {row.statusName}
                  </Tag>
                  {row.overdue ? (
                    <Tag minimal intent="danger">
                      {t.overdueTag}
                    </Tag>
                  ) : null}
                  <span className="field-cases__item-text">{row.title}</span>
                </span>
                <span className="field-cases__item-meta">
                  {row.caseNo} · {row.kindName} · {row.area} · {formatMonthDayTime(row.createTime)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
      <div className="field-cases__pager">
        <Button
          size="small"
          variant="minimal"
          icon="chevron-left"
          aria-label={t.previousPage}
          disabled={pageNum <= 1}
          onClick={() => props.onPage(pageNum - 1)}
        />
        <span>{t.page(pageNum, pages, total)}</span>
        <Button
          size="small"
          variant="minimal"
          icon="chevron-right"
          aria-label={t.nextPage}
          disabled={pageNum >= pages}
          onClick={() => props.onPage(pageNum + 1)}
        />
      </div>
    </PanelBox>
  );
}
