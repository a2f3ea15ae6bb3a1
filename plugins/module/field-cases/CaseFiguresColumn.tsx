import { BarChart, PanelBox, PieChart, StatGroup } from '@ops/sdk';
import type { CaseStats } from '@ops/contracts';
import { fieldCasesStrings as t } from './fieldCasesStrings';
import type { Loadable } from '@ops/sdk';

export interface CaseFiguresColumnProps {
  stats: Loadable<CaseStats>;
  onRetry(): void;
}

/** The left column: the page's figures (today's new, open, overdue, closed) and its cases by kind, area, team and age. */
export function CaseFiguresColumn({ stats, onRetry }: CaseFiguresColumnProps) {
  const figures = stats.data;
  const state = { status: stats.status, ...(stats.error ? { error: stats.error } : {}), onRetry };
  const category = (pick: (data: CaseStats) => { name: string; value: number }[]) =>
    figures ? { items: pick(figures), unit: t.unitCases } : undefined;
  return (
    <div className="field-cases__column is-left">
      <PanelBox title={t.figures} className="field-cases__panel is-stats">
        <StatGroup
          {...state}
          data={
            figures && {
              items: [
                { name: t.today, value: figures.today, unit: t.unitCases },
                { name: t.open, value: figures.open, unit: t.unitCases },
                { name: t.overdue, value: figures.overdue, unit: t.unitCases },
                { name: t.closed, value: figures.closed, unit: t.unitCases },
              ],
            }
          }
          options={{ columns: 2 }}
        />
      </PanelBox>
      <PanelBox title={t.byKind} className="field-cases__panel is-chart">
        <PieChart {...state} data={category((data) => data.byKind)} options={{ totalLabel: t.unitTotal }} />
      </PanelBox>
      <PanelBox title={t.byArea} className="field-cases__panel is-chart">
        <BarChart {...state} data={category((data) => data.byArea)} options={{ colorByItem: true }} />
      </PanelBox>
      <PanelBox title={t.byTeam} className="field-cases__panel is-chart">
        <BarChart {...state} data={category((data) => data.byTeam)} />
      </PanelBox>
      <PanelBox title={t.openAges} className="field-cases__panel is-chart">
        <BarChart {...state} data={category((data) => data.openAges)} />
      </PanelBox>
    </div>
  );
}
