import { useMemo } from 'react';
import type { CategoryData } from '../../../contracts/panels';
import { formatNumber, formatPercent } from '../../format/timeFormat';
import { useWallScale } from '../wallScale';
import { EChart } from '../charts/EChart';
import type { EChartsCoreOption } from '../charts/echartsCore';
import { chartSizes, escapeHtml, itemTooltip, legend, listSummary, markerGap, paletteFrom, valueText } from '../charts/chartOptions';
import { bp } from '../charts/chartTheme';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './PieChart.css';

/** Options of `pieChart`. */
export interface PieChartOptions {
  /** A ring with the total in its middle; default true. */
  donut?: boolean;
  /** The legend at the right; default true. */
  legend?: boolean;
  /** What the total in the middle is called; default 合计. */
  totalLabel?: string;
  unit?: string;
  colors?: string[];
}

/** The stand-in ring's item, kept out of the legend. */
const EMPTY_RING = '__empty__';
const EMPTY_RING_COLOUR = 'rgba(143, 153, 168, 0.22)';

/** Where the pie sits: left of the legend (which starts at 54%), or in the middle without one. */
const centerX = (withLegend: boolean) => (withLegend ? '27%' : '50%');
/** The pie's layout box: the left 54% beside a legend, so a narrow panel shrinks the ring instead of cutting it. */
const pieBox = (withLegend: boolean) => ({ left: 0, top: 0, bottom: 0, width: withLegend ? '54%' : '100%', center: ['50%', '50%'] });

export function pieChartOption(data: CategoryData, options: Record<string, unknown> | undefined, scale = 1): EChartsCoreOption {
  const sizes = chartSizes(scale);
  const unit = data.unit ?? stringOption(options, 'unit') ?? '';
  const donut = booleanOption(options, 'donut') ?? true;
  const withLegend = booleanOption(options, 'legend') ?? true;
  const total = data.items.reduce((sum, item) => sum + item.value, 0);
  const byName = new Map(data.items.map((item) => [item.name, item.value]));
  return {
    animationDuration: 400,
    color: paletteFrom(options),
    legend: legend(sizes, withLegend, {
      data: data.items.map((item) => item.name),
      orient: 'vertical',
      top: 'middle',
      left: '54%',
      formatter: (name: string) => {
        const value = byName.get(name) ?? 0;
        return `{name|${name}}{value|${formatNumber(value)}}{share|${total > 0 ? formatPercent(value / total) : '—'}}`;
      },
      textStyle: {
        fontSize: sizes.legend,
        color: bp.gray4,
        ...markerGap(sizes),
        rich: {
          // 9.6 em in all beside the marker: fits the 46% of a 4-column panel at wall-screen type too.
          name: { width: sizes.legend * 3.6, overflow: 'truncate', ellipsis: '…', fontSize: sizes.legend, color: bp.gray4 },
          value: { width: sizes.legend * 3, align: 'right', fontSize: sizes.legend, color: bp.lightGray5, fontWeight: 'bold' },
          share: { width: sizes.legend * 3, align: 'right', fontSize: sizes.legend, color: bp.gray3 },
        },
      },
    }),
    tooltip: itemTooltip(
      sizes,
      (param) =>
        `${param.marker ?? ''}${escapeHtml(param.name ?? '')}<br/><b>${escapeHtml(valueText(param.value, unit))}</b>（${formatPercent((param.percent ?? 0) / 100)}）`,
    ),
    series: [
      {
        type: 'pie',
        name: t.chartLabel.pie,
        ...pieBox(withLegend),
        radius: donut ? ['54%', '80%'] : ['0%', withLegend ? '80%' : '62%'],
        avoidLabelOverlap: true,
        // All zero (a quiet day): no slices (ECharts would split the ring equally, as if it were data);
        // the grey ring below stands in.
        stillShowZeroSum: false,
        label: {
          show: !withLegend,
          color: bp.gray4,
          fontSize: sizes.label,
          formatter: (param: { name: string; percent: number }) => `${param.name} ${formatPercent(param.percent / 100)}`,
        },
        labelLine: { show: !withLegend },
        emphasis: { scale: true, scaleSize: 6 },
        data: data.items.map((item) => ({ name: item.name, value: item.value, key: item.key ?? item.name })),
      },
      ...(total > 0
        ? []
        : [
            {
              type: 'pie',
              silent: true,
              z: 1,
              ...pieBox(withLegend),
              radius: donut ? ['54%', '80%'] : ['0%', withLegend ? '80%' : '62%'],
              label: { show: false },
              labelLine: { show: false },
              tooltip: { show: false },
              data: [{ name: EMPTY_RING, value: 1, itemStyle: { color: EMPTY_RING_COLOUR } }],
            },
          ]),
    ],
  };
}

/**
 * `pieChart`: shares of named values as a ring (default) or a pie, with a legend giving each value
 * and share, and the total in the ring's middle. Options: see `PieChartOptions`. A click calls
 * `onOpen(item key ?? name)`.
 */
export function PieChart({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'pieChart'>) {
  const scale = useWallScale(wall);
  const option = useMemo(() => (data ? pieChartOption(data, options, scale) : null), [data, options, scale]);
  const donut = booleanOption(options, 'donut') ?? true;
  const withLegend = booleanOption(options, 'legend') ?? true;
  const unit = data?.unit ?? stringOption(options, 'unit') ?? '';
  const total = (data?.items ?? []).reduce((sum, item) => sum + item.value, 0);
  const empty = !data || data.items.length === 0;
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-chart ops-pie-chart">
      {option && data ? (
        <>
          <EChart
            option={option}
            label={t.chartSummary(t.chartLabel.pie, [listSummary(data.items, unit)])}
            onItemClick={onOpen ? (item) => onOpen(String((item.data as { key?: string }).key ?? item.name)) : undefined}
          />
          {donut ? (
            <div className="ops-pie-chart__total" style={{ left: centerX(withLegend) }} aria-hidden>
              <span className="ops-pie-chart__total-value">{formatNumber(total)}</span>
              <span className="ops-pie-chart__total-label">
                {stringOption(options, 'totalLabel') ?? t.total_}
                {unit ? `（${unit}）` : ''}
              </span>
            </div>
          ) : null}
        </>
      ) : null}
    </WidgetState>
  );
}

export default PieChart;
