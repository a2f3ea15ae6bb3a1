import { Button, Card, HTMLSelect, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { eventCenterStrings as t } from './eventCenterStrings';
import { DateRangeField, EventBus, Notifier, PluginRegistry, PUSH_TOPIC_ALL, useDictionary, useService } from '@ops/sdk';
import { AlarmApi, type AlarmDetailData, type AlarmQuery, type AlarmRow, type AlarmStats } from './alarmApi';
import type { WorkOrderRow } from '@ops/contracts';
import { AlarmDetail } from './AlarmDetail';
import { AlarmList } from './AlarmList';
import './EventCenterPage.css';

const PAGE_SIZE = 20;

/** 事件中心: counts, filters, the alarm list with paging, and the detail where alarms are worked. */
export default function EventCenterPage() {
  const api = useService(AlarmApi);
  const registry = useService(PluginRegistry);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  // The grades and statuses, in order, with their labels and intents: the server's dictionaries.
  const grades = useDictionary(t.gradeDictionary);
  const statuses = useDictionary(t.statusDictionary);
  const types = useMemo(() => registry.list('alarm').map((plugin) => plugin.manifest.contributes), [registry]);
  const [query, setQuery] = useState<AlarmQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [page, setPage] = useState<{ rows: AlarmRow[]; total: number }>({ rows: [], total: 0 });
  const [stats, setStats] = useState<AlarmStats | null>(null);
  const [detail, setDetail] = useState<AlarmDetailData | null>(null);
  const [assignees, setAssignees] = useState<{ userId: number; nickName: string }[]>([]);

  const reload = useCallback(async () => {
    const [list, counts] = await Promise.all([api.list(query), api.stats()]);
    setPage(list);
    setStats(counts);
  }, [api, query]);

  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);
  useEffect(() => {
    api.assignees().then(setAssignees, () => setAssignees([]));
  }, [api]);
  // New alarms arrive over the push channel: refresh the list and counts.
  useEffect(() => bus.subscribe(PUSH_TOPIC_ALL, () => void reload().catch(() => undefined)), [bus, reload]);

  const [workOrders, setWorkOrders] = useState<WorkOrderRow[] | undefined>();
  const open = useCallback(
    async (alarmId: number) => {
      const [alarm, orders] = await Promise.all([api.detail(alarmId), api.workOrders(alarmId).catch(() => undefined)]);
      setDetail(alarm);
      setWorkOrders(orders);
    },
    [api],
  );
  // A click on an alarm on the map lands here with ?alarmId=…
  const [params] = useSearchParams();
  const linkedAlarm = Number(params.get('alarmId'));
  useEffect(() => {
    if (Number.isInteger(linkedAlarm) && linkedAlarm > 0) void open(linkedAlarm).catch(() => undefined);
  }, [linkedAlarm, open]);
  const act = async (action: () => Promise<unknown>, message: string) => {
    if (!detail) return;
    await action();
    notifier.show('success', message);
    await Promise.all([open(detail.alarmId), reload()]);
  };
  const filter = (patch: Partial<AlarmQuery>) => setQuery((previous) => ({ ...previous, ...patch, pageNum: 1 }));
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));

  return (
    <div className="event-center">
      {stats ? (
        <div className="event-center__stats">
          <Card compact aria-label={t.countsByStatus}>
            {statuses.options.map(({ value: status, label }) => (
              <span key={status} className="event-center__stat">
                {label} <strong>{stats.byStatus[status] ?? 0}</strong>
              </span>
            ))}
          </Card>
          <Card compact aria-label={t.countsByGrade}>
            {grades.options.map(({ value: grade, label }) => (
              <span key={grade} className="event-center__stat">
                <Tag minimal intent={grades.intent(grade)}>
                  {label}
                </Tag>{' '}
                <strong>{stats.byGrade[grade] ?? 0}</strong>
              </span>
            ))}
          </Card>
        </div>
      ) : null}
      <div className="event-center__filters" role="group" aria-label={t.filters}>
        <HTMLSelect
          aria-label={t.typeFilter}
          value={query.alarmType ?? ''}
          onChange={(event) => filter({ alarmType: event.currentTarget.value || undefined })}
          options={[{ value: '', label: t.allTypes }, ...types.map((type) => ({ value: type.code, label: type.name }))]}
        />
        <HTMLSelect
          aria-label={t.gradeFilter}
          value={query.grade ?? ''}
          onChange={(event) => filter({ grade: event.currentTarget.value || undefined })}
          options={[{ value: '', label: t.allGrades }, ...grades.options]}
        />
        <HTMLSelect
          aria-label={t.statusFilter}
          value={query.status ?? ''}
          onChange={(event) => filter({ status: event.currentTarget.value || undefined })}
          options={[{ value: '', label: t.allStatuses }, ...statuses.options]}
        />
        <DateRangeField
          label={t.timeRange}
          beginLabel={t.beginTime}
          endLabel={t.endTime}
          value={{ begin: query.beginTime, end: query.endTime }}
          onChange={(range) => filter({ beginTime: range.begin, endTime: range.end })}
        />
        <span className="event-center__total">{t.total(page.total)}</span>
      </div>
      <div className="event-center__main">
        <div className="event-center__list">
          <AlarmList rows={page.rows} activeId={detail?.alarmId} onOpen={(row) => void open(row.alarmId)} />
          <div className="event-center__pager">
            <Button disabled={query.pageNum <= 1} onClick={() => setQuery({ ...query, pageNum: query.pageNum - 1 })}>
              {t.previous}
            </Button>
            <span>{t.page(query.pageNum, pages)}</span>
            <Button disabled={query.pageNum >= pages} onClick={() => setQuery({ ...query, pageNum: query.pageNum + 1 })}>
              {t.next}
            </Button>
          </div>
        </div>
        {detail ? (
          <aside className="event-center__detail">
            <AlarmDetail
              key={`${detail.alarmId}-${detail.history.length}-${workOrders?.length ?? 0}`}
              alarm={detail}
              assignees={assignees}
              onClose={() => setDetail(null)}
              onTransition={(status, comment) =>
                act(() => api.transition(detail.alarmId, status, comment), t.statusChanged(statuses.label(status)))
              }
              onAssign={(userId, comment) => act(() => api.assign(detail.alarmId, userId, comment), t.assign)}
              onComment={(comment) => act(() => api.comment(detail.alarmId, comment), t.addComment)}
              workOrders={workOrders}
              onToWorkOrder={async () => {
                const order = await api.toWorkOrder(detail.alarmId);
                await act(async () => undefined, t.workOrderCreated(order.orderNo));
              }}
            />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
