import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSessionStore } from '../session/sessionStore';
import { publicRoutes } from '../registry/routePaths';

/** Spec section 4: a protected route needs the stored menu-auth value, otherwise go to `/`. */
export function RequireMenuAuth({ children }: { children: ReactNode }) {
  const menuPerms = useSessionStore((state) => state.menuPerms);
  if (!menuPerms) return <Navigate to={publicRoutes.root} replace />;
  return <>{children}</>;
}
