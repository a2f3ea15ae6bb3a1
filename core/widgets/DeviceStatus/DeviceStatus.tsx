import { formatNumber, formatPercent } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './DeviceStatus.css';

/**
 * `deviceStatus`: on- and offline devices per kind, each as a stacked bar (green online, grey
 * offline) with its counts and online rate, under the totals. Options: `sort` (true: lowest online
 * rate first, to put trouble on top; default keeps the server's order). A click calls `onOpen(kind)`.
 */
export function DeviceStatus({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'deviceStatus'>) {
  const worstFirst = booleanOption(options, 'sort') ?? false;
  const kinds = [...(data?.kinds ?? [])];
  if (worstFirst) kinds.sort((a, b) => rate(a.online, a.offline) - rate(b.online, b.offline));
  const online = kinds.reduce((sum, kind) => sum + kind.online, 0);
  const offline = kinds.reduce((sum, kind) => sum + kind.offline, 0);
  return (
    <WidgetState status={status} empty={kinds.length === 0} error={error} onRetry={onRetry} wall={wall} className="ops-device-status">
      <div className="ops-device-status__totals">
        <span className="ops-device-status__total">
          <span className="ops-device-status__label">{t.onlineRate}</span>
          <strong className="ops-device-status__rate">{formatPercent(rate(online, offline))}</strong>
        </span>
        <span className="ops-device-status__total">
          <span className="ops-device-status__dot ops-device-status__dot--online" aria-hidden />
          {t.online} <strong>{formatNumber(online)}</strong>
        </span>
        <span className="ops-device-status__total">
          <span className="ops-device-status__dot ops-device-status__dot--offline" aria-hidden />
          {t.offline} <strong>{formatNumber(offline)}</strong>
        </span>
        <span className="ops-device-status__total ops-device-status__total--muted">
          {t.totalDevices} <strong>{formatNumber(online + offline)}</strong>
        </span>
      </div>
      <ul className="ops-device-status__kinds ops-widget__scroll" aria-label={t.deviceStatusLabel}>
        {kinds.map((kind) => {
          const all = kind.online + kind.offline;
          const share = all > 0 ? kind.online / all : 0;
          const label = t.kindStatus(
            kind.name,
            formatNumber(kind.online),
            formatNumber(kind.offline),
            formatPercent(all > 0 ? share : undefined),
          );
          const body = (
            <>
              <span className="ops-device-status__name" title={kind.name}>
                {kind.name}
              </span>
              <span className="ops-device-status__bar" aria-hidden>
                <span className="ops-device-status__online" style={{ width: `${share * 100}%` }} />
              </span>
              <span className="ops-device-status__counts" aria-hidden>
                <span className="ops-device-status__count--online">{formatNumber(kind.online)}</span>
                <span className="ops-device-status__slash">/</span>
                <span className="ops-device-status__count--offline">{formatNumber(kind.offline)}</span>
              </span>
              <span className={`ops-device-status__kind-rate${all > 0 && share < 0.8 ? ' is-low' : ''}`} aria-hidden>
                {formatPercent(all > 0 ? share : undefined, 0)}
              </span>
            </>
          );
          return (
            <li key={kind.kind} aria-label={onOpen ? undefined : label}>
              {onOpen ? (
                <button
                  type="button"
                  className="ops-row-button ops-device-status__row"
                  onClick={() => onOpen(kind.kind)}
                  aria-label={label}
                >
                  {body}
                </button>
              ) : (
                <div className="ops-device-status__row">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </WidgetState>
  );
}

function rate(online: number, offline: number): number {
  const all = online + offline;
  return all > 0 ? online / all : 0;
}

export default DeviceStatus;
