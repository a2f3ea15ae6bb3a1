import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useService } from '../di/useService';
import { AuthService } from '../session/AuthService';
import { homePath } from '../registry/routePaths';

/**
 * Spec section 4: on a non-protected route a `?token=` in the URL logs in silently and lands on
 * Home; if that fails the user is logged out. With `stay` (the real-time board on a wall screen) it
 * stays on the page, the token gone from the address.
 */
export function TokenInUrlLogin({ children, stay = false }: { children: ReactNode; stay?: boolean }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const auth = useService(AuthService);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const here = `${pathname}${rest.size ? `?${rest.toString()}` : ''}`;
    auth.completeLogin(token).then(
      () => navigate(stay ? here : homePath, { replace: true }),
      () => auth.forceLogout(),
    );
  }, [token, auth, navigate, params, pathname, stay]);

  if (token) return <Spinner className="route-spinner" aria-label="正在登录" />;
  return <>{children}</>;
}
