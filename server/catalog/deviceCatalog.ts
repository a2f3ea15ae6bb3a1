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
  /** The kind whose `listPaths.groupList` is this path (with or without its leading slash). */
  byGroupListPath(path: string): DeviceKind | undefined;
  /** Page names of the kinds whose manifest says `responder`. */
  responderKinds: string[];
}

const withoutLeadingSlash = (path: string) => path.replace(/^\/+/, '');

/**
 * The server reads the same plugin folders as the web app (plugins/device/*), validated by the same
 * code, so a device kind's commands are declared once.
 */
export function loadDeviceCatalog(loaded: readonly LoadedManifest[] = loadPlugins('plugins').plugins): DeviceCatalog {
  const plugins = pluginsOfKind(loaded, 'device');
  const ajv = new Ajv({ allErrors: true, strict: false });
  const kinds = plugins.map((plugin): DeviceKind => {
    const contribution = plugin.manifest.contributes;
    const paramValidators = new Map<number, ValidateFunction>();
    for (const command of contribution.commands ?? [])
      if (command.params) paramValidators.set(command.command, ajv.compile(command.params));
    return { ...contribution, pluginId: plugin.fullId, displayName: plugin.manifest.displayName, paramValidators };
  });
  const problems = [
    ...kinds
      .filter((kind) => kind.stopCommand !== undefined && !kind.commands?.some((command) => command.command === kind.stopCommand))
      .map((kind) => `${kind.pluginId}: stopCommand ${kind.stopCommand} 不在它的 commands 中`),
    ...(['stopCommand', 'controlDefault'] as const).flatMap((field) => {
      const declaring = kinds.filter((kind) => kind[field] !== undefined && kind[field] !== false);
      return declaring.length > 1 ? [`${field} 只能由一种设备声明：${declaring.map((kind) => kind.pluginId).join('、')}`] : [];
    }),
  ];
  if (problems.length) throw new Error(`插件清单有误：\n${problems.join('\n')}`);
  const index = new Map<string, DeviceKind>();
  for (const kind of kinds) {
    index.set(kind.page, kind);
    for (const code of [kind.brandCode, ...(kind.deviceTypes ?? [])]) if (code && !index.has(code)) index.set(code, kind);
  }
  return {
    kinds,
    resolve: (deviceType) => index.get(deviceType),
    byPage: (page) => kinds.find((kind) => kind.page === page),
    byGroupListPath: (path) =>
      kinds.find(
        (kind) => kind.listPaths?.groupList !== undefined && withoutLeadingSlash(kind.listPaths.groupList) === withoutLeadingSlash(path),
      ),
    responderKinds: kinds.filter((kind) => kind.responder).map((kind) => kind.page),
  };
}
