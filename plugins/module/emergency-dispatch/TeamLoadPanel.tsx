import { ProgressBar, Tag } from '@blueprintjs/core';
import { PanelBox, WidgetState } from '@ops/sdk';
import type { EmergencyTeamLoad } from '@ops/contracts';
import { TaskStatusTag, TASK_INTENT } from './dispatchTags';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import type { Loaded } from '@ops/sdk';

/** 班组动态: who is doing what now — each team busy or standing by, its open tasks with their progress. */
export function TeamLoadPanel({ teams, onRetry }: { teams: Loaded<EmergencyTeamLoad[]>; onRetry?(): void }) {
  const rows = teams.data ?? [];
  return (
    <PanelBox title={t.teamsTitle} className="dispatch__teams">
      <WidgetState status={teams.status} empty={rows.length === 0} error={teams.error} onRetry={onRetry} emptyText={t.noTeams}>
        <ul className="dispatch__team-grid" aria-label={t.teamsTitle}>
          {rows.map((team) => (
            <li
              key={team.teamId}
              className={`dispatch__team${team.busy ? ' is-busy' : ''}`}
              aria-label={`${team.name} ${team.busy ? t.teamBusy : t.teamFree}`}
            >
              <div className="dispatch__team-head">
                <span className={`dispatch__team-dot${team.busy ? ' is-busy' : ''}`} aria-hidden />
                <strong>{team.name}</strong>
                <Tag minimal intent={team.busy ? 'warning' : 'success'} round>
                  {team.busy ? t.teamBusy : t.teamFree}
                </Tag>
                {team.openWorkOrders ? (
                  <Tag minimal icon="clipboard" className="dispatch__team-orders">
                    {t.teamWorkOrders(team.openWorkOrders)}
                  </Tag>
                ) : null}
              </div>
              <span className="dispatch__team-duty">{team.duty}</span>
              {team.tasks.map((task) => (
                <div key={task.taskId} className="dispatch__team-task" role="group" aria-label={`${task.title} · ${task.eventTitle}`}>
                  <div className="dispatch__team-task-head">
                    <span className="dispatch__team-task-title" title={task.eventTitle}>
                      {task.title} · {task.eventTitle}
                    </span>
                    <TaskStatusTag status={task.status} name={task.statusName} />
                  </div>
                  <div className="dispatch__task-progress">
                    <ProgressBar
                      value={task.percent / 100}
                      intent={TASK_INTENT[task.status]}
                      stripes={task.status === 'PROCESSING'}
                      animate={false}
                      aria-label={`${team.name} ${task.title} 进度 ${task.percent}%`}
                    />
                    <span className="dispatch__percent">{t.percent(task.percent)}</span>
                  </div>
                  {task.lastNote ? <span className="dispatch__team-note">{task.lastNote}</span> : null}
                </div>
              ))}
            </li>
          ))}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}
