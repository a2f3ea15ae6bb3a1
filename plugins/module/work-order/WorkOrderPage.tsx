import { Button, Drawer, DrawerSize, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Api,
  ApiFiles,
  DeviceApi,
  deviceKindsOf,
  EventBus,
  formatDate,
  Notifier,
  PluginRegistry,
  shanghaiDayStart,
  subscribePush,
  useLoaded,
  useService,
  type DeviceKind,
  type Loaded,
} from '@ops/sdk';
import {
  workOrderPushTopic,
  type WorkOrderAction,
  type WorkOrderAssignees,
  type WorkOrderDetail,
  type WorkOrderPhoto,
  type WorkOrderStats,
} from '@ops/contracts';
import { CreateWorkOrderDialog, type NewWorkOrder } from './CreateWorkOrderDialog';
import { createWorkOrderApi, type ActionInput } from './workOrderApi';
import { WorkOrderDetailView } from './WorkOrderDetailView';
import { WorkOrderKpis } from './WorkOrderKpis';
import { WorkOrderList, type ListQuery } from './WorkOrderList';
import { WorkOrderSlaChart } from './WorkOrderSlaChart';
import { WorkOrderStatusChart } from './WorkOrderStatusChart';
import { workOrderStrings as t } from './workOrderStrings';
import './WorkOrder.css';
import { errorMessage } from '@ops/contracts';

const PAGE_SIZE = 15;
/** Pushes arriving together (a simulator tick) refresh once. */
const PUSH_SETTLE_MS = 300;
const CLOCK_TICK_MS = 30_000;

const message = (error: unknown) => errorMessage(error);

