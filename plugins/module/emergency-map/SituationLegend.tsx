import { emergencyMapStrings as t } from './emergencyMapStrings';
import type { SituationPage } from './situationEffects';

type LegendItem = keyof typeof t.legendItems;

/** What each page draws, in the order an operator looks for it. */
export const LEGEND_ITEMS: Record<SituationPage, readonly LegendItem[]> = {
  fireFighting: ['fire', 'scan', 'task', 'hydrant'],
  fire: ['fire', 'scan', 'task', 'hydrant'],
  evacuate: ['event', 'scan', 'task', 'crowd', 'route', 'shelter'],
  floodPrevention: ['water', 'scan', 'task'],
  water: ['water', 'hydrant'],
};

/** The key to the map's symbols on this page, in the clear middle under the globe's view. */
export function SituationLegend({ page }: { page: SituationPage }) {
  return (
    <ul className="emergency-legend" aria-label={t.legend}>
      {LEGEND_ITEMS[page].map((item) => (
        <li key={item}>
          <span className={`emergency-legend__swatch is-${item}`} aria-hidden />
          {t.legendItems[item]}
        </li>
      ))}
    </ul>
  );
}
