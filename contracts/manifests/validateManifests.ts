import Ajv, { type ValidateFunction } from 'ajv';
import pluginSchema from '../../schemas/plugin.schema.json';
import alarmSchema from '../../schemas/contributions/alarm.schema.json';
import deviceSchema from '../../schemas/contributions/device.schema.json';
import mapEffectSchema from '../../schemas/contributions/map-effect.schema.json';
import moduleSchema from '../../schemas/contributions/module.schema.json';
import panelsSchema from '../../schemas/contributions/panels.schema.json';
import widgetSchema from '../../schemas/contributions/widget.schema.json';
import type { PluginManifest, PluginKind } from '../../schemas/plugin.schema.gen';
import { describeAjvError, pointerOf } from './ajvMessages';
import { pluginError, type PluginError } from './PluginError';
import { declaredWidgetTypes, widgetErrors } from './widgetErrors';
import type { LoadedManifest, ManifestEntry } from './LoadedManifest';

export type { LoadedManifest, ManifestEntry } from './LoadedManifest';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
// Panels and layouts are defined once and referenced by the module and device contribution schemas.
ajv.addSchema(panelsSchema);
const validatePlugin = ajv.compile(pluginSchema);
const contributionValidators: Record<PluginKind, ValidateFunction> = {
  device: ajv.compile(deviceSchema),
  alarm: ajv.compile(alarmSchema),
  module: ajv.compile(moduleSchema),
  'map-effect': ajv.compile(mapEffectSchema),
  widget: ajv.compile(widgetSchema),
};

function schemaErrors(folder: string, validate: ValidateFunction, prefix = ''): PluginError[] {
  return (validate.errors ?? []).map((error) => pluginError(folder, `${prefix}${pointerOf(error)}`, describeAjvError(error)));
}

/** Plugins switched on or off by id from configuration (Backstage style). */
export interface PluginSwitches {
  /** Full ids to leave out even if valid. */
  disabledPlugins?: readonly string[];
  /** Full ids of plugins whose manifest says `enabledByDefault: false` that should load anyway. */
  enabledPlugins?: readonly string[];
}

