import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  ProgressBar,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { formatMonthDayTime, formatTime, PanelBox, WidgetState } from '@ops/sdk';
import {
  EMERGENCY_ACTION_LABELS,
  EMERGENCY_TASK_ACTIONS,
  EMERGENCY_TASK_TRANSITIONS,
  type EmergencyEventDetail,
  type EmergencyHistoryEntry,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
  type EmergencyTeamLoad,
} from '@ops/contracts';
import { TaskStatusTag, TASK_INTENT } from './dispatchTags';
import type { TaskActionInput } from './emergencyApi';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { errorMessage } from '@ops/contracts';

export interface TaskListPanelProps {
  event: EmergencyEventDetail | undefined;
  teams: EmergencyTeamLoad[];
  /** Rejects with the server's message (a 409 names the task's state and the action). */
  onAction(action: EmergencyTaskAction, task: EmergencyTaskRow, input: TaskActionInput): Promise<void>;
}

/** Operator-facing names of the task actions (cancel reads 取消任务 on its button). */
const ACTION_TEXT: Record<EmergencyTaskAction, string> = {
  accept: t.accept,
  progress: t.progress,
  finish: t.finish,
  cancel: t.cancelTask,
  reassign: t.reassign,
};
const ACTION_ICON = {
  accept: 'confirm',
  progress: 'timeline-line-chart',
  finish: 'tick-circle',
  cancel: 'disable',
  reassign: 'swap-horizontal',
} as const;
/** Actions that ask for input first (in a dialog, which also shows a refusal). */
export const ASKS_FIRST: readonly EmergencyTaskAction[] = ['progress', 'finish', 'cancel', 'reassign'];

export const allowedActions = (task: EmergencyTaskRow) =>
  EMERGENCY_TASK_ACTIONS.filter((action) => EMERGENCY_TASK_TRANSITIONS[action].from.includes(task.status));

