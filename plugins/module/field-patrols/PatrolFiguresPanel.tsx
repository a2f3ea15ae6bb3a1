import { PanelBox, StatGroup, type Loaded } from '@ops/sdk';
import type { PatrolStatistics } from '@ops/contracts';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';

/** Today's checkpoints of the page's kind: done, missed, due and check-ins, then the same by team. */
export function PatrolFiguresPanel({ title, figures, onRetry }: { title: string; figures: Loaded<PatrolStatistics>; onRetry(): void }) {
  const total = figures.data?.total;
  const data = total
    ? {
        items: [
          { name: t.done, value: total.done },
          { name: t.missed, value: total.missed },
          { name: t.due, value: total.due },
          { name: t.checkIns, value: total.checkIns },
        ],
      }
    : undefined;
  return (
    <PanelBox title={t.figures} className="field-patrols__panel is-figures">
      <section aria-label={t.figuresLabel(title)}>
        <StatGroup
          data={data}
          options={{ columns: 4 }}
          status={figures.status}
          {...(figures.error ? { error: figures.error } : {})}
          onRetry={onRetry}
        />
        {figures.data ? (
          <ul className="field-patrols__teams" aria-label={t.byTeam}>
            {figures.data.byTeam.map((team) => (
              <li key={team.team}>
                <span className="field-patrols__team-name">{t.team(team.team)}</span>
                <span className="field-patrols__team-bar" aria-hidden="true">
                  {(['done', 'missed', 'due'] as const).map((state) => (
                    <span
                      key={state}
                      className={`is-${state}`}
                      style={{ flexGrow: team[state], display: team[state] ? undefined : 'none' }}
                    />
                  ))}
                </span>
                <span className="field-patrols__team-figures">{t.teamFigures(team.done, team.missed, team.due)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </PanelBox>
  );
}
