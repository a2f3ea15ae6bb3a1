import { H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { pluginPageFor } from './pluginPages';
import { pageStrings } from '../pages/pageStrings';
import type { ChildRoute, ModuleRoutes } from './menuRoutes';

/**
 * A module route or child page: the page a `module` plugin contributes; for a map module without one,
 * the globe alone; otherwise an honest "being built" page.
 */
export function ModulePage({ routes, child }: { routes: ModuleRoutes; child?: ChildRoute }) {
  const { module, children } = routes;
  const title = child ? child.title : module.title;
  const registry = useService(PluginRegistry);
  const PluginPage = pluginPageFor(registry, module.name, child?.menuName);
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
        {PluginPage ? (
          <Suspense fallback={<Spinner aria-label={pageStrings.loading} />}>
            <PluginPage moduleName={module.name} childName={child?.menuName} />
          </Suspense>
        ) : module.showsMap && !child ? null : (
          // A map module without a page plugin is still a working page: the globe under it is its content.
          <NonIdealState icon="build" title={pageStrings.buildingTitle} description={pageStrings.buildingDescription(title)} />
        )}
      </div>
    </section>
  );
}
