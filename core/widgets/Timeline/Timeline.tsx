import { formatMonthDayTime } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { numberOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './Timeline.css';

/**
 * `timeline`: events newest first on a vertical line, each with its time (`MM-DD HH:mm:ss`,
 * Asia/Shanghai), title, detail and a dot in its intent's colour. Options: `limit` (events shown).
 * A click calls `onOpen(String(at))`.
 */
export function Timeline({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'timeline'>) {
  const limit = numberOption(options, 'limit');
  const items = limit !== undefined ? (data?.items ?? []).slice(0, Math.max(1, Math.round(limit))) : (data?.items ?? []);
  return (
    <WidgetState status={status} empty={items.length === 0} error={error} onRetry={onRetry} wall={wall} className="ops-timeline">
      <ol className="ops-timeline__items ops-widget__scroll" aria-label={t.timelineLabel}>
        {items.map((item, index) => {
          const body = (
            <>
              <span className={`ops-timeline__dot ops-timeline__dot--${item.intent ?? 'none'}`} aria-hidden />
              <span className="ops-timeline__text">
                <time className="ops-timeline__time" dateTime={new Date(item.at).toISOString()}>
                  {formatMonthDayTime(item.at)}
                </time>
                <span className="ops-timeline__title">{item.title}</span>
                {item.detail ? <span className="ops-timeline__detail">{item.detail}</span> : null}
              </span>
            </>
          );
          return (
            <li key={`${item.at}-${index}`} className="ops-timeline__item">
              {onOpen ? (
                <button type="button" className="ops-row-button ops-timeline__row" onClick={() => onOpen(String(item.at))}>
                  {body}
                </button>
              ) : (
                <div className="ops-timeline__row">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </WidgetState>
  );
}

export default Timeline;
