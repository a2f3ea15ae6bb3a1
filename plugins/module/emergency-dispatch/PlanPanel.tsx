import { Button, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { PanelBox, WidgetState } from '@ops/sdk';
import { EMERGENCY_PLANS, type EmergencyEventDetail, type EmergencyPlanTask, type EmergencyTeamLoad } from '@ops/contracts';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';

export interface PlanPanelProps {
  event: EmergencyEventDetail | undefined;
  teams: EmergencyTeamLoad[];
  onDispatch(task: EmergencyPlanTask, teamId: number): Promise<void>;
}

/** The team a plan task suits: the first whose name or duty holds its hint, else the first free one, else the first. */
export function suggestedTeam(task: EmergencyPlanTask, teams: EmergencyTeamLoad[]): number | undefined {
  const matching = teams.find((team) => team.name.includes(task.teamHint) || team.duty.includes(task.teamHint));
  return (matching ?? teams.find((team) => !team.busy) ?? teams[0])?.teamId;
}

/** 按预案派发: the plan of the event's kind, each task one click to the suggested (or chosen) team. */
export function PlanPanel({ event, teams, onDispatch }: PlanPanelProps) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<string>();
  const plan = event ? EMERGENCY_PLANS[event.kind] : [];
  const active = event?.status === 'ACTIVE';
  const dispatched = new Set(event?.tasks.filter((task) => task.status !== 'CANCELLED').map((task) => task.title));
  return (
    <PanelBox title={t.planTitle} className="dispatch__plan">
      <WidgetState status="ready" empty={!event} emptyText={t.noEventSelected}>
        {event ? (
          <div className="dispatch__plan-body">
            <p className="dispatch__hint">{t.planHint(event.kindName)}</p>
            <ul className="dispatch__plan-list">
              {plan.map((task) => {
                const teamId = chosen[task.title] ?? suggestedTeam(task, teams);
                const done = dispatched.has(task.title);
                return (
                  <li key={task.title} className="dispatch__plan-item">
                    <div className="dispatch__plan-text">
                      <strong>{task.title}</strong>
                      <span>{task.description}</span>
                    </div>
                    <div className="dispatch__plan-controls">
                      <HTMLSelect
                        aria-label={t.planTeamLabel(task.title)}
                        value={teamId ?? ''}
                        disabled={!active}
                        onChange={(change) => setChosen({ ...chosen, [task.title]: Number(change.currentTarget.value) })}
                      >
                        {teams.map((team) => (
                          <option key={team.teamId} value={team.teamId}>
                            {team.name}
                            {team.busy ? '（执行中）' : ''}
                          </option>
                        ))}
                      </HTMLSelect>
                      <Button
                        size="small"
                        intent={done ? 'none' : 'primary'}
                        icon={done ? 'tick' : 'send-message'}
                        aria-label={t.planDispatchLabel(task.title)}
                        disabled={!active || teamId === undefined}
                        loading={busy === task.title}
                        onClick={async () => {
                          setBusy(task.title);
                          try {
                            await onDispatch(task, teamId!);
                          } catch {
                            // The page showed the server's message.
                          } finally {
                            setBusy(undefined);
                          }
                        }}
                      >
                        {done ? t.planDispatched : t.planDispatch}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </WidgetState>
    </PanelBox>
  );
}
