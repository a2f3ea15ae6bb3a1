import { NonIdealState } from '@blueprintjs/core';
import { pageStrings } from './pageStrings';

/** Public broadcast board (spec section 2: no session needed); the broadcast feature fills it. */
export function RealTimeBroadPage() {
  return (
    <main className="full-page bp6-dark">
      <NonIdealState icon="volume-up" title={pageStrings.realTimeBroadTitle} description={pageStrings.realTimeBroadDescription} />
    </main>
  );
}
