import { useMemo } from 'react';
import type { StatGroupData, StatValue, TileFigure } from '../../contracts/panels';
import { useService } from '../di/useService';
import { usePanelData } from '../panels/usePanelData';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { TileFigureView } from '../widgets/ModuleTiles/ModuleTile';
import { tileOf } from './pluginPages';

/** The figure of a tile's answer: a StatValue, or the named item of a StatGroupData. */
export function figureOf(data: StatValue | StatGroupData | undefined, tile: Pick<TileFigure, 'label' | 'item'>): StatValue | undefined {
  if (!data) return undefined;
  if ('items' in data) return data.items.find((entry) => entry.name === (tile.item ?? tile.label));
  return typeof data.value === 'number' ? data : undefined;
}

/**
 * A module's live figure on its Home tile: the query its plugin declares, read through the panel-data
 * hook (again every refreshSeconds and after a push it names). Nothing when the module declares none.
 */
export function ModuleTileFigure({ module }: { module: string; wall?: boolean }) {
  const registry = useService(PluginRegistry);
  const tile = useMemo(() => tileOf(registry, module), [registry, module]);
  return tile ? <DeclaredFigure tile={tile} /> : null;
}

function DeclaredFigure({ tile }: { tile: TileFigure }) {
  const { status, data, error } = usePanelData<StatValue | StatGroupData>({
    query: tile.query,
    ...(tile.refreshSeconds ? { refreshSeconds: tile.refreshSeconds } : {}),
    ...(tile.pushTopics ? { pushTopics: tile.pushTopics } : {}),
  });
  const figure = figureOf(data, tile);
  return (
    <TileFigureView
      label={tile.label}
      status={status === 'ready' && !figure ? 'error' : status}
      {...(figure ? { value: figure.value } : {})}
      {...(figure?.unit ? { unit: figure.unit } : {})}
      {...(error ? { error } : {})}
      warn={tile.goodDirection === 'down'}
    />
  );
}
