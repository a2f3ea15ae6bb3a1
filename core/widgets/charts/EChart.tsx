import { useEffect, useRef, useState } from 'react';
import { chartRendererReady, createChart, type EChartsCoreOption, type EChartsType } from './echartsCore';
import { widgetStrings as t } from '../widgetStrings';
import { chartTextSizes } from './chartOptions';
import './EChart.css';
import { errorMessage } from '../../../contracts/errorMessage';

/** What a click on a chart item reports. */
export interface ChartItem {
  name: string;
  seriesName?: string;
  dataIndex: number;
  value: unknown;
  /** The data item as given in the option (widgets put their item keys there). */
  data: unknown;
}

export interface EChartProps {
  /** The whole option; a new object replaces the chart's option (not merged). */
  option: EChartsCoreOption;
  /** The chart's accessible name: a short Chinese summary of what it shows. */
  label: string;
  onItemClick?(item: ChartItem): void;
  className?: string;
}

/**
 * One ECharts instance in a div that fills its parent: created on mount (dark theme, Chinese
 * texts, canvas renderer), given the option whenever it changes, resized with its container (panels
 * are resized by the grid layout) and disposed on unmount.
 */
export function EChart({ option, label, onItemClick, className }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onClick = useRef(onItemClick);
  useEffect(() => {
    onClick.current = onItemClick;
  }, [onItemClick]);

  // Create on mount, follow the container's size, dispose on unmount.
  useEffect(() => {
    let disposed = false;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    let frame = 0;
    const resize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => instance?.resize());
    };
    const start = () => {
      if (disposed || !element.current) return;
      try {
        instance = createChart(element.current);
      } catch (error) {
        setFailure(errorMessage(error));
        return;
      }
      // ECharts types a 'click' on a chart item as ECElementEvent; hand on only what ChartItem promises.
      instance.on('click', (item) => {
        onClick.current?.({ name: item.name, seriesName: item.seriesName, dataIndex: item.dataIndex, value: item.value, data: item.data });
      });
      if (typeof ResizeObserver === 'function') {
        observer = new ResizeObserver(resize);
        observer.observe(element.current);
      } else {
        window.addEventListener('resize', resize);
      }
      setChart(instance);
    };
    if (chartRendererReady) void chartRendererReady.then(start);
    else start();
    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    try {
      chart.setOption(option, { notMerge: true });
      // What ECharts now draws with, on the element: tests of the wall screen read the canvas's type sizes here.
      const sizes = chartTextSizes(chart.getOption());
      const target = element.current;
      if (target) {
        setData(target, 'axisLabelSize', sizes.axisLabel);
        setData(target, 'legendSize', sizes.legend);
      }
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }, [chart, option]);

  return (
    <div className={`ops-echart${onItemClick ? ' ops-echart--clickable' : ''}${className ? ` ${className}` : ''}`}>
      <div ref={element} className="ops-echart__canvas" role="img" aria-label={label} />
      {failure ? (
        <div className="ops-echart__failure" role="alert">
          {t.chartFailed}：{failure}
        </div>
      ) : null}
    </div>
  );
}

function setData(element: HTMLElement, key: string, value: number | undefined) {
  if (value === undefined) delete element.dataset[key];
  else element.dataset[key] = String(value);
}

export default EChart;
