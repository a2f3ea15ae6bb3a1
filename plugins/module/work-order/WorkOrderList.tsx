import { Button, HTMLSelect, HTMLTable, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DateRangeField, formatMonthDayTime, PanelBox, WidgetState, type WidgetStatus } from '@ops/sdk';
import {
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderAssignees,
  type WorkOrderCategory,
  type WorkOrderPriority,
  type WorkOrderQuery,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '@ops/contracts';
import { SLA_INTENT, slaOf } from './slaClock';
import { workOrderStrings as t } from './workOrderStrings';

export const PRIORITY_INTENT: Record<WorkOrderPriority, 'danger' | 'warning' | 'primary' | 'none'> = {
  URGENT: 'danger',
  HIGH: 'warning',
  NORMAL: 'primary',
  LOW: 'none',
};
export const STATUS_INTENT: Record<WorkOrderStatus, 'none' | 'primary' | 'warning' | 'success'> = {
  PENDING: 'none',
  ASSIGNED: 'primary',
  PROCESSING: 'warning',
  DONE: 'success',
  CANCELLED: 'none',
};

/** The list's query: a page and the filters (assignee as `user:<id>` / `team:<id>` in the one select). */
export type ListQuery = WorkOrderQuery & { pageNum: number; pageSize: number };

export interface WorkOrderListProps {
  query: ListQuery;
  onQuery(query: ListQuery): void;
  page: { rows: WorkOrderRow[]; total: number } | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
  assignees: WorkOrderAssignees;
  activeId?: number;
  onOpen(orderId: number): void;
  onCreate(): void;
  /** The clock of the SLA countdowns (ticks each minute on the page). */
  now: number;
}

export const assigneeText = (row: Pick<WorkOrderRow, 'assigneeUserName' | 'assigneeTeamName'>) =>
  row.assigneeUserName ?? (row.assigneeTeamName ? t.team(row.assigneeTeamName) : t.unassigned);

/** 工单列表: filters, one server page of orders with status tags and the SLA clock, and paging. */
export function WorkOrderList({
  query,
  onQuery,
  page,
  status,
  error,
  onRetry,
  assignees,
  activeId,
  onOpen,
  onCreate,
  now,
}: WorkOrderListProps) {
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const filter = (patch: Partial<ListQuery>) => onQuery({ ...query, ...patch, pageNum: 1 });
  const assignee = query.assigneeUserId ? `user:${query.assigneeUserId}` : query.assigneeTeamId ? `team:${query.assigneeTeamId}` : '';
  const pages = Math.max(1, Math.ceil((page?.total ?? 0) / query.pageSize));
  const rows = page?.rows ?? [];
  const filtered = Boolean(
    query.status ||
    query.priority ||
    query.category ||
    query.assigneeUserId ||
    query.assigneeTeamId ||
    query.keyword ||
    query.overdue ||
    query.beginTime ||
    query.endTime,
  );

  return (
    <PanelBox
      title={t.list}
      className="work-order__list"
      actions={
        <Button icon="add" intent="primary" size="small" onClick={onCreate}>
          {t.create}
        </Button>
      }
    >
      <div className="work-order__filters" role="group" aria-label={t.filters}>
        <form
          className="work-order__search"
          onSubmit={(event) => {
            event.preventDefault();
            filter({ keyword: keyword.trim() || undefined });
          }}
        >
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t.keywordLabel}
            placeholder={t.keyword}
            value={keyword}
            maxLength={50}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            onBlur={() => keyword.trim() !== (query.keyword ?? '') && filter({ keyword: keyword.trim() || undefined })}
          />
        </form>
        <HTMLSelect
          aria-label={t.statusFilter}
          value={query.status ?? ''}
          onChange={(event) => filter({ status: (event.currentTarget.value || undefined) as WorkOrderStatus | undefined })}
          options={[
            { value: '', label: t.allStatuses },
            ...WORK_ORDER_STATUSES.map((value) => ({ value, label: WORK_ORDER_STATUS_LABELS[value] })),
          ]}
        />
        <HTMLSelect
          aria-label={t.priorityFilter}
          value={query.priority ?? ''}
          onChange={(event) => filter({ priority: (event.currentTarget.value || undefined) as WorkOrderPriority | undefined })}
          options={[
            { value: '', label: t.allPriorities },
            ...WORK_ORDER_PRIORITIES.map((value) => ({ value, label: WORK_ORDER_PRIORITY_LABELS[value] })),
          ]}
        />
        <HTMLSelect
          aria-label={t.categoryFilter}
          value={query.category ?? ''}
          onChange={(event) => filter({ category: (event.currentTarget.value || undefined) as WorkOrderCategory | undefined })}
          options={[
            { value: '', label: t.allCategories },
            ...WORK_ORDER_CATEGORIES.map((value) => ({ value, label: WORK_ORDER_CATEGORY_LABELS[value] })),
          ]}
        />
        <HTMLSelect
          aria-label={t.assigneeFilter}
          value={assignee}
          onChange={(event) => {
            const [kind, id] = event.currentTarget.value.split(':');
            filter({ assigneeUserId: kind === 'user' ? Number(id) : undefined, assigneeTeamId: kind === 'team' ? Number(id) : undefined });
          }}
        >
          <option value="">{t.allAssignees}</option>
          <optgroup label={t.teams}>
            {assignees.teams.map((team) => (
              <option key={`team:${team.teamId}`} value={`team:${team.teamId}`}>
                {team.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t.people}>
            {assignees.users.map((user) => (
              <option key={`user:${user.userId}`} value={`user:${user.userId}`}>
                {user.nickName}
              </option>
            ))}
          </optgroup>
        </HTMLSelect>
        <Switch
          className="work-order__overdue"
          label={t.overdueOnly}
          checked={query.overdue === '1'}
          onChange={(event) => filter({ overdue: event.currentTarget.checked ? '1' : undefined })}
        />
        <DateRangeField
          label={t.createdRange}
          beginLabel={t.beginTime}
          endLabel={t.endTime}
          value={{ begin: query.beginTime, end: query.endTime }}
          onChange={(range) => filter({ beginTime: range.begin, endTime: range.end })}
        />
        {filtered ? (
          <Button variant="minimal" icon="reset" onClick={() => onQuery({ pageNum: 1, pageSize: query.pageSize })}>
            {t.resetFilters}
          </Button>
        ) : null}
      </div>
      <WidgetState
        status={status}
        empty={rows.length === 0}
        error={error}
        onRetry={onRetry}
        emptyText={filtered ? t.noOrdersHint : t.noOrders}
        className="work-order__table-frame"
      >
        <div className="work-order__table-scroll">
          <HTMLTable interactive compact striped className="work-order__table" aria-label={t.list}>
            <thead>
              <tr>
                <th>{t.columns.orderNo}</th>
                <th>{t.columns.title}</th>
                <th>{t.columns.category}</th>
                <th>{t.columns.priority}</th>
                <th>{t.columns.status}</th>
                <th>{t.columns.assignee}</th>
                <th>{t.columns.due}</th>
                <th>{t.columns.created}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const sla = slaOf(row, now);
                return (
                  <tr
                    key={row.orderId}
                    onClick={() => onOpen(row.orderId)}
                    aria-selected={row.orderId === activeId}
                    className={row.orderId === activeId ? 'is-active' : undefined}
                  >
                    <td>
                      <button
                        type="button"
                        className="work-order__link"
                        onClick={(event) => (event.stopPropagation(), onOpen(row.orderId))}
                      >
                        {row.orderNo}
                      </button>
                    </td>
                    <td className="work-order__title-cell" title={row.title}>
                      {row.title}
                    </td>
                    <td>{row.categoryName}</td>
                    <td>
                      <Tag minimal intent={PRIORITY_INTENT[row.priority]}>
                        {row.priorityName}
                      </Tag>
                    </td>
                    <td>
                      <Tag intent={STATUS_INTENT[row.status]} minimal={row.status === 'CANCELLED'}>
                        {row.statusName}
                      </Tag>
                    </td>
                    <td>{assigneeText(row)}</td>
                    <td className={`work-order__sla is-${sla.state}`}>
                      {sla.state === 'overdue' ? (
                        <Tag intent={SLA_INTENT[sla.state]} icon="time">
                          {sla.text}
                        </Tag>
                      ) : (
                        sla.text
                      )}
                      {row.escalatedAt !== null && sla.state === 'overdue' ? (
                        <Tag minimal intent="danger" className="work-order__escalated">
                          {t.escalated}
                        </Tag>
                      ) : null}
                    </td>
                    <td>{formatMonthDayTime(row.createTime)}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </WidgetState>
      <div className="work-order__pager">
        <span>{t.total(page?.total ?? 0)}</span>
        <Button size="small" disabled={query.pageNum <= 1} onClick={() => onQuery({ ...query, pageNum: query.pageNum - 1 })}>
          {t.previous}
        </Button>
        <span>{t.page_(query.pageNum, pages)}</span>
        <Button size="small" disabled={query.pageNum >= pages} onClick={() => onQuery({ ...query, pageNum: query.pageNum + 1 })}>
          {t.next}
        </Button>
      </div>
    </PanelBox>
  );
}
