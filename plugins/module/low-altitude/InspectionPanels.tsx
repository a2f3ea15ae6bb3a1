import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import {
  FLIGHT_STATUS_LABELS,
  FLIGHT_STATUSES,
  FLIGHT_TASK_LABELS,
  type FenceStay,
  type Flight,
  type FlightStatus,
  type UavLiveFlight,
} from '@ops/contracts';
import type { Page } from './lowAltitudeApi';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import type { Loadable } from '@ops/sdk';

export const statusIntent = (status: FlightStatus) => (status === 'flying' ? 'success' : status === 'planned' ? 'primary' : 'none');
const deviceNameOf = (names: ReadonlyMap<number, string>, deviceId: number) => names.get(deviceId) ?? `#${deviceId}`;

/** The flying UAVs now: height, speed, battery; a click selects one (its flight opens, the camera follows). */
export function LiveUavPanel({
  live,
  flights,
  selectedFlightId,
  onSelect,
  onRetry,
}: {
  live: Loadable<unknown>;
  flights: readonly UavLiveFlight[];
  selectedFlightId: number | null;
  onSelect(flight: UavLiveFlight): void;
  onRetry(): void;
}) {
  return (
    <PanelBox title={`${t.liveTitle}（${flights.length}）`} className="low-altitude__panel is-live">
      <WidgetState
        status={live.status}
        empty={flights.length === 0}
        {...(live.error ? { error: live.error } : {})}
        onRetry={onRetry}
        emptyText={t.noLive}
      >
        <ul className="low-altitude__list" aria-label={t.liveLabel}>
          {flights.map((flight) => (
            <li key={flight.flightId}>
              <button
                type="button"
                className={`low-altitude__item${flight.flightId === selectedFlightId ? ' is-active' : ''}`}
                aria-label={t.openFlight(flight.deviceName, flight.flightId)}
                aria-current={flight.flightId === selectedFlightId ? 'true' : undefined}
                onClick={() => onSelect(flight)}
              >
                <span className="low-altitude__title">
                  <Tag minimal intent="success">
                    {FLIGHT_TASK_LABELS[flight.taskKind]}
                  </Tag>
                  {flight.deviceName}
                </span>
                <span className="low-altitude__meta">
                  {t.altitude(flight.altitude)} · {t.speed(flight.speed)} · {t.heading(flight.heading)} · {t.battery(flight.battery)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}

/** The tenant's flights, newest first, filtered by status, ten a page. */
export function FlightListPanel({
  flights,
  names,
  status,
  pageNum,
  pageSize,
  selectedFlightId,
  onStatus,
  onPage,
  onSelect,
  onRetry,
}: {
  flights: Loadable<Page<Flight>>;
  names: ReadonlyMap<number, string>;
  status: FlightStatus | '';
  pageNum: number;
  pageSize: number;
  selectedFlightId: number | null;
  onStatus(status: FlightStatus | ''): void;
  onPage(pageNum: number): void;
  onSelect(flightId: number): void;
  onRetry(): void;
}) {
  const rows = flights.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((flights.data?.total ?? 0) / pageSize));
  return (
    <PanelBox title={`${t.flightsTitle}（${flights.data?.total ?? 0}）`} className="low-altitude__panel is-flights">
      <HTMLSelect
        aria-label={t.statusFilter}
        value={status}
        minimal
        onChange={(event) => onStatus(FLIGHT_STATUSES.find((value) => value === event.currentTarget.value) ?? '')}
        options={[{ value: '', label: t.allStatuses }, ...FLIGHT_STATUSES.map((value) => ({ value, label: FLIGHT_STATUS_LABELS[value] }))]}
      />
      <WidgetState
        status={flights.status}
        empty={rows.length === 0}
        {...(flights.error ? { error: flights.error } : {})}
        onRetry={onRetry}
        emptyText={t.noFlights}
      >
        <ul className="low-altitude__list" aria-label={t.flightsLabel}>
          {rows.map((flight) => (
            <li key={flight.flightId}>
              <button
                type="button"
                className={`low-altitude__item${flight.flightId === selectedFlightId ? ' is-active' : ''}`}
                aria-label={t.openFlight(deviceNameOf(names, flight.deviceId), flight.flightId)}
                aria-current={flight.flightId === selectedFlightId ? 'true' : undefined}
                onClick={() => onSelect(flight.flightId)}
              >
                <span className="low-altitude__title">
                  <Tag minimal intent={statusIntent(flight.status)}>
                    {FLIGHT_STATUS_LABELS[flight.status]}
                  </Tag>
                  {deviceNameOf(names, flight.deviceId)} · #{flight.flightId}
                </span>
                <span className="low-altitude__meta">
                  {FLIGHT_TASK_LABELS[flight.taskKind]} · {formatMonthDayTime(flight.startedAt ?? flight.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
      <div className="low-altitude__pager">
        <Button small minimal icon="chevron-left" aria-label={t.previousPage} disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)} />
        <span>{t.page(pageNum, pages)}</span>
        <Button
          small
          minimal
          icon="chevron-right"
          aria-label={t.nextPage}
          disabled={pageNum >= pages}
          onClick={() => onPage(pageNum + 1)}
        />
      </div>
    </PanelBox>
  );
}

/** The UAV alarms: each stay of a flight inside a no-fly area; a click opens the flight. */
export function FenceStayPanel({
  stays,
  names,
  onSelect,
  onRetry,
}: {
  stays: Loadable<Page<FenceStay>>;
  names: ReadonlyMap<number, string>;
  onSelect(flightId: number): void;
  onRetry(): void;
}) {
  const rows = stays.data?.rows ?? [];
  return (
    <PanelBox title={t.alarmsTitle} className="low-altitude__panel is-alarms">
      <WidgetState
        status={stays.status}
        empty={rows.length === 0}
        {...(stays.error ? { error: stays.error } : {})}
        onRetry={onRetry}
        emptyText={t.noAlarms}
      >
        <ul className="low-altitude__list" aria-label={t.alarmsLabel}>
          {rows.map((stay) => (
            <li key={stay.eventId}>
              <button
                type="button"
                className="low-altitude__item"
                aria-label={t.openFlight(deviceNameOf(names, stay.deviceId), stay.flightId)}
                onClick={() => onSelect(stay.flightId)}
              >
                <span className="low-altitude__title">
                  <Tag minimal intent={stay.exitedAt === null ? 'danger' : 'warning'}>
                    {stay.fenceName}
                  </Tag>
                  {deviceNameOf(names, stay.deviceId)} · #{stay.flightId}
                </span>
                <span className="low-altitude__meta">
                  {formatMonthDayTime(stay.enteredAt)} – {stay.exitedAt === null ? t.stillInside : formatMonthDayTime(stay.exitedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}

/** One flight: its task, times, route, result and fence stays, and its replay. */
export function FlightDetailPanel({
  flight,
  stays,
  deviceName,
  notice,
  onReplay,
  onRetry,
}: {
  flight: Loadable<Flight> | null;
  stays: readonly FenceStay[];
  deviceName: string;
  notice?: string;
  onReplay(flightId: number): void;
  onRetry(): void;
}) {
  const data = flight?.data;
  return (
    <PanelBox title={data ? t.flightTitle(deviceName, data.flightId) : t.detailTitle} className="low-altitude__panel is-detail">
      {!flight ? (
        <p className="low-altitude__empty">{notice ?? t.noDetail}</p>
      ) : (
        <WidgetState
          status={flight.status}
          empty={!data}
          {...(flight.error ? { error: flight.error } : {})}
          onRetry={onRetry}
          emptyText={t.noDetail}
        >
          {data && (
            <div className="low-altitude__detail" data-flight-id={data.flightId}>
              <dl>
                <dt>{t.task}</dt>
                <dd>{FLIGHT_TASK_LABELS[data.taskKind]}</dd>
                <dt>{t.status}</dt>
                <dd>
                  <Tag minimal intent={statusIntent(data.status)}>
                    {FLIGHT_STATUS_LABELS[data.status]}
                  </Tag>
                </dd>
                <dt>{t.startedAt}</dt>
                <dd>{data.startedAt ? formatMonthDayTime(data.startedAt) : '—'}</dd>
                <dt>{t.endedAt}</dt>
                <dd>{data.endedAt ? formatMonthDayTime(data.endedAt) : '—'}</dd>
                <dt>{t.waypoints}</dt>
                <dd>{data.route.length}</dd>
                <dt>{t.result}</dt>
                <dd>{data.result ?? t.noResult}</dd>
                <dt>{t.stays}</dt>
                <dd>
                  {stays.length === 0
                    ? t.noStays
                    : stays.map((stay) => (
                        <div key={stay.eventId}>
                          {t.stay(
                            stay.fenceName,
                            formatMonthDayTime(stay.enteredAt),
                            stay.exitedAt ? formatMonthDayTime(stay.exitedAt) : t.stillInside,
                          )}
                        </div>
                      ))}
                </dd>
              </dl>
              {data.startedAt !== null && (
                <Button icon="play" intent="primary" aria-label={t.replayFlight(data.flightId)} onClick={() => onReplay(data.flightId)}>
                  {t.replay}
                </Button>
              )}
            </div>
          )}
        </WidgetState>
      )}
    </PanelBox>
  );
}
