import { Button, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { PanelBox, WidgetState } from '@ops/sdk';
import { EMERGENCY_TASK_DEFAULT_DUE_MINUTES, type EmergencyEventDetail, type EmergencyTeamLoad } from '@ops/contracts';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { errorMessage } from '@ops/contracts';

export interface DispatchInput {
  title: string;
  teamId: number;
  dueMinutes: number;
  description: string;
}

export interface DispatchFormPanelProps {
  event: EmergencyEventDetail | undefined;
  teams: EmergencyTeamLoad[];
  onDispatch(input: DispatchInput): Promise<void>;
}

const DUE_CHOICES = [15, EMERGENCY_TASK_DEFAULT_DUE_MINUTES, 60, 120, 240];

/** 派发任务: the operator's own task (name, team, due, description) for the selected event. */
export function DispatchFormPanel({ event, teams, onDispatch }: DispatchFormPanelProps) {
  const [title, setTitle] = useState('');
  const [teamId, setTeamId] = useState<number>();
  const [dueMinutes, setDueMinutes] = useState(EMERGENCY_TASK_DEFAULT_DUE_MINUTES);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const active = event?.status === 'ACTIVE';
  const team = teamId ?? teams[0]?.teamId;
  const submit = async () => {
    if (!title.trim()) return setError(t.required(t.taskName));
    if (team === undefined) return setError(t.required(t.taskTeam));
    setBusy(true);
    try {
      await onDispatch({ title: title.trim(), teamId: team, dueMinutes, description: description.trim() });
      setTitle('');
      setDescription('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PanelBox title={t.dispatchTitle} className="dispatch__form">
      <WidgetState status="ready" empty={!event} emptyText={t.noEventSelected}>
        <form
          className="dispatch__form-body"
          onSubmit={(submitEvent) => {
            submitEvent.preventDefault();
            void submit();
          }}
        >
          <FormGroup label={t.taskName} labelFor="dispatch-task-title" intent={error ? 'danger' : 'none'} helperText={error}>
            <InputGroup
              id="dispatch-task-title"
              maxLength={100}
              disabled={!active}
              value={title}
              onChange={(change) => setTitle(change.currentTarget.value)}
            />
          </FormGroup>
          <div className="dispatch__form-row">
            <FormGroup label={t.taskTeam} labelFor="dispatch-task-team">
              <HTMLSelect
                id="dispatch-task-team"
                fill
                disabled={!active}
                value={team ?? ''}
                onChange={(change) => setTeamId(Number(change.currentTarget.value))}
              >
                {teams.map((option) => (
                  <option key={option.teamId} value={option.teamId}>
                    {option.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t.taskDue} labelFor="dispatch-task-due">
              <HTMLSelect
                id="dispatch-task-due"
                fill
                disabled={!active}
                value={dueMinutes}
                onChange={(change) => setDueMinutes(Number(change.currentTarget.value))}
              >
                {DUE_CHOICES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t.taskDueMinutes(minutes)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </div>
          <FormGroup label={t.taskDescription} labelFor="dispatch-task-description">
            <TextArea
              id="dispatch-task-description"
              fill
              rows={2}
              maxLength={1000}
              disabled={!active}
              value={description}
              onChange={(change) => setDescription(change.currentTarget.value)}
            />
          </FormGroup>
          <Button type="submit" intent="primary" icon="send-message" fill disabled={!active} loading={busy}>
            {t.dispatch}
          </Button>
        </form>
      </WidgetState>
    </PanelBox>
  );
}
