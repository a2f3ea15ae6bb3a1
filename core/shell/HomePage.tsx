import { H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { ModuleNavigation } from '../widgets/ModuleTiles/moduleNavigation';
import { ModuleTiles } from '../widgets/ModuleTiles/ModuleTiles';
import { useModuleNavigationValue } from './moduleNavigationValue';
import { shellStrings } from './shellStrings';
import type { ModuleRoutes } from './menuRoutes';

// The grid and the widgets load with Home's first visit, as on every panel page.
const PanelPage = lazy(() => import('../panels/PanelPage'));

/** Home's panel page: the `module` plugin whose route shows it declares its panels and default layout. */
export const HOME_PAGE_ID = 'home';

/**
 * Home: the modules the user's menu permissions allow, in menu order, each tile with its module's live
 * figure, beside the latest alarms and the tenant's situation, on an editable panel page. Without a
 * plugin declaring the `home` page, the tiles alone.
 */
export function HomePage({ routes }: { routes: readonly ModuleRoutes[] }) {
  const registry = useService(PluginRegistry);
  const navigation = useModuleNavigationValue(routes);
  const hasPanels = useMemo(
    () => registry.list('module').some((plugin) => plugin.manifest.contributes.routes.some((route) => route.panelPage === HOME_PAGE_ID)),
    [registry],
  );
  return (
    <section className="home-page" aria-labelledby="home-title">
      <H2 id="home-title" className="home-page__title">
        {shellStrings.homeTitle}
      </H2>
      {routes.length === 0 ? (
        <NonIdealState icon="lock" title={shellStrings.homeEmpty} />
      ) : (
        <ModuleNavigation.Provider value={navigation}>
          {hasPanels ? (
            <Suspense fallback={<Spinner aria-label={shellStrings.loading} />}>
              <PanelPage pageId={HOME_PAGE_ID} />
            </Suspense>
          ) : (
            <div className="home-page__tiles">
              <ModuleTiles status="ready" data={null} />
            </div>
          )}
        </ModuleNavigation.Provider>
      )}
    </section>
  );
}
