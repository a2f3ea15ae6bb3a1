import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Api, PanelBox, PieChart, StatGroup, useService } from '@ops/sdk';
import { EMERGENCY_TASK_STATUSES, EMERGENCY_TASK_STATUS_LABELS, type EmergencyFeedEntry, type EmergencyStats } from '@ops/contracts';
import { ActiveEventsPanel } from './ActiveEventsPanel';
import { createEmergencyApi } from './emergencyApi';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { LiveFeedPanel } from './LiveFeedPanel';
import { TeamLoadPanel } from './TeamLoadPanel';
import { useEmergencyPush } from './useEmergencyPush';
import { useLoaded, type Loaded } from '@ops/sdk';
import './EmergencyDispatch.css';

const FEED_LENGTH = 40;
const STATUS_COLOURS = ['#ec9a3c', '#4c90f0', '#2d72d2', '#32a467', '#738091'];

/** The figures above the panels. */
export function statItems(stats: EmergencyStats) {
  const open = stats.tasksByStatus.PENDING + stats.tasksByStatus.ACCEPTED + stats.tasksByStatus.PROCESSING;
  return [
    { name: t.kpiActive, value: stats.activeEvents, unit: '起' },
    { name: t.kpiOpenTasks, value: open, unit: '项' },
    { name: t.kpiBusyTeams, value: stats.busyTeams, unit: `/${stats.teams}` },
    { name: t.kpiDone, value: stats.tasksByStatus.DONE, unit: '项' },
  ];
}

/** Tasks of active events by state, for the pie. */
export function statusItems(stats: EmergencyStats) {
  return EMERGENCY_TASK_STATUSES.map((status) => ({
    name: EMERGENCY_TASK_STATUS_LABELS[status],
    value: stats.tasksByStatus[status],
    key: status,
  }));
}

/** 调度面板: who is doing what now — figures, teams, active events, the live feed and tasks by state; live on pushes. */
export default function DispatchPanelPage() {
  const caller = useService(Api);
  const api = useMemo(() => createEmergencyApi(caller), [caller]);
  const navigate = useNavigate();
  const [stats, reloadStats] = useLoaded(useCallback(() => api.stats(), [api]));
  const [teams, reloadTeams] = useLoaded(useCallback(() => api.teams(), [api]));
  const [events, reloadEvents] = useLoaded(useCallback(() => api.list({ status: 'ACTIVE', pageNum: 1, pageSize: 50 }), [api]));
  const [feed, reloadFeed] = useLoaded(useCallback(() => api.feed(FEED_LENGTH), [api]));
  // Lines that came by push show at once (the settled refresh brings the rest) and are highlighted.
  const [pushed, setPushed] = useState<EmergencyFeedEntry[]>([]);
  const fresh = useMemo(() => new Set(pushed.map((entry) => entry.id)), [pushed]);
  useEmergencyPush(
    () => {
      void reloadStats();
      void reloadTeams();
      void reloadEvents();
    },
    (data) => setPushed((previous) => [data.entry, ...previous.filter((entry) => entry.id !== data.entry.id)].slice(0, FEED_LENGTH)),
  );
  const feedShown: Loaded<EmergencyFeedEntry[]> = useMemo(() => {
    const known = new Set(pushed.map((entry) => entry.id));
    const merged = [...pushed, ...(feed.data ?? []).filter((entry) => !known.has(entry.id))]
      .sort((a, b) => b.id - a.id)
      .slice(0, FEED_LENGTH);
    return { ...feed, data: feed.data || pushed.length ? merged : undefined };
  }, [feed, pushed]);
  const openEvent = (eventId: number) => navigate(`/securityEmergency/dispatcheventtask?eventId=${eventId}`);

  return (
    <div className="dispatch dispatch--panel">
      <PanelBox title="应急调度概况" className="dispatch__kpis">
        <StatGroup
          status={stats.status}
          data={stats.data ? { items: statItems(stats.data) } : undefined}
          error={stats.error}
          onRetry={() => void reloadStats()}
        />
      </PanelBox>
      <TeamLoadPanel teams={teams} onRetry={() => void reloadTeams()} />
      <ActiveEventsPanel events={events} onOpen={openEvent} onRetry={() => void reloadEvents()} />
      <LiveFeedPanel feed={feedShown} freshIds={fresh} onRetry={() => void reloadFeed()} />
      <PanelBox title={t.chartTitle} className="dispatch__chart">
        <PieChart
          status={stats.status}
          data={stats.data ? { items: statusItems(stats.data), unit: '项' } : undefined}
          error={stats.error}
          onRetry={() => void reloadStats()}
          options={{ colors: STATUS_COLOURS, totalLabel: '任务' }}
        />
      </PanelBox>
    </div>
  );
}
