import { formatNumber } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './Ranking.css';

/**
 * `ranking`: named values in the server's order (largest first) with a bar each, the first three
 * marked. Options: `limit` (rows shown, default 10), `unit` (when the data has none),
 * `color` (bar colour, CSS). A click calls `onOpen(item key ?? name)`.
 */
export function Ranking({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'ranking'>) {
  const limit = Math.max(1, Math.round(numberOption(options, 'limit') ?? 10));
  const unit = data?.unit ?? stringOption(options, 'unit') ?? '';
  const color = stringOption(options, 'color');
  const items = (data?.items ?? []).slice(0, limit);
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <WidgetState status={status} empty={items.length === 0} error={error} onRetry={onRetry} wall={wall} className="ops-ranking">
      <ol className="ops-ranking__list ops-widget__scroll" aria-label={t.rankingLabel}>
        {items.map((item, index) => {
          const rank = index + 1;
          const value = `${formatNumber(item.value)}${unit}`;
          const share = max > 0 && item.value > 0 ? Math.max(0.01, item.value / max) : 0;
          const body = (
            <>
              <span className={`ops-ranking__rank${rank <= 3 ? ` ops-ranking__rank--top${rank}` : ''}`} aria-hidden>
                {rank}
              </span>
              <span className="ops-ranking__main">
                <span className="ops-ranking__line">
                  <span className="ops-ranking__name" title={item.name}>
                    {item.name}
                  </span>
                  <span className="ops-ranking__value">{value}</span>
                </span>
                <span className="ops-ranking__track" aria-hidden>
                  <span
                    className="ops-ranking__bar"
                    style={{ width: `${(share * 100).toFixed(1)}%`, ...(color ? { background: color } : {}) }}
                  />
                </span>
              </span>
            </>
          );
          return (
            <li key={item.key ?? item.name} className="ops-ranking__item" aria-label={t.rankLabel(rank, item.name, value)}>
              {onOpen ? (
                <button type="button" className="ops-row-button ops-ranking__row" onClick={() => onOpen(item.key ?? item.name)}>
                  {body}
                </button>
              ) : (
                <div className="ops-ranking__row">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </WidgetState>
  );
}

export default Ranking;
