import { describe, expect, it } from 'vitest';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry } from '../plugins/PluginRegistry';
import { panelPageFor, panelPageSpec } from './panelCatalog';

const panel = (id: string, pages: string[], w = 6, h = 4) => ({ id, title: `面板 ${id}`, widget: 'statCard', pages, size: { w, h } });

function registryOf(manifests: Record<string, { kind: string; contributes: Record<string, unknown> }>) {
  const entries = Object.fromEntries(
    Object.entries(manifests).map(([id, { kind, contributes }]) => [
      `/plugins/${kind}/${id}/plugin.json`,
      { id, kind, version: '1.0.0', displayName: '插件', contributes },
    ]),
  );
  const catalog = createPluginCatalog(entries, {});
  return { registry: new DefaultPluginRegistry(catalog, createAppContainer()), errors: catalog.errors };
}

describe('panel pages', () => {
  const page = {
    kind: 'module',
    contributes: {
      routes: [
        { module: 'comprehensive', panelPage: 'comprehensive' },
        { module: 'alarmManage', child: '*', panelPage: 'alarmManage/any' },
      ],
      panels: [panel('alarmsToday', ['comprehensive']), panel('trend', ['comprehensive'])],
      layouts: {
        comprehensive: [
          { panel: 'trend', x: 0, y: 0, w: 6, h: 4 },
          { panel: 'alarmsToday', x: 6, y: 0, w: 6, h: 4 },
        ],
      },
    },
  };

  it('finds the panel page a route shows, exact child routes before "*"', () => {
    const { registry } = registryOf({ page });
    expect(panelPageFor(registry, 'comprehensive')).toBe('comprehensive');
    expect(panelPageFor(registry, 'alarmManage', 'eventCenter')).toBe('alarmManage/any');
    expect(panelPageFor(registry, 'business')).toBeUndefined();
  });

  it("appends panels other plugins contribute to the page below the owner's default layout", () => {
    const lampSummary = {
      kind: 'module',
      contributes: { routes: [{ module: 'lampOverview' }], panels: [panel('lampSummary', ['comprehensive'], 8, 3)] },
    };
    const { registry, errors } = registryOf({ page, 'lamp-summary': lampSummary });
    expect(errors).toEqual([]);
    const spec = panelPageSpec(registry, 'comprehensive');
    expect(spec.panels.map((entry) => entry.id).sort()).toEqual(['alarmsToday', 'lampSummary', 'trend']);
    expect(spec.defaultLayout).toEqual([
      { panel: 'trend', x: 0, y: 0, w: 6, h: 4 },
      { panel: 'alarmsToday', x: 6, y: 0, w: 6, h: 4 },
      { panel: 'lampSummary', x: 0, y: 4, w: 8, h: 3 },
    ]);
  });

  it('refuses a panel id two plugins declare, and a layout of a page the plugin does not show', () => {
    const clash = {
      kind: 'module',
      contributes: {
        routes: [{ module: 'other' }],
        panels: [panel('trend', ['comprehensive'])],
        layouts: { comprehensive: [{ panel: 'trend', x: 0, y: 0, w: 6, h: 4 }] },
      },
    };
    const { errors } = registryOf({ page, clash });
    const messages = errors.map((error) => error.message).join('\n');
    expect(messages).toContain('面板编号 trend 重复');
    expect(messages).toContain('页面 comprehensive 不是本插件路由的面板页');
  });
});

describe('a panel page’s time range', () => {
  it('comes from the route that shows the page, and is refused on a route without a panel page', () => {
    const { registry, errors } = registryOf({
      orders: {
        kind: 'module',
        contributes: {
          routes: [
            { module: 'dataAnalysis', child: 'orderAnalysis', panelPage: 'dataAnalysis/orderAnalysis', timeRange: { default: '7d' } },
          ],
          panels: [panel('orderFigures', ['dataAnalysis/orderAnalysis'])],
        },
      },
      plain: { kind: 'module', contributes: { routes: [{ module: 'comprehensive', panelPage: 'comprehensive' }] } },
    });
    expect(errors).toEqual([]);
    expect(panelPageSpec(registry, 'dataAnalysis/orderAnalysis').timeRange).toEqual({ default: '7d' });
    expect(panelPageSpec(registry, 'comprehensive').timeRange).toBeUndefined();

    const refused = registryOf({
      page: { kind: 'module', contributes: { routes: [{ module: 'dataAnalysis', child: 'parking', timeRange: { default: 'today' } }] } },
    });
    expect(refused.errors.map((error) => error.message).join('\n')).toContain('/contributes/routes/0 不符合约束（dependencies）');
  });
});
