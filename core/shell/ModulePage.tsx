import { H2, NonIdealState } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { pageStrings } from '../pages/pageStrings';
import type { ChildRoute, ModuleRoutes } from './menuRoutes';

/** A module route and its child pages; the module's own plugin replaces the body when it exists. */
export function ModulePage({ routes, child }: { routes: ModuleRoutes; child?: ChildRoute }) {
  const { module, children } = routes;
  const title = child ? child.title : module.title;
  return (
    <section className="module-page" aria-labelledby="module-title">
      {children.length > 0 ? (
        <nav className="module-page__children" aria-label={pageStrings.childPages}>
          {children.map((entry) => (
            <NavLink key={entry.path} to={entry.path} className={({ isActive }) => `module-page__child${isActive ? ' is-active' : ''}`}>
              {entry.title}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <div className="module-page__body">
        <H2 id="module-title">{child ? `${module.title} · ${child.title}` : module.title}</H2>
        <NonIdealState icon="build" title={pageStrings.buildingTitle} description={pageStrings.buildingDescription(title)} />
      </div>
    </section>
  );
}
