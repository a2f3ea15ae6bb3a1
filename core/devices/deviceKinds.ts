import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';
import type { PluginRegistry } from '../plugins/PluginRegistry';
import { pluginAssetUrl } from '../plugins/discoverPlugins';

export type DeviceCommand = NonNullable<DeviceContribution['commands']>[number];
export type TelemetryField = NonNullable<DeviceContribution['telemetry']>[number];

/** A device kind as the widgets use it: the plugin's catalogue data plus its name and icon URL. */
export interface DeviceKind extends DeviceContribution {
  pluginId: string;
  displayName: string;
  iconUrl?: string;
}

export function deviceKindsOf(registry: PluginRegistry): DeviceKind[] {
  return registry.list('device').map((plugin) => {
    const contribution = plugin.manifest.contributes;
    const iconUrl = pluginAssetUrl(plugin.folder, contribution.icon);
    return { ...contribution, pluginId: plugin.fullId, displayName: plugin.manifest.displayName, ...(iconUrl ? { iconUrl } : {}) };
  });
}
