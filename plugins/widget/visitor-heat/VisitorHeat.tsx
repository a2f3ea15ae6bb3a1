import { Switch } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { formatNumber, MapEffects, useService, WidgetState, type WidgetComponentProps } from '@ops/sdk';
import { errorMessage, type DataOf, type routes } from '@ops/contracts';
import { visitorHeatStrings as t } from './visitorHeatStrings';
import './VisitorHeat.css';

export type VisitorHeatData = DataOf<typeof routes.tourists.heat>;

const numberOf = (options: Record<string, unknown> | undefined, key: string) => {
  const value = options?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * 游客热力: hands the cameras' people counts to the globe's heat layer (effect `heatLayer`) while the
 * panel shows, and lists the scale and the most crowded places. The layer is drawn again only when the
 * points change (a refresh with the same answer leaves it), and taken away with the panel or the switch.
 */
export default function VisitorHeat({ data, options, status, error, onRetry, onOpen, wall }: WidgetComponentProps<VisitorHeatData>) {
  const effects = useService(MapEffects);
  const [shown, setShown] = useState(true);
  const effectId = typeof options?.effectId === 'string' ? options.effectId : 'visitor-heat';
  const radius = numberOf(options, 'radius');
  const maxValue = numberOf(options, 'maxValue');
  const limit = numberOf(options, 'limit') ?? 5;
  const points = useMemo(() => data?.rows ?? [], [data]);
  // The layer's input as text: equal answers give equal keys, so a refresh that changes nothing draws nothing.
  const layerKey = useMemo(
    () => JSON.stringify(points.map(({ longitude, latitude, value }) => ({ longitude, latitude, value }))),
    [points],
  );

  const [drawError, setDrawError] = useState<string>();

  useEffect(() => {
    setDrawError(undefined);
    if (!shown || layerKey === '[]') return undefined;
    try {
      effects.add('heatLayer', effectId, {
        points: JSON.parse(layerKey) as unknown,
        ...(radius === undefined ? {} : { radius }),
        ...(maxValue === undefined ? {} : { maxValue }),
      });
    } catch (error) {
      // The globe refused the layer (bad options): the panel says why, the page goes on.
      setDrawError(errorMessage(error));
      return undefined;
    }
    return () => effects.remove(effectId);
  }, [effects, effectId, layerKey, shown, radius, maxValue]);

  const top = Math.max(0, ...points.map((point) => point.value));
  return (
    <WidgetState
      status={status}
      empty={!points.length}
      emptyText={t.empty}
      error={error}
      onRetry={onRetry}
      wall={wall}
      className="visitor-heat"
    >
      <Switch checked={shown} label={t.showOnMap} onChange={(event) => setShown(event.currentTarget.checked)} />
      <div className="visitor-heat__scale" role="img" aria-label={`${t.scale}：0 至 ${formatNumber(maxValue || top)} ${data?.unit ?? ''}`}>
        <span>{t.low}</span>
        <span className="visitor-heat__bar" />
        <span>
          {formatNumber(maxValue || top)} {data?.unit}
        </span>
      </div>
      <div className="visitor-heat__note" role={drawError ? 'alert' : undefined}>
        {drawError ? t.notDrawn(drawError) : t.cameras(formatNumber(points.length))}
      </div>
      <ol className="visitor-heat__list" aria-label={t.busiest}>
        {points.slice(0, limit).map((point, index) => (
          <li key={point.key} className="visitor-heat__item" onClick={onOpen ? () => onOpen(point.key) : undefined}>
            <span className="visitor-heat__rank">{index + 1}</span>
            <span className="visitor-heat__name" title={`${point.name}（${t.samples(formatNumber(point.samples))}）`}>
              {point.name}
            </span>
            <span className="visitor-heat__value">{t.perCount(formatNumber(point.value), data?.unit ?? '')}</span>
          </li>
        ))}
      </ol>
    </WidgetState>
  );
}
