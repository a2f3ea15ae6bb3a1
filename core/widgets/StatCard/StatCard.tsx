import type { StatValue } from '../../../contracts/panels';
import { formatNumberParts, formatPercent, formatNumber } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { enumOption, numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './StatCard.css';

export type TrendDirection = 'up' | 'down' | 'flat';

/** A figure against the previous period's: its direction, the relative change (when the previous is not 0) and the difference. */
export interface Trend {
  direction: TrendDirection;
  ratio?: number;
  delta: number;
}

export function trendOf(value: number, previous: number | undefined): Trend | undefined {
  if (previous === undefined || !Number.isFinite(previous) || !Number.isFinite(value)) return undefined;
  const delta = value - previous;
  const direction: TrendDirection = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  return previous === 0 ? { direction, delta } : { direction, delta, ratio: Math.abs(delta / previous) };
}

/** Which way is good: `up` (default: more is better), `down` (alarms, faults), or `none` (no colour). */
export type GoodDirection = 'up' | 'down' | 'none';

export function trendIntent(direction: TrendDirection, good: GoodDirection): 'success' | 'danger' | 'none' {
  if (direction === 'flat' || good === 'none') return 'none';
  return (direction === 'up') === (good === 'up') ? 'success' : 'danger';
}

/** Options of `statCard` and `statGroup`. */
export interface StatOptions {
  /** Unit shown after the figure when the data has none (次, 台, 人次 …). */
  unit?: string;
  /** Which way of the trend is good (colours it green, the other red); default `up`. */
  goodDirection?: GoodDirection;
  /** The words before the trend; default 较昨日. */
  compareLabel?: string;
  /** Decimal places at most; default 2. */
  maximumFractionDigits?: number;
  /** A caption above the figure (a panel's title usually says it instead). */
  label?: string;
}

export function readStatOptions(
  options: Record<string, unknown> | undefined,
): Required<Pick<StatOptions, 'goodDirection' | 'compareLabel'>> & StatOptions {
  return {
    unit: stringOption(options, 'unit'),
    goodDirection: enumOption(options, 'goodDirection', ['up', 'down', 'none'] as const) ?? 'up',
    compareLabel: stringOption(options, 'compareLabel') ?? t.compareYesterday,
    maximumFractionDigits: numberOption(options, 'maximumFractionDigits'),
    label: stringOption(options, 'label'),
  };
}

const ARROWS: Record<TrendDirection, string> = { up: '↑', down: '↓', flat: '→' };
const DIRECTION_WORDS: Record<TrendDirection, string> = { up: t.trendUp, down: t.trendDown, flat: t.trendFlat };

export interface FigureProps {
  stat: StatValue;
  options: ReturnType<typeof readStatOptions>;
  name?: string;
  size?: 'large' | 'small';
}

/** One figure with its unit and its trend against the previous period. */
export function Figure({ stat, options, name, size = 'large' }: FigureProps) {
  const parts = formatNumberParts(stat.value, { maximumFractionDigits: options.maximumFractionDigits });
  const unit = stat.unit ?? options.unit ?? '';
  const trend = trendOf(stat.value, stat.previous);
  const amount =
    trend && trend.direction !== 'flat'
      ? trend.ratio !== undefined
        ? formatPercent(trend.ratio)
        : formatNumber(Math.abs(trend.delta))
      : '';
  const intent = trend ? trendIntent(trend.direction, options.goodDirection) : 'none';
  return (
    <div className={`ops-figure ops-figure--${size}`}>
      {name ? <span className="ops-figure__name">{name}</span> : null}
      <span className="ops-figure__value">
        <span className="ops-figure__digits">{parts.digits}</span>
        {parts.scale || unit ? (
          <span className="ops-figure__unit">
            {parts.scale}
            {unit}
          </span>
        ) : null}
      </span>
      {trend ? (
        <span className={`ops-figure__trend ops-figure__trend--${intent}`}>
          <span className="ops-figure__compare">{options.compareLabel}</span>
          {trend.direction === 'flat' ? (
            <span>{t.trendFlat}</span>
          ) : (
            <>
              <span aria-hidden className="ops-figure__arrow">
                {ARROWS[trend.direction]}
              </span>
              <span className="visually-hidden">{DIRECTION_WORDS[trend.direction]}</span>
            </>
          )}
          {amount ? <span>{amount}</span> : null}
        </span>
      ) : null}
    </div>
  );
}

/**
 * `statCard`: one figure (12,345 or 12.35万) with its unit and, when the data has the previous
 * period's figure, ↑/↓ and the change in percent, green or red by which way is good.
 * Options: see `StatOptions`. A click calls `onOpen(options.key ?? '')`.
 */
export function StatCard({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'statCard'>) {
  const read = readStatOptions(options);
  const key = stringOption(options, 'key') ?? '';
  const empty = !data || !Number.isFinite(data.value);
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-stat-card">
      {data ? (
        onOpen ? (
          <button type="button" className="ops-row-button ops-stat-card__body" onClick={() => onOpen(key)}>
            <Figure stat={data} options={read} name={read.label} />
          </button>
        ) : (
          <div className="ops-stat-card__body">
            <Figure stat={data} options={read} name={read.label} />
          </div>
        )
      ) : null}
    </WidgetState>
  );
}

export default StatCard;
