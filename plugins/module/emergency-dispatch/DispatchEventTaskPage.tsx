import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, Notifier, useService } from '@ops/sdk';
import type { EmergencyEventQuery, EmergencyTaskAction, EmergencyTaskRow } from '@ops/contracts';
import { CreateEventDialog } from './CreateEventDialog';
import { DispatchFormPanel, type DispatchInput } from './DispatchFormPanel';
import { createEmergencyApi, type TaskActionInput } from './emergencyApi';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { EventInfoPanel } from './EventInfoPanel';
import { EventListPanel } from './EventListPanel';
import { PlanPanel } from './PlanPanel';
import { ASKS_FIRST, TaskListPanel } from './TaskListPanel';
import { useEmergencyPush } from './useEmergencyPush';
import { useLoaded } from '@ops/sdk';
import './EmergencyDispatch.css';
import { errorMessage } from '@ops/contracts';

const MINUTE_MS = 60_000;
const messageOf = (error: unknown) => errorMessage(error);

/**
 * 事件任务调度: the events on the left; the selected one (?eventId=, deep-linkable; ?alarmId= opens the
 * alarm's event) in the middle with its
 * tasks; its plan and the dispatch form on the right. Live on EMERGENCY_TASK pushes; every refusal shows
 * the server's message.
 */
export default function DispatchEventTaskPage() {
  const caller = useService(Api);
  const notifier = useService(Notifier);
  const api = useMemo(() => createEmergencyApi(caller), [caller]);
  const [params, setParams] = useSearchParams();
  const eventId = Number(params.get('eventId')) || undefined;
  const [query, setQuery] = useState<EmergencyEventQuery>({ pageNum: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);

  const [events, reloadEvents] = useLoaded(useCallback(() => api.list(query), [api, query]));
  const [teams, reloadTeams] = useLoaded(useCallback(() => api.teams(), [api]));
  const readDetail = useCallback(() => (eventId ? api.detail(eventId) : Promise.resolve(undefined)), [api, eventId]);
  const [detail, reloadDetail] = useLoaded(readDetail);
  const event = detail.data;

  const open = useCallback(
    (id: number) =>
      setParams((previous) => ({ ...Object.fromEntries([...previous].filter(([key]) => key !== 'alarmId')), eventId: String(id) })),
    [setParams],
  );
  // Opened on an alarm (?alarmId=, as an alarm toast links): its event, if it has one.
  const alarmId = Number(params.get('alarmId')) || undefined;
  useEffect(() => {
    if (!alarmId || eventId) return;
    api.byAlarm(alarmId).then(
      (found) => open(found.eventId),
      (error: unknown) => notifier.show('warning', messageOf(error)),
    );
  }, [alarmId, eventId, api, open, notifier]);
  // Nothing asked for: the newest active event (the list puts active ones first) is the one to look at.
  const first = events.data?.rows[0]?.eventId;
  useEffect(() => {
    if (!eventId && !alarmId && first)
      setParams((previous) => ({ ...Object.fromEntries(previous), eventId: String(first) }), { replace: true });
  }, [eventId, alarmId, first, setParams]);
  const refresh = useCallback(() => {
    void reloadEvents();
    void reloadTeams();
    void reloadDetail();
  }, [reloadEvents, reloadTeams, reloadDetail]);
  useEmergencyPush(refresh);

  /** Runs a change; the server's refusal is rethrown, and toasted unless a dialog or form shows it (`shownThere`). */
  const change = async (work: () => Promise<unknown>, done: string, shownThere = false) => {
    try {
      await work();
      notifier.show('success', done);
      refresh();
    } catch (error) {
      if (!shownThere) notifier.show('error', messageOf(error), 6000);
      refresh();
      throw error;
    }
  };
  const dispatch = (input: DispatchInput, shownThere = false) => {
    const team = teams.data?.find((option) => option.teamId === input.teamId)?.name ?? '';
    return change(
      () =>
        api.dispatch({
          eventId: eventId!,
          title: input.title,
          teamId: input.teamId,
          description: input.description,
          dueAt: Date.now() + input.dueMinutes * MINUTE_MS,
        }),
      t.dispatched(input.title, team),
      shownThere,
    );
  };
  const act = (action: EmergencyTaskAction, task: EmergencyTaskRow, input: TaskActionInput) =>
    change(() => api.act(action, task.taskId, input), t.done, ASKS_FIRST.includes(action));
  const latest = events.data?.rows[0];

  return (
    <div className="dispatch dispatch--tasks">
      <EventListPanel
        query={query}
        onQuery={setQuery}
        events={events}
        activeId={eventId}
        onOpen={open}
        onCreate={() => setCreating(true)}
        onRetry={() => void reloadEvents()}
      />
      <div className="dispatch__center">
        <EventInfoPanel
          event={eventId ? detail : undefined}
          onRetry={() => void reloadDetail()}
          onClose={(result) => change(() => api.close(eventId!, result), t.closed, true)}
        />
        <TaskListPanel event={event} teams={teams.data ?? []} onAction={act} />
      </div>
      <div className="dispatch__side">
        <PlanPanel
          event={event}
          teams={teams.data ?? []}
          onDispatch={(task, teamId) => dispatch({ title: task.title, teamId, dueMinutes: task.dueMinutes, description: task.description })}
        />
        <DispatchFormPanel event={event} teams={teams.data ?? []} onDispatch={(input) => dispatch(input, true)} />
      </div>
      {creating ? (
        <CreateEventDialog
          isOpen
          near={latest ? { longitude: latest.longitude, latitude: latest.latitude } : undefined}
          onClose={() => setCreating(false)}
          onCreate={async (body) => {
            const created = await api.create(body);
            notifier.show('success', t.created);
            open(created.eventId);
            refresh();
          }}
          onCreateFromAlarm={async (body) => {
            const created = await api.fromAlarm(body);
            notifier.show('success', t.created);
            open(created.eventId);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
