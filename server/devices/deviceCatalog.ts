import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { validateManifests } from '../../core/plugins/validateManifests';
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
export function loadDeviceCatalog(pluginsDir = 'plugins'): DeviceCatalog {
  const deviceDir = join(pluginsDir, 'device');
  const entries = existsSync(deviceDir)
    ? readdirSync(deviceDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(deviceDir, entry.name, 'plugin.json')))
        .map((entry) => ({ folder: `plugins/device/${entry.name}`, manifest: JSON.parse(readFileSync(join(deviceDir, entry.name, 'plugin.json'), 'utf8')) as unknown }))
    : [];
  const { plugins, errors } = validateManifests(entries);
  if (errors.length) throw new Error(`设备插件清单有误：\n${errors.map((error) => error.message).join('\n')}`);
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
