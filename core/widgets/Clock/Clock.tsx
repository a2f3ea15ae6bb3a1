import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, formatTime, formatWeekday } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { enumOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './Clock.css';

export interface ClockProps extends WidgetProps<'clock'> {
  /** Where the time comes from (stories and tests fix it); default `Date.now`. */
  now?: () => number;
}

/** The current time, updated on every second boundary. */
function useNow(now: () => number): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = now();
      setTime(current);
      timer = setTimeout(tick, 1000 - (current % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [now]);
  return time;
}

/**
 * `clock`: the time in Asia/Shanghai as spec section 9 writes it (`YYYY-MM-DD HH:mm:ss`) and the
 * weekday in Chinese. Options: `layout` — `stacked` (default: big time over date and weekday) or
 * `inline` (one line, for a header). Reads no query.
 */
export function Clock({ status, error, onRetry, wall, options, now = Date.now }: ClockProps) {
  const time = useNow(now);
  const layout = enumOption(options, 'layout', ['stacked', 'inline'] as const) ?? 'stacked';
  return (
    <WidgetState
      status={status === 'loading' ? 'ready' : status}
      empty={false}
      error={error}
      onRetry={onRetry}
      wall={wall}
      className={`ops-clock ops-clock--${layout}`}
    >
      <time
        className="ops-clock__body"
        dateTime={new Date(time).toISOString()}
        aria-label={`${t.clockLabel} ${formatDateTime(time)} ${formatWeekday(time)}`}
        aria-live="off"
      >
        {layout === 'inline' ? (
          <>
            <span className="ops-clock__date">{formatDate(time)}</span>
            <span className="ops-clock__time">{formatTime(time)}</span>
            <span className="ops-clock__weekday">{formatWeekday(time)}</span>
          </>
        ) : (
          <>
            <span className="ops-clock__time">{formatTime(time)}</span>
            <span className="ops-clock__day">
              <span className="ops-clock__date">{formatDate(time)}</span>
              <span className="ops-clock__weekday">{formatWeekday(time)}</span>
            </span>
          </>
        )}
      </time>
    </WidgetState>
  );
}

export default Clock;
