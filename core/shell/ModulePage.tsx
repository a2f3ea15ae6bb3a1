import { H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { pluginPageFor } from './pluginPages';
import { panelPageFor } from '../panels/panelCatalog';
import { shellStrings } from './shellStrings';
import type { ChildRoute, ModuleRoutes } from './menuRoutes';

// Panel pages (react-grid-layout, the widgets) load when one is first opened.
const PanelPage = lazy(() => import('../panels/PanelPage'));

/**
 * A module route or child page: a panel page a `module` plugin declares, or the page component it
 * contributes; for a map module or map child page without either, the globe alone; otherwise an honest
 * "being built" page.
 */
export function ModulePage({ routes, child }: { routes: ModuleRoutes; child?: ChildRoute }) {
  const { module, children } = routes;
  const title = child ? child.title : module.title;
  const registry = useService(PluginRegistry);
  const panelPage = panelPageFor(registry, module.name, child?.menuName);
  const PluginPage = panelPage ? undefined : pluginPageFor(registry, module.name, child?.menuName);
  // A child page marked `showsMap` floats over the globe though its module shows none (安全应急's map pages).
  const mapPage = child?.showsMap === true;
  return (
    <section className={`module-page${panelPage ? ' has-panels' : ''}${mapPage ? ' is-map-page' : ''}`} aria-labelledby="module-title">
      {children.length > 0 ? (
        <nav className="module-page__children" aria-label={shellStrings.childPages}>
          {children.map((entry) => (
            <NavLink key={entry.path} to={entry.path} className={({ isActive }) => `module-page__child${isActive ? ' is-active' : ''}`}>
              {entry.title}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <div className="module-page__body">
        <H2 id="module-title">{child ? `${module.title} · ${child.title}` : module.title}</H2>
        {panelPage ? (
          <Suspense fallback={<Spinner aria-label={shellStrings.loading} />}>
            <PanelPage pageId={panelPage} overMap={module.showsMap || mapPage} />
          </Suspense>
        ) : PluginPage ? (
          <Suspense fallback={<Spinner aria-label={shellStrings.loading} />}>
            <PluginPage moduleName={module.name} childName={child?.menuName} />
          </Suspense>
        ) : (module.showsMap && !child) || mapPage ? null : (
          // A map module without a page plugin is still a working page: the globe under it is its content.
          <NonIdealState icon="build" title={shellStrings.buildingTitle} description={shellStrings.buildingDescription(title)} />
        )}
      </div>
    </section>
  );
}
