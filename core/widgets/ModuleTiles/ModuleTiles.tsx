import { NonIdealState } from '@blueprintjs/core';
import { WidgetState } from '../WidgetState/WidgetState';
import { numberOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import { ModuleTile } from './ModuleTile';
import { useModuleNavigation } from './moduleNavigation';
import './ModuleTile.css';

/**
 * `moduleTiles`: Home's tiles, one per module the user's menus allow, in menu order, each with the live
 * figure its module's plugin declares (drawn by the shell's TileFigure). No query: the modules come from
 * the shell (ModuleNavigation). Options: `columns` (default: as many as fit, at least 200 px each).
 */
export function ModuleTiles({ options, wall }: WidgetProps<'moduleTiles'>) {
  const { modules, TileFigure } = useModuleNavigation();
  const columns = numberOption(options, 'columns');
  if (modules.length === 0)
    return (
      <WidgetState status="ready" empty={false} wall={wall} className="module-tiles">
        <NonIdealState icon="lock" title={t.noModules} />
      </WidgetState>
    );
  return (
    <WidgetState status="ready" empty={false} wall={wall} className="module-tiles">
      <nav
        className="module-tiles__grid"
        aria-label={t.modulesLabel}
        style={columns ? { gridTemplateColumns: `repeat(${Math.max(1, Math.round(columns))}, minmax(0, 1fr))` } : undefined}
      >
        {modules.map((module) => (
          <ModuleTile
            key={module.name}
            title={module.title}
            path={module.path}
            icon={module.icon}
            childCount={module.children.length}
            showsMap={module.showsMap}
            figure={TileFigure ? <TileFigure module={module.name} wall={wall} /> : undefined}
          />
        ))}
      </nav>
    </WidgetState>
  );
}
