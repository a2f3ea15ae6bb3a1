import { Figure, readStatOptions } from '../StatCard/StatCard';
import { WidgetState } from '../WidgetState/WidgetState';
import { numberOption, type WidgetProps } from '../widgetProps';
import '../StatCard/StatCard.css';
import './StatGroup.css';

/**
 * `statGroup`: a few figures side by side, each with its name, unit and trend. Options: those of
 * `statCard` (unit, goodDirection, compareLabel, maximumFractionDigits) plus `columns` (default: as
 * many as fit, at least 110 px each). A click calls `onOpen(item name)`.
 */
export function StatGroup({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'statGroup'>) {
  const read = readStatOptions(options);
  const columns = numberOption(options, 'columns');
  const items = data?.items ?? [];
  return (
    <WidgetState status={status} empty={items.length === 0} error={error} onRetry={onRetry} wall={wall} className="ops-stat-group">
      <ul
        className="ops-stat-group__items"
        style={columns ? { gridTemplateColumns: `repeat(${Math.max(1, Math.round(columns))}, minmax(0, 1fr))` } : undefined}
      >
        {items.map((item) => (
          <li key={item.name} className="ops-stat-group__item">
            {onOpen ? (
              <button type="button" className="ops-row-button ops-stat-group__cell" onClick={() => onOpen(item.name)}>
                <Figure stat={item} options={read} name={item.name} size="small" />
              </button>
            ) : (
              <div className="ops-stat-group__cell">
                <Figure stat={item} options={read} name={item.name} size="small" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </WidgetState>
  );
}

export default StatGroup;
