import { useContext, useEffect, useState } from 'react';
import { ContainerContext } from '../di/ContainerContext';
import { asContainer } from '../di/contributions';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import type { WidgetType } from '../widgets/WidgetType';
import { loadWidgetTypes } from './widgetTypes';

/**
 * The widget types of a page's panels, by id: undefined while the plugins contributing them load
 * (built-in ones need nothing loaded, so a page of built-in widgets resolves at once).
 */
export function useWidgetTypes(widgetIds: readonly string[]): ReadonlyMap<string, WidgetType> | undefined {
  const registry = useService(PluginRegistry);
  const services = useContext(ContainerContext);
  const key = [...new Set(widgetIds)].sort().join(',');
  const [loaded, setLoaded] = useState<{ key: string; types: ReadonlyMap<string, WidgetType> }>();
  useEffect(() => {
    let live = true;
    void loadWidgetTypes(registry, asContainer(services) ?? { getAll: () => [] }, key ? key.split(',') : []).then((types) => {
      if (live) setLoaded({ key, types });
    });
    return () => {
      live = false;
    };
  }, [registry, services, key]);
  return loaded?.key === key ? loaded.types : undefined;
}
