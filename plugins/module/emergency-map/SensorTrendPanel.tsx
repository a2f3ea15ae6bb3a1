import { useMemo } from 'react';
import { LineChart, PanelBox } from '@ops/sdk';
import type { SensorReadings } from '@ops/contracts';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import { trendSeries } from './sensorTrends';
import type { Loadable } from '@ops/sdk';

export interface SensorTrendPanelProps {
  title: string;
  /** The stored readings of the sensors the trend shows (GET routes.sensors.readings). */
  readings: Loadable<SensorReadings>;
  /** A warning level drawn across the chart (水位: the warning line). */
  warning?: { value: number; label: string };
  onRetry(): void;
  /** A click on a line: that sensor (its name). */
  onOpen?(name: string): void;
  className?: string;
}

/** 水位趋势 / 水压趋势: the sensors' stored readings over the window, one line each, the warning level dashed across. */
export function SensorTrendPanel({ title, readings, warning, onRetry, onOpen, className }: SensorTrendPanelProps) {
  const data = readings.data;
  const options = useMemo(
    () => ({ smooth: true, ...(data ? { from: data.from, to: data.to } : {}), ...(warning ? { markLines: [warning] } : {}) }),
    [data, warning],
  );
  return (
    <PanelBox title={title} label={t.trendLabel(title)} className={`emergency-map__panel is-chart${className ? ` ${className}` : ''}`}>
      <LineChart
        data={data && trendSeries(data)}
        status={readings.status}
        {...(readings.error ? { error: readings.error } : {})}
        onRetry={onRetry}
        options={options}
        {...(onOpen ? { onOpen } : {})}
      />
    </PanelBox>
  );
}
