import Ajv, { type ValidateFunction } from 'ajv';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { loadPlugins, pluginsOfKind } from '../pluginManifests';
import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';

export type DeviceCommand = NonNullable<DeviceContribution['commands']>[number];

export interface DeviceKind extends DeviceContribution {
  /** Full plugin id, e.g. device:lamp */
  pluginId: string;
  displayName: string;
  /** Compiled parameter validators by command number. */
  paramValidators: Map<number, ValidateFunction>;
}

export interface DeviceCatalog {
  kinds: DeviceKind[];
  /** By page name (lamp), brand code (DEVICE_LAMPPOST) or extra type code (9980). */
  resolve(deviceType: string): DeviceKind | undefined;
  byPage(page: string): DeviceKind | undefined;
}

/**
 * The server reads the same plugin folders as the web app (plugins/device/*), validated by the same
 * code, so a device kind's commands are declared once.
 */
export function loadDeviceCatalog(loaded: readonly LoadedManifest[] = loadPlugins('plugins').plugins): DeviceCatalog {
  const plugins = pluginsOfKind(loaded, 'device');
  const ajv = new Ajv({ allErrors: true, strict: false });
  const kinds = plugins.map((plugin): DeviceKind => {
    const contribution = plugin.manifest.contributes as unknown as DeviceContribution;
    const paramValidators = new Map<number, ValidateFunction>();
    for (const command of contribution.commands ?? []) if (command.params) paramValidators.set(command.command, ajv.compile(command.params));
    return { ...contribution, pluginId: plugin.fullId, displayName: plugin.manifest.displayName, paramValidators };
  });
  const index = new Map<string, DeviceKind>();
  for (const kind of kinds) {
    index.set(kind.page, kind);
    for (const code of [kind.brandCode, ...(kind.deviceTypes ?? [])]) if (code && !index.has(code)) index.set(code, kind);
  }
  return { kinds, resolve: (deviceType) => index.get(deviceType), byPage: (page) => kinds.find((kind) => kind.page === page) };
}
