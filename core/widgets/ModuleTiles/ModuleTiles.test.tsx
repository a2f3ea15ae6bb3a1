import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TileFigureView } from './ModuleTile';
import { ModuleNavigation, type ModuleNavigationValue } from './moduleNavigation';
import { ModuleTiles } from './ModuleTiles';

const modules: ModuleNavigationValue['modules'] = [
  { name: 'operation', title: '运维管理', path: '/operation', icon: 'wrench', showsMap: false, children: [] },
  {
    name: 'team',
    title: '队伍管理',
    path: '/team',
    icon: 'people',
    showsMap: true,
    children: [{ name: 'aTeam', title: '一队', path: '/team/ateam', built: false }],
  },
];

const figures: Record<string, number> = { operation: 12 };
function Figure({ module }: { module: string }) {
  return figures[module] === undefined ? null : <TileFigureView label="未办结工单" status="ready" value={figures[module]} unit="单" warn />;
}

function renderTiles(value: ModuleNavigationValue) {
  return render(
    <MemoryRouter>
      <ModuleNavigation.Provider value={value}>
        <ModuleTiles status="ready" data={null} />
      </ModuleNavigation.Provider>
    </MemoryRouter>,
  );
}

describe('ModuleTiles', () => {
  it('links every module the navigation gives, in its order, each with the figure the shell draws', () => {
    renderTiles({ modules, TileFigure: Figure });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['运维管理', '/operation'],
      ['队伍管理', '/team'],
    ]);
    const figure = links[0]!.querySelector('[data-figure="未办结工单"]');
    expect(figure?.textContent).toContain('12');
    expect(figure?.classList.contains('is-warning')).toBe(true);
    expect(links[1]!.textContent).toContain('1 个子页面 · 地图');
  });

  it('says so when the menus allow no module', () => {
    renderTiles({ modules: [] });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('当前租户下没有可用模块')).toBeTruthy();
  });

  it('shows a dash and why when a figure cannot be read', () => {
    render(<TileFigureView label="处置中事件" status="error" error="没有权限" />);
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('处置中事件暂不可读').closest('[title]')?.getAttribute('title')).toBe('处置中事件读取失败：没有权限');
  });
});