/** 调度任务: each task with its state, team, progress, due time, the actions its state allows and its record. */
export function TaskListPanel({ event, teams, onAction }: TaskListPanelProps) {
  const [asking, setAsking] = useState<{ action: EmergencyTaskAction; task: EmergencyTaskRow }>();
  const [expanded, setExpanded] = useState<number>();
  const [busy, setBusy] = useState<string>();
  const tasks = event?.tasks ?? [];
  const historyOf = (taskId: number): EmergencyHistoryEntry[] => (event?.history ?? []).filter((entry) => entry.taskId === taskId);
  const run = async (action: EmergencyTaskAction, task: EmergencyTaskRow) => {
    if (ASKS_FIRST.includes(action)) return setAsking({ action, task });
    setBusy(`${action}:${task.taskId}`);
    try {
      await onAction(action, task, {});
    } catch {
      // The page showed the server's message.
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <PanelBox title={t.tasksTitle} className="dispatch__tasks">
      <WidgetState status="ready" empty={tasks.length === 0} emptyText={event ? t.noTasks : t.noEventSelected}>
        <ul className="dispatch__task-list" aria-label={t.tasksTitle}>
          {tasks.map((task) => (
            <li
              key={task.taskId}
              className={`dispatch__task dispatch__task--${task.status.toLowerCase()}`}
              aria-label={`${task.title} ${task.teamName} ${task.statusName}`}
            >
              <div className="dispatch__task-head">
                <strong className="dispatch__task-title">{task.title}</strong>
                <TaskStatusTag status={task.status} name={task.statusName} />
                <span className="dispatch__task-team">{task.teamName}</span>
                <span className={`dispatch__task-due${task.overdue ? ' is-overdue' : ''}`}>
                  {t.due} {formatMonthDayTime(task.dueAt)}
                  {task.overdue ? ` · ${t.overdue}` : ''}
                </span>
              </div>
              <div className="dispatch__task-progress">
                <ProgressBar
                  value={task.percent / 100}
                  intent={TASK_INTENT[task.status]}
                  stripes={task.status === 'PROCESSING'}
                  animate={task.status === 'PROCESSING'}
                  aria-label={`${task.title} 进度 ${task.percent}%`}
                />
                <span className="dispatch__percent">{t.percent(task.percent)}</span>
              </div>
              {task.lastNote ? <p className="dispatch__task-note">{task.lastNote}</p> : null}
              <div className="dispatch__task-actions">
                {allowedActions(task).map((action) => (
                  <Button
                    key={action}
                    size="small"
                    icon={ACTION_ICON[action]}
                    intent={action === 'finish' ? 'success' : action === 'cancel' ? 'danger' : action === 'accept' ? 'primary' : 'none'}
                    aria-label={t.actionLabel(ACTION_TEXT[action], task.title)}
                    loading={busy === `${action}:${task.taskId}`}
                    onClick={() => void run(action, task)}
                  >
                    {ACTION_TEXT[action]}
                  </Button>
                ))}
                <Button
                  size="small"
                  variant="minimal"
                  icon={expanded === task.taskId ? 'chevron-up' : 'history'}
                  aria-expanded={expanded === task.taskId}
                  onClick={() => setExpanded(expanded === task.taskId ? undefined : task.taskId)}
                >
                  {t.history}
                </Button>
              </div>
              {expanded === task.taskId ? (
                <ol className="dispatch__history" aria-label={`${task.title} ${t.history}`}>
                  {historyOf(task.taskId).map((entry) => (
                    <li key={entry.id}>
                      <time>{formatTime(entry.time)}</time>
                      <span className="dispatch__history-who">{entry.userName}</span>
                      <span className="dispatch__history-what">{entry.actionName}</span>
                      {entry.percent !== null && entry.action === 'progress' ? <span>{t.percent(entry.percent)}</span> : null}
                      <span className="dispatch__history-note">{entry.note}</span>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      </WidgetState>
      {asking ? (
        <TaskActionDialog
          {...asking}
          teams={teams}
          onClose={() => setAsking(undefined)}
          onSubmit={(input) => onAction(asking.action, asking.task, input)}
        />
      ) : null}
    </PanelBox>
  );
}

/** What an action asks for: a progress figure and note, a finishing note, a cancel reason, another team. */
function TaskActionDialog({
  action,
  task,
  teams,
  onClose,
  onSubmit,
}: {
  action: EmergencyTaskAction;
  task: EmergencyTaskRow;
  teams: EmergencyTeamLoad[];
  onClose(): void;
  onSubmit(input: TaskActionInput): Promise<void>;
}) {
  const [percent, setPercent] = useState(Math.min(99, Math.max(task.percent, task.percent + 20)));
  const [note, setNote] = useState('');
  const others = teams.filter((team) => team.teamId !== task.teamId);
  const [teamId, setTeamId] = useState(others[0]?.teamId);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if ((action === 'progress' || action === 'cancel') && !note.trim())
      return setError(t.required(action === 'progress' ? t.progressNote : t.cancelNote));
    if (action === 'reassign' && teamId === undefined) return setError(t.required(t.reassignTeam));
    setBusy(true);
    try {
      await onSubmit({
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(action === 'progress' ? { percent } : {}),
        ...(action === 'reassign' ? { teamId } : {}),
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const noteLabel =
    action === 'progress' ? t.progressNote : action === 'cancel' ? t.cancelNote : action === 'finish' ? t.finishNote : t.reassignNote;
  return (
    <Dialog isOpen onClose={onClose} title={`${EMERGENCY_ACTION_LABELS[action]}：${task.title}`} className="bp6-dark">
      <DialogBody>
        {error ? (
          <Callout intent="danger" icon="error" className="dispatch__dialog-error" role="alert">
            {error}
          </Callout>
        ) : null}
        {action === 'progress' ? (
          <FormGroup label={t.progressPercent} labelFor="dispatch-progress-percent">
            <NumericInput
              id="dispatch-progress-percent"
              min={task.percent}
              max={99}
              stepSize={10}
              value={percent}
              onValueChange={(value) => setPercent(Number.isFinite(value) ? Math.round(value) : task.percent)}
            />
          </FormGroup>
        ) : null}
        {action === 'reassign' ? (
          <FormGroup label={t.reassignTeam} labelFor="dispatch-reassign-team">
            <HTMLSelect
              id="dispatch-reassign-team"
              fill
              value={teamId ?? ''}
              onChange={(change) => setTeamId(Number(change.currentTarget.value))}
            >
              {others.map((team) => (
                <option key={team.teamId} value={team.teamId}>
                  {team.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        <FormGroup label={noteLabel} labelFor="dispatch-action-note">
          {action === 'progress' || action === 'cancel' ? (
            <TextArea
              id="dispatch-action-note"
              fill
              rows={3}
              maxLength={500}
              value={note}
              onChange={(change) => setNote(change.currentTarget.value)}
            />
          ) : (
            <InputGroup id="dispatch-action-note" maxLength={500} value={note} onChange={(change) => setNote(change.currentTarget.value)} />
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t.cancel}</Button>
            <Button intent="primary" loading={busy} onClick={() => void submit()}>
              {t.submit}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
