import { H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import { NavLink } from 'react-router-dom';
import { useService } from '../di/useService';
import { PanelBox } from '../panels/PanelBox';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { ModuleChildren } from '../widgets/ModuleChildren/ModuleChildren';
import { ModuleNavigation } from '../widgets/ModuleTiles/moduleNavigation';
import { useModuleNavigationValue } from './moduleNavigationValue';
import { pluginPageFor } from './pluginPages';
import { panelPageFor } from '../panels/panelCatalog';
import { shellStrings } from './shellStrings';
import type { ChildRoute, ModuleRoutes } from './menuRoutes';

// Panel pages (react-grid-layout, the widgets) load when one is first opened.
const PanelPage = lazy(() => import('../panels/PanelPage'));

/**
 * A module route or child page: a panel page a `module` plugin declares, or the page component it
 * contributes. Without either, a module root shows an entry to each of its child pages (over the globe
 * on a map module), a map child page the globe alone, and any other child page an honest "being built".
 */
export function ModulePage({ routes, child }: { routes: ModuleRoutes; child?: ChildRoute }) {
  const { module, children } = routes;
  const title = child ? child.title : module.title;
  const registry = useService(PluginRegistry);
  const panelPage = panelPageFor(registry, module.name, child?.menuName);
  const PluginPage = panelPage ? undefined : pluginPageFor(registry, module.name, child?.menuName);
  // The navigation widgets (a root's child entries) read this module's pages.
  const navigation = useModuleNavigationValue(useMemo(() => [routes], [routes]));
  // A child page marked `showsMap` floats over the globe though its module shows none (安全应急's map pages).
  const mapPage = child?.showsMap === true;
  const overMap = module.showsMap || mapPage;
  const rootEntries = !child && !panelPage && !PluginPage;
  return (
    <section
      className={`module-page${panelPage || rootEntries ? ' has-panels' : ''}${mapPage ? ' is-map-page' : ''}`}
      aria-labelledby="module-title"
    >
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
        <ModuleNavigation.Provider value={navigation}>
          {panelPage ? (
            <Suspense fallback={<Spinner aria-label={shellStrings.loading} />}>
              <PanelPage pageId={panelPage} overMap={overMap} title={child ? `${module.title}-${child.title}` : module.title} />
            </Suspense>
          ) : PluginPage ? (
            <Suspense fallback={<Spinner aria-label={shellStrings.loading} />}>
              <PluginPage moduleName={module.name} childName={child?.menuName} />
            </Suspense>
          ) : rootEntries ? (
            // A root no plugin serves is still a page: an entry to each child page it has.
            <div className={`module-page__entries${overMap ? ' is-over-map' : ''}`}>
              <PanelBox title={shellStrings.childEntries}>
                <ModuleChildren status="ready" data={null} options={{ module: module.name }} />
              </PanelBox>
            </div>
          ) : mapPage ? null : (
            <NonIdealState icon="build" title={shellStrings.buildingTitle} description={shellStrings.buildingDescription(title)} />
          )}
        </ModuleNavigation.Provider>
      </div>
    </section>
  );
}