/** What the validator is told besides the manifests: the switches, and how to see a plugin folder's files. */
export interface ManifestOptions extends PluginSwitches {
  /**
   * Whether a file a manifest names (a map effect's `contributes.assets`) is in the plugin folder, e.g.
   * `fileExists('plugins/map-effect/line-trail', 'trail.png')`: the server asks the file system, the
   * web app its build-time list of plugin files. Left out, named files are not checked.
   */
  fileExists?(folder: string, file: string): boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Files in its folder a schema-valid manifest names, each with the JSON pointer of its field. */
function namedFiles(manifest: PluginManifest): { pointer: string; file: string }[] {
  const assets = manifest.kind === 'map-effect' && isRecord(manifest.contributes) ? manifest.contributes.assets : undefined;
  return Array.isArray(assets)
    ? assets.flatMap((file, index) => (typeof file === 'string' ? [{ pointer: `/contributes/assets/${index}`, file }] : []))
    : [];
}

/** Schema errors of one manifest: the manifest schema and, when the kind is known, its contribution schema. */
function manifestErrors(folder: string, manifest: unknown): PluginError[] {
  const errors = validatePlugin(manifest) ? [] : schemaErrors(folder, validatePlugin);
  // The contribution is checked even when a top-level field is wrong, so one run reports everything.
  if (isRecord(manifest) && isRecord(manifest.contributes) && Object.hasOwn(contributionValidators, String(manifest.kind))) {
    const validateContribution = contributionValidators[manifest.kind as PluginKind];
    if (!validateContribution(manifest.contributes)) errors.push(...schemaErrors(folder, validateContribution, '/contributes'));
  }
  return errors;
}

/**
 * Checks every manifest (schema, contribution schema, folder = kind/id, named files present when
 * `fileExists` is given, unique ids, `requires` present, no cycles). Bad plugins, and those that depend on them, are left out; errors are
 * collected per plugin instead of stopping at the first (VS Code style). Plugins switched off
 * (by `disabledPlugins`, or by `enabledByDefault: false` unless in `enabledPlugins`) are left out
 * too, and a plugin requiring one of them is reported.
 */
export function validateManifests(
  entries: readonly ManifestEntry[],
  options: ManifestOptions = {},
): { plugins: LoadedManifest[]; errors: PluginError[]; switchedOff: PluginError[] } {
  const errors: PluginError[] = [];
  // Left out because configuration switched off what they need: a consequence of a choice, not a fault.
  const switchedOff: PluginError[] = [];
  const droppedBySwitch = new Set<string>();
  const candidates: LoadedManifest[] = [];

  for (const { folder, manifest } of entries) {
    const schemaProblems = manifestErrors(folder, manifest);
    if (schemaProblems.length) {
      errors.push(...schemaProblems);
      continue;
    }
    const valid = manifest as PluginManifest;
    const [folderKind, folderId] = folder.split('/').slice(-2);
    if (folderKind !== valid.kind) {
      errors.push(pluginError(folder, '/kind', `是 ${valid.kind}，但插件放在 ${folderKind ?? '?'} 目录下`));
      continue;
    }
    if (folderId !== valid.id) {
      errors.push(pluginError(folder, '/id', `是 ${valid.id}，与目录名 ${folderId ?? '?'} 不一致`));
      continue;
    }
    const { fileExists } = options;
    const missingFiles = fileExists ? namedFiles(valid).filter(({ file }) => !fileExists(folder, file)) : [];
    if (missingFiles.length) {
      errors.push(...missingFiles.map(({ pointer, file }) => pluginError(folder, pointer, `文件 ${file} 不在插件目录中`)));
      continue;
    }
    candidates.push({ fullId: `${valid.kind}:${valid.id}`, folder, manifest: valid });
  }

  // Duplicate ids: neither copy is trusted.
  const byId = new Map<string, LoadedManifest[]>();
  for (const plugin of candidates) byId.set(plugin.fullId, [...(byId.get(plugin.fullId) ?? []), plugin]);
  let live = new Map<string, LoadedManifest>();
  for (const [fullId, copies] of byId) {
    if (copies.length === 1) live.set(fullId, copies[0]!);
    else
      for (const copy of copies)
        errors.push(
          pluginError(
            copy.folder,
            '/id',
            `重复：${fullId} 也在 ${copies
              .filter((other) => other !== copy)
              .map((other) => other.folder)
              .join('、')}`,
          ),
        );
  }
  const enabled = new Set(options.enabledPlugins);
  const disabledSet = new Set(options.disabledPlugins);
  for (const plugin of live.values())
    if (plugin.manifest.enabledByDefault === false && !enabled.has(plugin.fullId)) disabledSet.add(plugin.fullId);
  for (const fullId of disabledSet) live.delete(fullId);

  // Missing requires, repeated until nothing more drops out (a dependent of a dropped plugin drops too).
  const dropMissingRequires = () => {
    for (let changed = true; changed;) {
      changed = false;
      for (const plugin of live.values()) {
        const missingIndex = (plugin.manifest.requires ?? []).findIndex((required) => !live.has(required));
        if (missingIndex === -1) continue;
        const required = plugin.manifest.requires![missingIndex]!;
        if (disabledSet.has(required) || droppedBySwitch.has(required)) {
          switchedOff.push(pluginError(plugin.folder, `/requires/${missingIndex}`, `依赖的插件 ${required} 已被停用`));
          droppedBySwitch.add(plugin.fullId);
        } else errors.push(pluginError(plugin.folder, `/requires/${missingIndex}`, `依赖的插件 ${required} 不存在或无效`));
        live.delete(plugin.fullId);
        changed = true;
      }
    }
  };
  dropMissingRequires();

  // Cycles among what is left.
  const inCycle = new Set<string>();
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (fullId: string) => {
    state.set(fullId, 'visiting');
    stack.push(fullId);
    for (const required of live.get(fullId)?.manifest.requires ?? []) {
      if (state.get(required) === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(required)), required];
        for (const member of cycle.slice(0, -1)) {
          if (inCycle.has(member)) continue;
          inCycle.add(member);
          const plugin = live.get(member)!;
          const next = cycle[cycle.indexOf(member) + 1]!;
          errors.push(
            pluginError(plugin.folder, `/requires/${plugin.manifest.requires!.indexOf(next)}`, `形成循环依赖：${cycle.join(' → ')}`),
          );
        }
      } else if (!state.has(required)) visit(required);
    }
    stack.pop();
    state.set(fullId, 'done');
  };
  for (const fullId of live.keys()) if (!state.has(fullId)) visit(fullId);
  live = new Map([...live].filter(([fullId]) => !inCycle.has(fullId)));
  dropMissingRequires();
  // Panels and widget types across plugins; a plugin left out can take a widget type others use with it.
  const offPlugins = candidates.filter((plugin) => disabledSet.has(plugin.fullId) || droppedBySwitch.has(plugin.fullId));
  const switchedOffTypes = new Map(declaredWidgetTypes(offPlugins).flatMap((type) => (type.pluginId ? [[type.id, type.pluginId]] : [])));
  for (let round = 0; round < 10; round++) {
    const widgets = widgetErrors([...live.values()], switchedOffTypes);
    const problems = mergeProblems(panelErrors([...live.values()]), widgets.errors);
    for (const [fullId, pluginProblems] of widgets.switchedOff) {
      switchedOff.push(...pluginProblems);
      droppedBySwitch.add(fullId);
      live.delete(fullId);
    }
    if (!problems.size && !widgets.switchedOff.size) break;
    for (const [fullId, pluginProblems] of problems) {
      errors.push(...pluginProblems);
      live.delete(fullId);
    }
    dropMissingRequires();
  }

  return { plugins: [...live.values()], errors, switchedOff };
}

