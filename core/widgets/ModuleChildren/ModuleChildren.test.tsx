import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ModuleNavigation } from '../ModuleTiles/moduleNavigation';
import { ModuleChildren } from './ModuleChildren';

const operation = {
  name: 'operation',
  title: '运维管理',
  path: '/operation',
  icon: 'wrench',
  showsMap: false,
  children: [
    { name: 'workOrder', title: '工单管理', path: '/operation/workorder', built: true },
    { name: 'spareParts', title: '备件管理', path: '/operation/spareparts', built: false },
  ],
};

function renderChildren(options: Record<string, unknown>) {
  return render(
    <MemoryRouter>
      <ModuleNavigation.Provider value={{ modules: [operation] }}>
        <ModuleChildren status="ready" data={null} options={options} />
      </ModuleNavigation.Provider>
    </MemoryRouter>,
  );
}

describe('ModuleChildren', () => {
  it('gives an entry to each child page with its state and what it holds or will hold', () => {
    renderChildren({ module: 'operation', summaries: { spareParts: '备件库存与领用记录' } });
    const entries = screen.getAllByRole('link');
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual(['/operation/workorder', '/operation/spareparts']);
    expect(entries[0]!.textContent).toContain('已上线');
    expect(entries[1]!.textContent).toContain('规划中');
    expect(entries[1]!.textContent).toContain('备件库存与领用记录');
    expect(entries[1]!.classList.contains('is-planned')).toBe(true);
    expect(document.body.textContent).not.toContain('功能建设中');
  });

  it('says what it would show when the module has no page the user may open', () => {
    renderChildren({ module: 'team' });
    expect(screen.getByRole('status').textContent).toContain('暂无可打开的子页面');
  });
});
