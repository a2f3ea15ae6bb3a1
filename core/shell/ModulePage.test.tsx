import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ContainerProvider } from '../di/ContainerProvider';
import { createAppContainer } from '../di/createAppContainer';
import { ServiceMap } from '../di/ServiceLocator';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry, PluginRegistry } from '../plugins/PluginRegistry';
import { buildModuleRoutes } from './menuRoutes';
import { ModulePage } from './ModulePage';
import { figureOf } from './ModuleTileFigure';
import { servesRoute, tileOf } from './pluginPages';

const manifest = (id: string, contributes: Record<string, unknown>) => ({
  id,
  kind: 'module',
  version: '1.0.0',
  displayName: '页面',
  contributes,
});

const registryOf = (manifests: Record<string, unknown>) =>
  new DefaultPluginRegistry(createPluginCatalog(manifests, {}), createAppContainer());

const tile = { label: '未办结工单', query: { path: '/overview/operation' } };
const registry = registryOf({
  '/plugins/module/work-order/plugin.json': manifest('work-order', { routes: [{ module: 'operation', child: 'workOrder' }] }),
  '/plugins/module/operation-overview/plugin.json': manifest('operation-overview', {
    routes: [{ module: 'operation', panelPage: 'operation', tile }],
  }),
});

const operationRoutes = buildModuleRoutes({ 'platform:operation': true }, [
  {
    name: 'operation',
    path: '/operation',
    meta: { title: '运维管理' },
    children: [
      { name: 'workOrder', path: 'workorder', meta: { title: '工单管理' } },
      { name: 'spareParts', path: 'spareparts', meta: { title: '备件管理' } },
    ],
  },
])[0]!;

describe('module roots', () => {
  it('shows an entry to each child page when no plugin serves the root, never the placeholder', () => {
    const services = new ServiceMap().set(PluginRegistry, registryOf({}));
    render(
      <ContainerProvider container={services}>
        <MemoryRouter>
          <ModulePage routes={operationRoutes} />
        </MemoryRouter>
      </ContainerProvider>,
    );
    const entries = screen.getByRole('region', { name: '子页面入口' }).querySelectorAll('a');
    expect([...entries].map((entry) => entry.getAttribute('href'))).toEqual(['/operation/workorder', '/operation/spareparts']);
    expect(document.body.textContent).not.toContain('功能建设中');
  });

  it('knows which child pages a plugin serves and the figure a root declares for its tile', () => {
    expect(servesRoute(registry, 'operation', 'workOrder')).toBe(true);
    expect(servesRoute(registry, 'operation', 'spareParts')).toBe(false);
    expect(servesRoute(registry, 'operation')).toBe(true);
    expect(tileOf(registry, 'operation')).toEqual(tile);
    expect(tileOf(registry, 'team')).toBeUndefined();
  });

  it('reads a tile figure from one value or from the named item of a group', () => {
    expect(figureOf({ value: 3, unit: '条' }, { label: '今日告警' })).toEqual({ value: 3, unit: '条' });
    const group = {
      items: [
        { name: '在线', value: 5 },
        { name: '在线率', value: 96.2, unit: '%' },
      ],
    };
    expect(figureOf(group, { label: '设备在线率', item: '在线率' })?.value).toBe(96.2);
    expect(figureOf(group, { label: '在线' })?.value).toBe(5);
    expect(figureOf(group, { label: '离线' })).toBeUndefined();
  });
});
