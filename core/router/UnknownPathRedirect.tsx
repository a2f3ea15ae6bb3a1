import { Navigate, useLocation } from 'react-router-dom';
import { resolveUnknownPath } from '../registry/routePaths';

export function UnknownPathRedirect({ known }: { known?: readonly string[] }) {
  const { pathname } = useLocation();
  return <Navigate to={resolveUnknownPath(pathname, known)} replace />;
}
