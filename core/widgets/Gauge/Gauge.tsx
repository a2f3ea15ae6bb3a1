import { useMemo } from 'react';
import type { GaugeData } from '../../../contracts/panels';
import { formatNumber } from '../../format/timeFormat';
import { useWallScale } from '../wallScale';
import { EChart } from '../charts/EChart';
import type { EChartsCoreOption } from '../charts/echartsCore';
import { chartSizes, escapeHtml, itemTooltip, valueText } from '../charts/chartOptions';
import { bp } from '../charts/chartTheme';
import { WidgetState } from '../WidgetState/WidgetState';
import { enumOption, numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';

/** Options of `gauge`. */
export interface GaugeOptions {
  /** From this value on (or below it, with `badWhen: 'low'`) the arc turns orange. */
  warnAt?: number;
  /** From this value on (or below it) the arc turns red. */
  dangerAt?: number;
  /** Whether high values (default) or low ones are bad. */
  badWhen?: 'high' | 'low';
  /** The caption under the value. */
  name?: string;
  unit?: string;
}

/** The arc's colour for a value: blue, or orange/red past the thresholds. */
export function gaugeColor(value: number, options: Record<string, unknown> | undefined): string {
  const warnAt = numberOption(options, 'warnAt');
  const dangerAt = numberOption(options, 'dangerAt');
  const low = enumOption(options, 'badWhen', ['high', 'low'] as const) === 'low';
  const past = (threshold: number | undefined) => threshold !== undefined && (low ? value <= threshold : value >= threshold);
  if (past(dangerAt)) return bp.red4;
  if (past(warnAt)) return bp.orange4;
  return warnAt !== undefined || dangerAt !== undefined ? bp.green4 : bp.blue4;
}

export function gaugeOption(data: GaugeData, options: Record<string, unknown> | undefined, scale = 1): EChartsCoreOption {
  const sizes = chartSizes(scale);
  const unit = data.unit ?? stringOption(options, 'unit') ?? '';
  const min = data.min ?? 0;
  const color = gaugeColor(data.value, options);
  const width = sizes.gaugeWidth;
  const name = stringOption(options, 'name') ?? '';
  // A percentage needs no range; anything else says its range under the figure.
  const plainPercent = min === 0 && data.max === 100 && unit === '%';
  const range = plainPercent ? '' : t.gaugeRange(formatNumber(min), formatNumber(data.max), unit);
  const caption = [name, range].filter(Boolean).join('\n');
  return {
    animationDuration: 600,
    tooltip: itemTooltip(
      sizes,
      () =>
        `${escapeHtml(name || t.chartLabel.gauge)}<br/><b>${escapeHtml(valueText(data.value, unit))}</b>${range ? `<br/>${escapeHtml(range)}` : ''}`,
    ),
    series: [
      {
        type: 'gauge',
        min,
        max: data.max,
        startAngle: 215,
        endAngle: -35,
        radius: '92%',
        center: ['50%', '58%'],
        progress: { show: true, width, roundCap: true, itemStyle: { color } },
        axisLine: { roundCap: true, lineStyle: { width, color: [[1, 'rgba(143, 153, 168, 0.18)']] } },
        pointer: { show: false },
        anchor: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        title: {
          show: Boolean(caption),
          offsetCenter: [0, '40%'],
          color: bp.gray4,
          // A little larger than axis type (13 px on the desktop), scaling with it.
          fontSize: Math.round(sizes.label * 1.08),
          lineHeight: Math.round(sizes.label * 1.08 * 1.5),
        },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, caption ? '-2%' : '6%'],
          fontSize: sizes.figure,
          fontWeight: 600,
          color: bp.lightGray5,
          formatter: (value: number) => `${formatNumber(value)}{unit|${unit}}`,
          rich: { unit: { fontSize: sizes.figureUnit, color: bp.gray4, padding: [0, 0, 0, sizes.lineWidth] } },
        },
        data: [{ value: data.value, name: caption }],
      },
    ],
  };
}

/**
 * `gauge`: a value within its range as an arc (blue; with thresholds green, orange, red) and the
 * figure in the middle. Options: see `GaugeOptions`.
 */
export function Gauge({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'gauge'>) {
  const scale = useWallScale(wall);
  const option = useMemo(() => (data ? gaugeOption(data, options, scale) : null), [data, options, scale]);
  const empty = !data || !Number.isFinite(data.value);
  const unit = data?.unit ?? stringOption(options, 'unit') ?? '';
  const label = data
    ? t.chartSummary(t.chartLabel.gauge, [
        `${stringOption(options, 'name') ?? ''} ${valueText(data.value, unit)}（${formatNumber(data.min ?? 0)}–${formatNumber(data.max)}）`.trim(),
      ])
    : '';
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-chart">
      {option ? (
        <EChart option={option} label={label} onItemClick={onOpen ? () => onOpen(stringOption(options, 'name') ?? '') : undefined} />
      ) : null}
    </WidgetState>
  );
}

export default Gauge;
