import { PluginRegistry, useService } from '@ops/sdk';
import { formatPlate, type WatchlistKind, type WatchlistTarget } from '@ops/contracts';
import { useMemo } from 'react';

/** The alarm types' Chinese names, from their plugins (CAR_DEFENSE → 车辆布控): no label table here. */
export function useAlarmTypeNames(): (code: string) => string {
  const registry = useService(PluginRegistry);
  return useMemo(() => {
    const names = new Map(registry.list('alarm').map((plugin) => [plugin.manifest.contributes.code, plugin.manifest.contributes.name]));
    return (code: string) => names.get(code) ?? code;
  }, [registry]);
}

/** A target as shown: plates with their dot (浙A·12345), patterns and names as they are. */
export const targetText = (target: Pick<WatchlistTarget, 'kind' | 'value'>) =>
  target.kind === 'plate' ? formatPlate(target.value) : target.value;

/** A hit's label: a plate with its dot, a person's name as it is. */
export const hitText = (kind: WatchlistKind | undefined, label: string) =>
  kind === 'face' || !/^[\u4e00-\u9fa5][A-Z]/.test(label) ? label : formatPlate(label);

export const kindOf = (options: Record<string, unknown> | undefined): WatchlistKind => (options?.kind === 'face' ? 'face' : 'vehicle');
