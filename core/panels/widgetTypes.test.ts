import { describe, expect, it, vi } from 'vitest';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry } from '../plugins/PluginRegistry';
import { BUILTIN_WIDGETS } from '../widgets/builtinWidgets';
import { defineWidget } from '../widgets/defineWidget';
import { widgetType } from '../widgets/WidgetType';
import { loadWidgetTypes } from './widgetTypes';

const declaration = { id: 'levelMeter', title: '液位计', optionsSchema: { type: 'object' } };
const LevelMeter = () => null;

function setUp(code: Record<string, () => Promise<unknown>>, contributes: Record<string, unknown> = { widgets: [declaration] }) {
  const manifests = {
    '/plugins/widget/level-meter/plugin.json': { id: 'level-meter', kind: 'widget', version: '1.0.0', displayName: '液位计', contributes },
  };
  const container = createAppContainer();
  const registry = new DefaultPluginRegistry(createPluginCatalog(manifests, code), container);
  return { container, registry };
}

describe('widget types of a panel page', () => {
  it('needs no plugin code for built-in widgets', async () => {
    const load = vi.fn(() => Promise.resolve({ default: defineWidget(widgetType(declaration, LevelMeter)) }));
    const { container, registry } = setUp({ '/plugins/widget/level-meter/index.ts': load });
    const types = await loadWidgetTypes(registry, container, ['statCard', 'lineChart']);
    expect(load).not.toHaveBeenCalled();
    expect(types.get('statCard')).toBe(BUILTIN_WIDGETS.find((type) => type.id === 'statCard'));
    expect(types.has('levelMeter')).toBe(false);
  });

  it("loads the code of the plugin declaring a widget the page uses and gives its component, with the manifest's declaration", async () => {
    const load = vi.fn(() => Promise.resolve({ default: defineWidget(widgetType({ ...declaration, title: '旧名' }, LevelMeter)) }));
    const { container, registry } = setUp({ '/plugins/widget/level-meter/index.ts': load });
    const types = await loadWidgetTypes(registry, container, ['statCard', 'levelMeter']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(types.get('levelMeter')).toMatchObject({ id: 'levelMeter', title: '液位计', component: LevelMeter });
    await loadWidgetTypes(registry, container, ['levelMeter']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves out a contributed widget no manifest declares, or one taking a built-in id, and survives a plugin that fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stray = { id: 'stray', title: '未声明', optionsSchema: {} };
    const { container, registry } = setUp({
      '/plugins/widget/level-meter/index.ts': () =>
        Promise.resolve({
          default: defineWidget(
            widgetType(declaration, LevelMeter),
            widgetType(stray, LevelMeter),
            widgetType({ ...stray, id: 'statCard' }, LevelMeter),
          ),
        }),
    });
    const types = await loadWidgetTypes(registry, container, ['levelMeter']);
    expect(types.has('stray')).toBe(false);
    expect(types.get('statCard')!.component).not.toBe(LevelMeter);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      '部件类型 stray 没有插件在 plugin.json 的 contributes.widgets 中声明，未使用',
      '部件类型 statCard 没有插件在 plugin.json 的 contributes.widgets 中声明，未使用',
    ]);
    error.mockClear();
    const failing = setUp({ '/plugins/widget/level-meter/index.ts': () => Promise.reject(new Error('网络错误')) });
    const without = await loadWidgetTypes(failing.registry, failing.container, ['levelMeter', 'clock']);
    expect(without.has('levelMeter')).toBe(false);
    expect(without.has('clock')).toBe(true);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual(['部件插件 widget:level-meter 加载失败：网络错误']);
    error.mockRestore();
  });
});
