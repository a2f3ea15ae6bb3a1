import { Button, Callout, FormGroup, HTMLSelect, InputGroup, ProgressBar, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import {
  EMERGENCY_PLANS,
  EMERGENCY_TASK_TRANSITIONS,
  type DispatchEmergencyTaskBody,
  type EmergencyEventDetail,
  type EmergencyPlanTask,
  type EmergencyTaskRow,
  type EmergencyTeamLoad,
} from '@ops/contracts';
import { levelIntent } from './EventListPanel';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import type { Loadable } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';

export interface EventDetailPanelProps {
  /** The focused event; null when none is focused. */
  event: Loadable<EmergencyEventDetail> | null;
  teams: readonly EmergencyTeamLoad[];
  /** Why no event shows (looking up an alarm's event, or it has none). */
  notice?: string;
  onRetry?(): void;
  onLocate(event: EmergencyEventDetail): void;
  onDispatch(body: DispatchEmergencyTaskBody): Promise<unknown>;
  onFinish(task: EmergencyTaskRow): Promise<unknown>;
  onCancel(task: EmergencyTaskRow, reason: string): Promise<unknown>;
  onClose(event: EmergencyEventDetail, result: string): Promise<unknown>;
  className?: string;
}

const DUE_CHOICES = [10, 15, 20, 30, 45, 60, 120, 180];
const statusIntent = (status: string) =>
  status === 'DONE' ? 'success' : status === 'CANCELLED' ? 'none' : status === 'PROCESSING' ? 'primary' : 'warning';
const messageOf = (error: unknown) => errorMessage(error);

/** The team a plan task suits: the first whose name or duty has the hint, free ones first. */
export function suggestedTeam(teams: readonly EmergencyTeamLoad[], hint: string): EmergencyTeamLoad | undefined {
  const suits = teams.filter((team) => team.name.includes(hint) || team.duty.includes(hint));
  return suits.find((team) => !team.busy) ?? suits[0];
}

/**
 * 事件处置: the focused event — its level, state, place and source alarm; its tasks with state and
 * progress (finish or cancel where the state allows); 按预案派发 and the dispatch form; 结束事件 with the
 * result. The server's refusal (409 naming the state) is shown where the action was taken.
 */
export function EventDetailPanel({
  event,
  teams,
  notice,
  onRetry,
  onLocate,
  onDispatch,
  onFinish,
  onCancel,
  onClose,
  className,
}: EventDetailPanelProps) {
  const detail = event?.data;
  return (
    <PanelBox title={t.eventPanel} label={detail ? t.eventPanelLabel(detail.title) : t.eventPanel} className={className}>
      <WidgetState
        status={event?.status ?? 'ready'}
        empty={!detail}
        {...(event?.error ? { error: event.error } : {})}
        {...(onRetry ? { onRetry } : {})}
        emptyText={notice ?? t.noFocusedEvent}
      >
        {detail ? (
          <EventDetail
            key={detail.eventId}
            detail={detail}
            teams={teams}
            onLocate={onLocate}
            onDispatch={onDispatch}
            onFinish={onFinish}
            onCancel={onCancel}
            onClose={onClose}
          />
        ) : null}
      </WidgetState>
    </PanelBox>
  );
}

function EventDetail({
  detail,
  teams,
  onLocate,
  onDispatch,
  onFinish,
  onCancel,
  onClose,
}: { detail: EmergencyEventDetail } & Pick<
  EventDetailPanelProps,
  'teams' | 'onLocate' | 'onDispatch' | 'onFinish' | 'onCancel' | 'onClose'
>) {
  const active = detail.status === 'ACTIVE';
  return (
    <div className="emergency-detail">
      <div className="emergency-detail__header">
        <Tag intent={levelIntent(detail.level)}>{detail.levelName}</Tag>
        <Tag minimal intent={active ? 'danger' : 'success'}>
          {detail.statusName}
        </Tag>
        <h4 className="emergency-detail__title">{detail.title}</h4>
        <Button size="small" icon="locate" text={t.flyTo} aria-label={t.flyToLabel(detail.title)} onClick={() => onLocate(detail)} />
      </div>
      <p className="emergency-detail__meta">
        {t.openedBy(detail.createdByName, formatMonthDayTime(detail.createTime))} · {t.radius(detail.radius)} ·{' '}
        {t.position(detail.longitude, detail.latitude)}
        {detail.alarmId !== null ? (
          <>
            {' · '}
            <Link to={`/alarmManage/eventcenter?alarmId=${detail.alarmId}`}>{t.sourceAlarm}</Link>
          </>
        ) : null}
      </p>
      {detail.description ? <p className="emergency-detail__description">{detail.description}</p> : null}
      <h5 className="emergency-detail__section">{t.tasks}</h5>
      {detail.tasks.length === 0 ? <p className="emergency-detail__empty">{t.noTasks}</p> : null}
      <ul className="emergency-tasks" aria-label={t.tasks}>
        {detail.tasks.map((task) => (
          <TaskItem key={task.taskId} task={task} onFinish={onFinish} onCancel={onCancel} />
        ))}
      </ul>
      {active ? <DispatchForm detail={detail} teams={teams} onDispatch={onDispatch} /> : null}
      {active ? (
        <CloseForm detail={detail} onClose={onClose} />
      ) : (
        <Callout compact intent="success" className="emergency-detail__closed">
          {t.closedAt(detail.closedByName ?? '', formatMonthDayTime(detail.closedAt))}：{detail.result}
        </Callout>
      )}
    </div>
  );
}

function TaskItem({ task, onFinish, onCancel }: { task: EmergencyTaskRow } & Pick<EventDetailPanelProps, 'onFinish' | 'onCancel'>) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
      setCancelling(false);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const canFinish = EMERGENCY_TASK_TRANSITIONS.finish.from.includes(task.status);
  const canCancel = EMERGENCY_TASK_TRANSITIONS.cancel.from.includes(task.status);
  return (
    <li className="emergency-tasks__item" aria-label={`${task.title} · ${task.teamName} · ${task.statusName}`}>
      <div className="emergency-tasks__head">
        <strong>{task.title}</strong>
        <span className="emergency-tasks__team">{task.teamName}</span>
        <Tag minimal intent={statusIntent(task.status)}>
          {task.statusName}
        </Tag>
        {task.overdue ? (
          <Tag minimal intent="danger">
            {t.overdue}
          </Tag>
        ) : null}
      </div>
      <div className="emergency-tasks__progress">
        <ProgressBar
          value={task.percent / 100}
          stripes={task.status === 'PROCESSING'}
          animate={task.status === 'PROCESSING'}
          intent={task.status === 'DONE' ? 'success' : 'primary'}
          aria-label={t.progress(task.percent)}
        />
        <span>{t.progress(task.percent)}</span>
      </div>
      {task.lastNote ? <p className="emergency-tasks__note">{task.lastNote}</p> : null}
      <p className="emergency-tasks__due">{t.taskDue(formatMonthDayTime(task.dueAt))}</p>
      {cancelling ? (
        <div className="emergency-tasks__actions">
          <InputGroup size="small" aria-label={t.cancelReason} placeholder={t.cancelReason} value={reason} onValueChange={setReason} />
          <Button
            size="small"
            intent="danger"
            text={t.confirmCancel}
            loading={busy}
            disabled={!reason.trim()}
            onClick={() => void run(() => onCancel(task, reason.trim()))}
          />
          <Button size="small" variant="minimal" text={t.back} onClick={() => setCancelling(false)} />
        </div>
      ) : canFinish || canCancel ? (
        <div className="emergency-tasks__actions">
          {canFinish ? (
            <Button
              size="small"
              intent="success"
              icon="tick"
              text={t.finishTask}
              aria-label={t.finishTaskLabel(task.title)}
              loading={busy}
              onClick={() => void run(() => onFinish(task))}
            />
          ) : null}
          {canCancel ? (
            <Button
              size="small"
              icon="cross"
              text={t.cancelTask}
              aria-label={t.cancelTaskLabel(task.title)}
              onClick={() => setCancelling(true)}
            />
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <Callout compact intent="danger" role="alert">
          {problem}
        </Callout>
      ) : null}
    </li>
  );
}

function DispatchForm({
  detail,
  teams,
  onDispatch,
}: { detail: EmergencyEventDetail } & Pick<EventDetailPanelProps, 'teams' | 'onDispatch'>) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [teamId, setTeamId] = useState<number | ''>('');
  const [dueMinutes, setDueMinutes] = useState(30);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const dispatched = new Set(detail.tasks.filter((task) => task.status !== 'CANCELLED').map((task) => task.title));
  const plan = EMERGENCY_PLANS[detail.kind].filter((item) => !dispatched.has(item.title));
  const applyPlan = (item: EmergencyPlanTask) => {
    setTitle(item.title);
    setDescription(item.description);
    setDueMinutes(DUE_CHOICES.includes(item.dueMinutes) ? item.dueMinutes : 30);
    const team = suggestedTeam(teams, item.teamHint);
    if (team) setTeamId(team.teamId);
    setProblem(undefined);
  };
  const submit = async () => {
    if (!title.trim()) return setProblem(t.titleRequired);
    if (teamId === '') return setProblem(t.teamRequired);
    setBusy(true);
    setProblem(undefined);
    try {
      await onDispatch({
        eventId: detail.eventId,
        title: title.trim(),
        teamId,
        dueAt: Date.now() + dueMinutes * 60_000,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setTitle('');
      setDescription('');
      setTeamId('');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="emergency-dispatch"
      aria-label={t.dispatchForm}
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        void submit();
      }}
    >
      <h5 className="emergency-detail__section">{t.plan}</h5>
      {plan.length ? (
        <div className="emergency-dispatch__plan" role="group" aria-label={t.plan} title={t.planHint}>
          {plan.map((item) => (
            <Button
              key={item.title}
              size="small"
              variant="outlined"
              text={item.title}
              aria-label={t.planTask(item.title)}
              onClick={() => applyPlan(item)}
            />
          ))}
        </div>
      ) : null}
      <FormGroup label={t.taskTitle} labelFor="emergency-task-title" className="emergency-dispatch__field">
        <InputGroup id="emergency-task-title" size="small" value={title} onValueChange={setTitle} maxLength={60} />
      </FormGroup>
      <div className="emergency-dispatch__row">
        <FormGroup label={t.team} labelFor="emergency-task-team" className="emergency-dispatch__field">
          <HTMLSelect
            id="emergency-task-team"
            value={teamId}
            onChange={(change) => setTeamId(change.currentTarget.value ? Number(change.currentTarget.value) : '')}
          >
            <option value="">{t.chooseTeam}</option>
            {teams.map((team) => (
              <option key={team.teamId} value={team.teamId}>
                {team.busy ? t.teamBusy(team.name, team.tasks.length) : team.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t.dueIn} labelFor="emergency-task-due" className="emergency-dispatch__field">
          <HTMLSelect id="emergency-task-due" value={dueMinutes} onChange={(change) => setDueMinutes(Number(change.currentTarget.value))}>
            {DUE_CHOICES.map((value) => (
              <option key={value} value={value}>
                {t.minutes(value)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <FormGroup label={t.taskDescription} labelFor="emergency-task-description" className="emergency-dispatch__field">
        <TextArea
          id="emergency-task-description"
          size="small"
          fill
          rows={2}
          value={description}
          onChange={(change) => setDescription(change.currentTarget.value)}
          maxLength={500}
        />
      </FormGroup>
      {problem ? (
        <Callout compact intent="danger" role="alert">
          {problem}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" icon="send-message" text={t.dispatch} loading={busy} />
    </form>
  );
}

function CloseForm({ detail, onClose }: { detail: EmergencyEventDetail } & Pick<EventDetailPanelProps, 'onClose'>) {
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async () => {
    if (!result.trim()) return setProblem(t.closeResultRequired);
    setBusy(true);
    setProblem(undefined);
    try {
      await onClose(detail, result.trim());
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="emergency-close"
      aria-label={t.closeEvent}
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        void submit();
      }}
    >
      <h5 className="emergency-detail__section">{t.closeEvent}</h5>
      <div className="emergency-close__row">
        <InputGroup
          size="small"
          aria-label={t.closeResult}
          placeholder={t.closeResultPlaceholder[detail.kind]}
          value={result}
          onValueChange={setResult}
          maxLength={200}
          fill
        />
        <Button type="submit" intent="danger" text={t.closeEvent} loading={busy} />
      </div>
      {problem ? (
        <Callout compact intent="danger" role="alert">
          {problem}
        </Callout>
      ) : null}
    </form>
  );
}