/** 工单管理: the counts and charts, the list with its filters, the detail drawer and the create dialog, live on WORK_ORDER pushes. */
export default function WorkOrderPage() {
  const caller = useService(Api);
  const files = useService(ApiFiles);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const registry = useService(PluginRegistry);
  const devicesApi = useService(DeviceApi);
  const api = useMemo(() => createWorkOrderApi(caller, files), [caller, files]);
  const deviceKinds = useMemo(() => deviceKindsOf(registry), [registry]);

  const [query, setQuery] = useState<ListQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const readStats = useCallback(() => api.stats(), [api]);
  const readList = useCallback(() => api.list(query), [api, query]);
  const [stats, reloadStats] = useLoaded<WorkOrderStats>(readStats);
  const [list, reloadList] = useLoaded(readList);
  const [assignees, setAssignees] = useState<WorkOrderAssignees>({ users: [], teams: [] });
  const [now, setNow] = useState(() => Date.now());
  const [creating, setCreating] = useState(false);

  // The open order lives in the address (?orderId=), so a link opens it and the back button closes it.
  const [params, setParams] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const openId = Number.isInteger(orderId) && orderId > 0 ? orderId : undefined;
  const [detail, setDetail] = useState<Loaded<WorkOrderDetail>>({ data: undefined, status: 'loading' });
  const openOrder = useCallback(
    (id: number | undefined) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id === undefined) next.delete('orderId');
          else next.set('orderId', String(id));
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  const reloadDetail = useCallback(async () => {
    if (openId === undefined) return;
    try {
      const data = await api.detail(openId);
      setDetail({ data, status: 'ready' });
    } catch (error) {
      setDetail((previous) => ({
        data: previous.data?.orderId === openId ? previous.data : undefined,
        status: 'error',
        error: message(error),
      }));
    }
  }, [api, openId]);
  useEffect(() => {
    setDetail({ data: undefined, status: 'loading' });
    void reloadDetail();
  }, [reloadDetail]);

  useEffect(() => {
    api.assignees().then(setAssignees, () => undefined);
  }, [api]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Another operator, the field teams (simulator) or the escalation job changed an order: refresh.
  const latest = useRef({ reloadStats, reloadList, reloadDetail, openId });
  latest.current = { reloadStats, reloadList, reloadDetail, openId };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let touchedOpen = false;
    const unsubscribe = subscribePush(bus, workOrderPushTopic, (change) => {
      if (change.orderId === latest.current.openId) touchedOpen = true;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { reloadStats: stats, reloadList: rows, reloadDetail: open } = latest.current;
        void stats();
        void rows();
        if (touchedOpen) void open();
        touchedOpen = false;
        setNow(Date.now());
      }, PUSH_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [bus]);

  // Each photo is fetched once per visit, whether it shows in the gallery or the timeline.
  const photoCache = useRef(new Map<number, Promise<Blob>>());
  const loadPhoto = useCallback(
    (photo: WorkOrderPhoto) => {
      let pending = photoCache.current.get(photo.photoId);
      if (!pending) {
        pending = api.photo(photo);
        pending.catch(() => photoCache.current.delete(photo.photoId));
        photoCache.current.set(photo.photoId, pending);
      }
      return pending;
    },
    [api],
  );

  const act = useCallback(
    async (action: WorkOrderAction, input: ActionInput) => {
      if (openId === undefined) return;
      try {
        await api.act(action, openId, input);
        notifier.show('success', t.done[action]);
      } finally {
        // Refused or not, show what the order is now (a refusal usually means it changed meanwhile).
        await Promise.all([reloadDetail(), reloadStats(), reloadList()]);
      }
    },
    [api, openId, notifier, reloadDetail, reloadStats, reloadList],
  );
  const upload = useCallback(
    async (file: File) => {
      if (openId === undefined) throw new Error(t.loadFailed);
      return api.uploadPhoto(openId, file);
    },
    [api, openId],
  );

  const create = async ({ body, assignTo }: NewWorkOrder) => {
    const created = await api.create(body);
    setCreating(false);
    notifier.show('success', `${t.done.create}：${created.orderNo}`);
    if (assignTo) {
      try {
        await api.act('assign', created.orderId, assignTo);
      } catch {
        notifier.show('warning', t.createdButAssignFailed(created.orderNo));
      }
    }
    openOrder(created.orderId);
    await Promise.all([reloadStats(), reloadList()]);
  };
  const searchDevices = useCallback(
    async (kind: DeviceKind, keyword: string) => (await devicesApi.list(kind, 1, 50, keyword ? { keyword } : {})).rows,
    [devicesApi],
  );

  const statsProps = { stats: stats.data, status: stats.status, error: stats.error, onRetry: () => void reloadStats() };
  const filterBy = (patch: Partial<ListQuery>) => setQuery({ pageNum: 1, pageSize: PAGE_SIZE, ...patch });

  return (
    <div className="work-order">
      <div className="work-order__top">
        <WorkOrderKpis
          {...statsProps}
          onOpen={(kpi) =>
            filterBy(
              kpi === 'overdue'
                ? { overdue: '1' }
                : kpi === 'createdToday'
                  ? { beginTime: shanghaiDayStart(formatDate(now)) ?? undefined }
                  : { status: kpi },
            )
          }
        />
        <WorkOrderStatusChart {...statsProps} onOpen={(status) => filterBy({ status })} />
        <WorkOrderSlaChart {...statsProps} onOpenOverdue={() => filterBy({ overdue: '1' })} />
      </div>
      <WorkOrderList
        query={query}
        onQuery={setQuery}
        page={list.data}
        status={list.status}
        error={list.error}
        onRetry={() => void reloadList()}
        assignees={assignees}
        activeId={openId}
        onOpen={(id) => openOrder(id)}
        onCreate={() => setCreating(true)}
        now={now}
      />
      <Drawer
        isOpen={openId !== undefined}
        onClose={() => openOrder(undefined)}
        size={DrawerSize.STANDARD}
        title={detail.data ? `${t.detail} · ${detail.data.orderNo}` : t.detail}
        icon="clipboard"
        className="work-order__drawer"
        isCloseButtonShown={false}
      >
        <div className="work-order__drawer-body">
          {detail.data && detail.data.orderId === openId ? (
            <WorkOrderDetailView
              order={detail.data}
              assignees={assignees}
              loadPhoto={loadPhoto}
              now={now}
              onAction={act}
              onUpload={upload}
              onClose={() => openOrder(undefined)}
            />
          ) : detail.status === 'error' ? (
            <NonIdealState
              icon="error"
              title={t.loadFailed}
              description={detail.error}
              action={<Button onClick={() => openOrder(undefined)}>{t.closeDetail}</Button>}
            />
          ) : (
            <Spinner aria-label={t.detail} />
          )}
        </div>
      </Drawer>
      <CreateWorkOrderDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreate={create}
        assignees={assignees}
        deviceKinds={deviceKinds}
        searchDevices={searchDevices}
        now={() => Date.now()}
      />
    </div>
  );
}
