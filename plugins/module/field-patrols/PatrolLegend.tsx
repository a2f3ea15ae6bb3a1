import { fieldPatrolStrings as t } from './fieldPatrolStrings';
import { STATE_COLORS } from './patrolEffects';

/** What the map's colours mean: the route trails and the checkpoints by state. */
export function PatrolLegend() {
  const items = [
    { key: 'route', label: t.legendItems.route, color: '#3da5ff', line: true },
    { key: 'done', label: t.legendItems.done, color: STATE_COLORS.done },
    { key: 'missed', label: t.legendItems.missed, color: STATE_COLORS.missed },
    { key: 'due', label: t.legendItems.due, color: STATE_COLORS.due },
  ];
  return (
    <ul className="field-patrols__legend" aria-label={t.legend}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`field-patrols__swatch${item.line ? ' is-line' : ''}`} style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
