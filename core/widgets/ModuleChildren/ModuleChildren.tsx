import { Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useModuleNavigation } from '../ModuleTiles/moduleNavigation';
import { WidgetState } from '../WidgetState/WidgetState';
import { stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './ModuleChildren.css';

/** What each child page holds or will hold, by menu name (the panel's `summaries` option). */
function summariesOf(options: Record<string, unknown> | undefined): Record<string, string> {
  const value = options?.summaries;
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * `moduleChildren`: an entry to each child page of a module (`module` option) the user may open, with
 * its state — 已上线 (a plugin serves it) or 规划中 — and what it holds or will hold (`summaries` option,
 * by menu name). No query: the pages come from the shell (ModuleNavigation).
 */
export function ModuleChildren({ options, wall }: WidgetProps<'moduleChildren'>) {
  const { modules } = useModuleNavigation();
  const moduleName = stringOption(options, 'module');
  const module = modules.find((candidate) => candidate.name === moduleName);
  const summaries = summariesOf(options);
  const children = module?.children ?? [];
  return (
    <WidgetState status="ready" empty={children.length === 0} emptyText={t.noChildren} wall={wall} className="module-children">
      <ul className="module-children__list" aria-label={module ? t.childrenOf(module.title) : undefined}>
        {children.map((child) => (
          <li key={child.path} className="module-children__item">
            <Link to={child.path} className={`module-children__entry${child.built ? '' : ' is-planned'}`}>
              <span className="module-children__head">
                <span className="module-children__title">{child.title}</span>
                <Tag minimal round intent={child.built ? 'success' : 'none'} className="module-children__state">
                  {child.built ? t.childBuilt : t.childPlanned}
                </Tag>
                <Icon icon="chevron-right" size={wall ? 20 : 12} className="module-children__arrow" aria-hidden />
              </span>
              <span className="module-children__summary">
                {summaries[child.name] ?? (child.built ? t.childBuiltHint(child.title) : t.childPlannedHint(child.title))}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </WidgetState>
  );
}
