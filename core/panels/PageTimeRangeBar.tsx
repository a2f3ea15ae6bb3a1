import { Button, ButtonGroup } from '@blueprintjs/core';
import type { TimeRangeChoice } from '../../contracts/panels';
import { formatDate } from '../format/timeFormat';
import { DateRangeField } from '../widgets';
import type { ChosenTimeRange, TimeRangeBounds } from './pageTimeRange';
import { panelStrings as t } from './panelStrings';

export interface PageTimeRangeBarProps {
  choices: readonly TimeRangeChoice[];
  chosen: ChosenTimeRange;
  /** The range the panels are showing (the last complete one while 自定义 days are being picked). */
  bounds: TimeRangeBounds | undefined;
  onChange(chosen: ChosenTimeRange): void;
}

/** The days a range covers, as the page header shows them (2026-11-21 至 2026-11-27). */
export function rangeText(bounds: TimeRangeBounds): string {
  return t.rangeText(formatDate(bounds.beginTime), formatDate(bounds.endTime));
}

/**
 * A panel page's time range in its header: the page's choices (今日, 近 7 日, 近 30 日, 自定义) as one
 * button group, the calendar when 自定义 is chosen, and the days the panels show.
 */
export function PageTimeRangeBar({ choices, chosen, bounds, onChange }: PageTimeRangeBarProps) {
  return (
    <div className="panel-page__range" role="group" aria-label={t.timeRange}>
      <ButtonGroup>
        {choices.map((choice) => (
          <Button
            key={choice}
            text={t.timeRangeChoices[choice]}
            active={chosen.choice === choice}
            aria-pressed={chosen.choice === choice}
            intent={chosen.choice === choice ? 'primary' : 'none'}
            onClick={() => onChange({ ...chosen, choice })}
          />
        ))}
      </ButtonGroup>
      {chosen.choice === 'custom' ? (
        <DateRangeField value={chosen.custom} onChange={(custom) => onChange({ choice: 'custom', custom })} shortcuts={false} />
      ) : null}
      <span className="panel-page__range-text" aria-live="polite">
        {chosen.choice === 'custom' && (chosen.custom.begin === undefined || chosen.custom.end === undefined)
          ? t.pickDays
          : bounds
            ? `${t.timeRange}：${rangeText(bounds)}`
            : null}
      </span>
    </div>
  );
}
