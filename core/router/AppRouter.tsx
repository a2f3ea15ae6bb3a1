import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LoginPage } from '../login/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RealTimeBroadPage } from '../pages/RealTimeBroadPage';
import { RequireMenuAuth } from './RequireMenuAuth';
import { TokenInUrlLogin } from './TokenInUrlLogin';
import { UnknownPathRedirect } from './UnknownPathRedirect';
import { isProtectedTopLevel, publicRoutes } from '../registry/routePaths';

// Everything behind the login (shell, home, modules, plugin host) is one lazy chunk,
// so the login route downloads none of it.
const ProtectedApp = lazy(() => import('../shell/ProtectedApp'));

/** Lets services navigate without a hook (AuthService after a 401, for instance). */
function NavigationBridge({ onNavigate }: { onNavigate(navigate: (path: string) => void): void }) {
  const navigate = useNavigate();
  useEffect(() => onNavigate((path) => navigate(path, { replace: true })), [navigate, onNavigate]);
  return null;
}

function ProtectedOrUnknown() {
  const { pathname } = useLocation();
  if (!isProtectedTopLevel(pathname)) return <UnknownPathRedirect />;
  return (
    <RequireMenuAuth>
      <Suspense fallback={<Spinner className="route-spinner" aria-label="加载中" />}>
        <ProtectedApp />
      </Suspense>
    </RequireMenuAuth>
  );
}

/** Top-level routes of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={publicRoutes.root}
        element={
          <TokenInUrlLogin>
            <Navigate to={publicRoutes.login} replace />
          </TokenInUrlLogin>
        }
      />
      <Route
        path={publicRoutes.login}
        element={
          <TokenInUrlLogin>
            <LoginPage />
          </TokenInUrlLogin>
        }
      />
      <Route
        path={publicRoutes.realTimeBroad}
        element={
          <TokenInUrlLogin stay>
            <RealTimeBroadPage />
          </TokenInUrlLogin>
        }
      />
      <Route path={publicRoutes.notFound} element={<NotFoundPage />} />
      <Route path="*" element={<ProtectedOrUnknown />} />
    </Routes>
  );
}

export function AppRouter({ onNavigate }: { onNavigate(navigate: (path: string) => void): void }) {
  return (
    <BrowserRouter>
      <NavigationBridge onNavigate={onNavigate} />
      <AppRoutes />
    </BrowserRouter>
  );
}
