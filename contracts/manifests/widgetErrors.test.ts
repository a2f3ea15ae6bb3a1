import { describe, expect, it } from 'vitest';
import { validateManifests, type ManifestEntry } from './validateManifests';

const panel = (widget: string, options?: Record<string, unknown>, id = 'levelPanel') => ({
  id,
  title: '水位',
  widget,
  pages: ['comprehensive'],
  size: { w: 6, h: 4 },
  ...(options ? { options } : {}),
});
const levelMeter = {
  id: 'levelMeter',
  title: '液位计',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['max'],
    properties: { max: { type: 'number', minimum: 1 }, unit: { type: 'string' } },
  },
};
const widgetPlugin = (id: string, contributes: Record<string, unknown>, extra: Record<string, unknown> = {}): ManifestEntry => ({
  folder: `plugins/widget/${id}`,
  manifest: { id, kind: 'widget', version: '1.0.0', displayName: '部件', contributes, ...extra },
});
const modulePlugin = (id: string, panels: unknown[]): ManifestEntry => ({
  folder: `plugins/module/${id}`,
  manifest: { id, kind: 'module', version: '1.0.0', displayName: '模块', contributes: { routes: [{ module: id }], panels } },
});
const errorsOf = (entries: ManifestEntry[]) => validateManifests(entries).errors.map(({ pointer, message }) => ({ pointer, message }));

describe('widget types and the panels using them', () => {
  it("accepts a plugin's widget type used by its own panel and by another plugin's", () => {
    const { plugins, errors } = validateManifests([
      widgetPlugin('level-meter', { widgets: [levelMeter], panels: [panel('levelMeter', { max: 100 })] }),
      modulePlugin('water', [panel('levelMeter', { max: 5, unit: 'm' }, 'waterLevel'), panel('statCard', { unit: '台' }, 'count')]),
    ]);
    expect(errors).toEqual([]);
    expect(plugins.map((plugin) => plugin.fullId)).toEqual(['widget:level-meter', 'module:water']);
  });

  it('reports a panel naming a widget type nobody declares, with its pointer, and leaves the plugin out', () => {
    const { plugins, errors } = validateManifests([modulePlugin('water', [panel('statCard', {}, 'count'), panel('levelMeter')])]);
    expect(plugins).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ plugin: 'plugins/module/water', pointer: '/contributes/panels/1/widget' });
    expect(errors[0]!.message).toMatch(
      /^插件 plugins\/module\/water：\/contributes\/panels\/1\/widget 没有部件类型 levelMeter（可用：statCard、/,
    );
  });

  it("reports options that do not match the widget type's schema, field by field", () => {
    expect(
      errorsOf([
        widgetPlugin('level-meter', { widgets: [levelMeter] }),
        modulePlugin('water', [panel('levelMeter', { max: 0, unit: 3, colour: 'red' })]),
      ]),
    ).toEqual([
      {
        pointer: '/contributes/panels/0/options/colour',
        message: '插件 plugins/module/water：/contributes/panels/0/options/colour 是不允许的字段（部件类型 levelMeter 的选项）',
      },
      {
        pointer: '/contributes/panels/0/options/max',
        message: '插件 plugins/module/water：/contributes/panels/0/options/max 不能小于 1（部件类型 levelMeter 的选项）',
      },
      {
        pointer: '/contributes/panels/0/options/unit',
        message: '插件 plugins/module/water：/contributes/panels/0/options/unit 必须是字符串（部件类型 levelMeter 的选项）',
      },
    ]);
    // No options at all: a required option is missing.
    expect(errorsOf([widgetPlugin('level-meter', { widgets: [levelMeter], panels: [panel('levelMeter')] })])).toEqual([
      {
        pointer: '/contributes/panels/0/options/max',
        message: '插件 plugins/widget/level-meter：/contributes/panels/0/options/max 是必填字段（部件类型 levelMeter 的选项）',
      },
    ]);
  });

  it('checks the options of built-in widgets too', () => {
    expect(errorsOf([modulePlugin('water', [panel('statCard', { goodDirection: 'sideways', unti: '台' })])])).toEqual([
      {
        pointer: '/contributes/panels/0/options/unti',
        message: '插件 plugins/module/water：/contributes/panels/0/options/unti 是不允许的字段（部件类型 statCard 的选项）',
      },
      {
        pointer: '/contributes/panels/0/options/goodDirection',
        message:
          '插件 plugins/module/water：/contributes/panels/0/options/goodDirection 必须是以下之一：up、down、none（部件类型 statCard 的选项）',
      },
    ]);
  });

  it('refuses a widget type reusing a built-in id or another plugin’s, and one whose options schema is not JSON Schema', () => {
    expect(errorsOf([widgetPlugin('cards', { widgets: [{ ...levelMeter, id: 'statCard' }] })])).toEqual([
      {
        pointer: '/contributes/widgets/0/id',
        message: '插件 plugins/widget/cards：/contributes/widgets/0/id 部件类型 statCard 重复：内置部件 也声明了它',
      },
    ]);
    const twice = errorsOf([widgetPlugin('one', { widgets: [levelMeter] }), widgetPlugin('two', { widgets: [levelMeter] })]);
    expect(twice.map((error) => error.pointer)).toEqual(['/contributes/widgets/0/id', '/contributes/widgets/0/id']);
    expect(twice[0]!.message).toContain('插件 widget:two 也声明了它');
    const broken = errorsOf([widgetPlugin('broken', { widgets: [{ ...levelMeter, optionsSchema: { type: 'object', properties: 5 } }] })]);
    expect(broken.map((error) => error.pointer)).toEqual(['/contributes/widgets/0/optionsSchema']);
    expect(broken[0]!.message).toContain('不是有效的 JSON Schema');
    // The manifest schema itself asks for an object schema.
    expect(errorsOf([widgetPlugin('flat', { widgets: [{ ...levelMeter, optionsSchema: { type: 'string' } }] })])).toEqual([
      {
        pointer: '/contributes/widgets/0/optionsSchema/type',
        message: '插件 plugins/widget/flat：/contributes/widgets/0/optionsSchema/type 必须是 "object"',
      },
    ]);
  });

  it("leaves out a panel whose widget type's plugin was refused or switched off", () => {
    const users = modulePlugin('water', [panel('levelMeter', { max: 5 })]);
    const refused = validateManifests([
      widgetPlugin('level-meter', { widgets: [levelMeter], panels: [panel('nope', {}, 'other')] }),
      users,
    ]);
    expect(refused.plugins).toEqual([]);
    expect(refused.errors.map((error) => `${error.plugin} ${error.pointer}`)).toEqual([
      'plugins/widget/level-meter /contributes/panels/0/widget',
      'plugins/module/water /contributes/panels/0/widget',
    ]);
    const off = validateManifests([widgetPlugin('level-meter', { widgets: [levelMeter] }), users], {
      disabledPlugins: ['widget:level-meter'],
    });
    expect(off.errors).toEqual([]);
    expect(off.plugins).toEqual([]);
    expect(off.switchedOff.map((entry) => entry.message)).toEqual([
      '插件 plugins/module/water：/contributes/panels/0/widget 部件类型 levelMeter 所在的插件 widget:level-meter 已被停用',
    ]);
  });
});
