import Ajv, { type ValidateFunction } from 'ajv';
import { BUILTIN_WIDGET_TYPES, type WidgetTypeDeclaration } from '../builtinWidgetTypes';
import { describeAjvError, pointerOf } from './ajvMessages';
import { pluginError, type PluginError } from './PluginError';
import type { LoadedManifest } from './LoadedManifest';

/** A widget type the panels may name, with the plugin that declares it (none: built in). */
export interface DeclaredWidgetType extends WidgetTypeDeclaration {
  pluginId?: string;
}

interface WidgetFields {
  widgets?: WidgetTypeDeclaration[];
  panels?: { widget: string; options?: Record<string, unknown> }[];
}

// Options schemas come from manifests: compiled once per distinct schema, in an instance of their own
// so a plugin's schema can never clash with the manifest schemas.
const optionsAjv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const compiled = new Map<string, ValidateFunction | Error>();

function optionsValidator(schema: object): ValidateFunction | Error {
  const key = JSON.stringify(schema);
  let validator = compiled.get(key);
  if (!validator) {
    try {
      validator = optionsAjv.compile(schema);
    } catch (error) {
      validator = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(key, validator);
  }
  return validator;
}

const fieldsOf = (plugin: LoadedManifest) => plugin.manifest.contributes as WidgetFields;

/** Every widget type panels may name: the built-in ones, then those the plugins declare in `contributes.widgets`. */
export function declaredWidgetTypes(plugins: readonly LoadedManifest[]): DeclaredWidgetType[] {
  return [
    ...BUILTIN_WIDGET_TYPES,
    ...plugins.flatMap((plugin) => (fieldsOf(plugin).widgets ?? []).map((type) => ({ ...type, pluginId: plugin.fullId }))),
  ];
}

/**
 * Widget types and the panels using them: a declared type's id is new (not built in, not another
 * plugin's) and its options schema compiles; every panel names a widget type that exists and its
 * `options` match that type's schema. Problems by plugin, each with the JSON pointer of the field; a
 * panel whose widget type belongs to a plugin switched off (`switchedOffTypes`: type id → plugin) is
 * left out as a consequence of that choice, not a fault.
 */
export function widgetErrors(
  plugins: readonly LoadedManifest[],
  switchedOffTypes: ReadonlyMap<string, string> = new Map(),
): { errors: Map<string, PluginError[]>; switchedOff: Map<string, PluginError[]> } {
  const problems = new Map<string, PluginError[]>();
  const switchedOff = new Map<string, PluginError[]>();
  const report = (plugin: LoadedManifest, pointer: string, message: string, into = problems) =>
    into.set(plugin.fullId, [...(into.get(plugin.fullId) ?? []), pluginError(plugin.folder, pointer, message)]);
  const declared = declaredWidgetTypes(plugins);
  const usable = new Map<string, ValidateFunction>();
  for (const type of BUILTIN_WIDGET_TYPES) {
    const validate = optionsValidator(type.optionsSchema);
    if (validate instanceof Error) throw new Error(`内置部件 ${type.id} 的选项模式无效：${validate.message}`);
    usable.set(type.id, validate);
  }
  for (const plugin of plugins)
    (fieldsOf(plugin).widgets ?? []).forEach((type, index) => {
      const pointer = `/contributes/widgets/${index}`;
      const owners = declared.filter((other) => other.id === type.id);
      const others = owners.filter((other) => other.pluginId !== plugin.fullId);
      if (others.length || owners.length - others.length > 1) {
        const where = others.map((other) => (other.pluginId ? `插件 ${other.pluginId}` : '内置部件')).join('、');
        return report(plugin, `${pointer}/id`, `部件类型 ${type.id} 重复${where ? `：${where} 也声明了它` : ''}`);
      }
      const validate = optionsValidator(type.optionsSchema);
      if (validate instanceof Error) return report(plugin, `${pointer}/optionsSchema`, `不是有效的 JSON Schema：${validate.message}`);
      usable.set(type.id, validate);
    });
  const known = declared.map((type) => type.id).join('、');
  for (const plugin of plugins)
    (fieldsOf(plugin).panels ?? []).forEach((panel, index) => {
      const pointer = `/contributes/panels/${index}`;
      const validate = usable.get(panel.widget);
      const offWith = switchedOffTypes.get(panel.widget);
      if (offWith && !validate)
        return report(plugin, `${pointer}/widget`, `部件类型 ${panel.widget} 所在的插件 ${offWith} 已被停用`, switchedOff);
      if (!declared.some((type) => type.id === panel.widget))
        return report(plugin, `${pointer}/widget`, `没有部件类型 ${panel.widget}（可用：${known}）`);
      // A type declared twice or with a bad schema is reported on its own plugin; its panels wait for the fix.
      if (!validate) return report(plugin, `${pointer}/widget`, `部件类型 ${panel.widget} 的声明有误，面板无法使用`);
      if (!validate(panel.options ?? {}))
        for (const error of validate.errors ?? [])
          report(plugin, `${pointer}/options${pointerOf(error)}`, `${describeAjvError(error)}（部件类型 ${panel.widget} 的选项）`);
    });
  return { errors: problems, switchedOff };
}
