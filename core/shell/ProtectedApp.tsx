import { lazy, Suspense, useContext, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '../session/sessionStore';
import { AppHeader } from './AppHeader';
import { HomePage } from './HomePage';
import { ModulePage } from './ModulePage';
import { buildModuleRoutes, showsMapAt, type ModuleRoutes } from './menuRoutes';
import { homePath } from '../registry/routePaths';
import { ContainerContext } from '../di/ContainerContext';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { startShell } from './shellContainer';
import { AlarmNotifications } from '../alarms/AlarmNotifications';
import { PushConnection } from '../session/PushConnection';
import { ProductSocketConnection } from '../session/ProductSocketConnection';
import { IncomingCallNotice } from '../session/IncomingCallNotice';
import { WallScaleContext, wallScaleOf, wallShellStyle, wallSizeOf, useWallDocument } from '../panels/wallMode';
import './ProtectedApp.css';

// Cesium and the globe load only when a map page is opened.
const GlobeHost = lazy(() => import('../map/GlobeHost'));

/** Inside the shell an unknown path goes to the module named by its first segment, else Home. */
function UnknownInsideShell({ routes }: { routes: readonly ModuleRoutes[] }) {
  const { pathname } = useLocation();
  const first = (pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  const match = routes.find(({ module }) => module.name.toLowerCase() === first);
  return <Navigate to={match ? match.module.path : homePath} replace />;
}

/** Everything behind the login: header, Home, module routes and the dynamic child routes. */
export default function ProtectedApp() {
  const menuPerms = useSessionStore((state) => state.menuPerms);
  const menus = useSessionStore((state) => state.menus);
  const routes = useMemo(() => buildModuleRoutes(menuPerms, menus), [menuPerms, menus]);
  const coreServices = useContext(ContainerContext);
  const { pathname, search } = useLocation();
  const wall = wallSizeOf(search);
  // Wall screens (大屏模式): the app is exactly the screen's size, the document never scrolls, and
  // everything scales with the wall (core/panels/wallMode.ts).
  useWallDocument(wall);
  const showsMap = showsMapAt(routes, pathname);
  // The app's one inversify container, built once per page load (core/shell/shellContainer.ts).
  const container = startShell(coreServices instanceof ServiceMap ? coreServices : undefined);

  return (
    <ContainerProvider container={container}>
      <WallScaleContext.Provider value={wallScaleOf(wall)}>
        <div className={`app-shell bp6-dark${wall ? ` is-wall is-wall-${wall}` : ''}`} style={wallShellStyle(wall)}>
          <PushConnection />
          <ProductSocketConnection />
          <IncomingCallNotice />
          <AlarmNotifications />
          <AppHeader />
          <div className={`app-shell__content${showsMap ? ' has-map' : ''}`}>
            {showsMap ? (
              <Suspense fallback={null}>
                <GlobeHost />
              </Suspense>
            ) : null}
            <Routes>
              <Route path={homePath} element={<HomePage routes={routes} />} />
              {routes.map((moduleRoutes) => (
                <Route key={moduleRoutes.module.name} path={moduleRoutes.module.path} element={<ModulePage routes={moduleRoutes} />} />
              ))}
              {routes.flatMap((moduleRoutes) =>
                moduleRoutes.children.map((child) => (
                  <Route key={child.path} path={child.path} element={<ModulePage routes={moduleRoutes} child={child} />} />
                )),
              )}
              <Route path="*" element={<UnknownInsideShell routes={routes} />} />
            </Routes>
          </div>
        </div>
      </WallScaleContext.Provider>
    </ContainerProvider>
  );
}
