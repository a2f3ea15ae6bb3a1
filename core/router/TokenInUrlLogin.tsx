import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useService } from '../di/useService';
import { AuthService } from '../session/AuthService';
import { homePath } from './routePaths';

/**
 * Spec section 4: on a non-protected route a `?token=` in the URL logs in silently and lands on
 * Home; if that fails the user is logged out.
 */
export function TokenInUrlLogin({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const auth = useService(AuthService);
  const navigate = useNavigate();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    auth.completeLogin(token).then(
      () => navigate(homePath, { replace: true }),
      () => auth.forceLogout(),
    );
  }, [token, auth, navigate]);

  if (token) return <Spinner className="route-spinner" aria-label="正在登录" />;
  return <>{children}</>;
}