function mergeProblems(...sources: Map<string, PluginError[]>[]): Map<string, PluginError[]> {
  const merged = new Map<string, PluginError[]>();
  for (const source of sources) for (const [fullId, problems] of source) merged.set(fullId, [...(merged.get(fullId) ?? []), ...problems]);
  return merged;
}

interface PanelFields {
  panels?: { id: string }[];
  layouts?: Record<string, { panel: string }[]>;
  routes?: { panelPage?: string }[];
}

/**
 * Panels across plugins: a panel id names one panel (a duplicate is reported on every plugin that
 * declares it); a plugin lays out only the panel pages its routes show, with panels that exist.
 */
function panelErrors(plugins: LoadedManifest[]): Map<string, PluginError[]> {
  const problems = new Map<string, PluginError[]>();
  const report = (plugin: LoadedManifest, pointer: string, message: string) =>
    problems.set(plugin.fullId, [...(problems.get(plugin.fullId) ?? []), pluginError(plugin.folder, pointer, message)]);
  const fieldsOf = (plugin: LoadedManifest) => plugin.manifest.contributes as PanelFields;
  const owners = new Map<string, LoadedManifest[]>();
  for (const plugin of plugins)
    for (const panel of fieldsOf(plugin).panels ?? []) owners.set(panel.id, [...(owners.get(panel.id) ?? []), plugin]);
  for (const plugin of plugins) {
    const { panels = [], layouts = {}, routes = [] } = fieldsOf(plugin);
    panels.forEach((panel, index) => {
      const others = owners.get(panel.id)!.filter((other) => other !== plugin);
      const twice = panels.findIndex((candidate) => candidate.id === panel.id) !== index;
      if (others.length || twice)
        report(
          plugin,
          `/contributes/panels/${index}/id`,
          `面板编号 ${panel.id} 重复${others.length ? `：${others.map((other) => other.folder).join('、')} 也声明了它` : ''}`,
        );
    });
    const ownPages = new Set(routes.flatMap((route) => (route.panelPage ? [route.panelPage] : [])));
    for (const [page, items] of Object.entries(layouts)) {
      const pointer = `/contributes/layouts/${page.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!ownPages.has(page)) report(plugin, pointer, `页面 ${page} 不是本插件路由的面板页（routes[].panelPage）`);
      items.forEach((item, index) => {
        if (!owners.has(item.panel)) report(plugin, `${pointer}/${index}/panel`, `没有编号为 ${item.panel} 的面板`);
      });
    }
  }
  return problems;
}
