import { AnchorButton, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useSessionStore } from '../session/sessionStore';
import { publicRoutes } from '../registry/routePaths';
import { pageStrings } from './pageStrings';

// The board is made of the shell's pieces (container, push, panels): loaded only when it is shown.
const RealTimeBoard = lazy(() => import('./RealTimeBoard'));

/**
 * /realTimeBroad (spec section 2: a public route): a wall-screen board of the tenant's live alarms and
 * key figures. Opened as `/realTimeBroad?token=…` it signs in with the token and stays; with a session
 * it shows the board at once; without either it says how to open it.
 */
export function RealTimeBroadPage() {
  const signedIn = useSessionStore((state) => state.user !== null && Object.values(state.menuPerms ?? {}).some(Boolean));
  if (!signedIn) {
    return (
      <main className="full-page bp6-dark">
        <NonIdealState
          icon="timeline-area-chart"
          title={pageStrings.realTimeBroadTitle}
          description={pageStrings.realTimeBroadDescription}
          action={<AnchorButton href={publicRoutes.login} intent="primary" text={pageStrings.goToLogin} />}
        />
      </main>
    );
  }
  return (
    <Suspense fallback={<Spinner className="route-spinner" aria-label={pageStrings.loading} />}>
      <RealTimeBoard />
    </Suspense>
  );
}
