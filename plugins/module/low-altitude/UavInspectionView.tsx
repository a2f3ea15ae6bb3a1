import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, useService } from '@ops/sdk';
import type { FlightStatus, UavLive } from '@ops/contracts';
import { FenceStayPanel, FlightDetailPanel, FlightListPanel, LiveUavPanel } from './InspectionPanels';
import { createLowAltitudeApi } from './lowAltitudeApi';
import { flyTo, UAVS_EFFECT } from './lowAltitudeGlobeLayer';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import { ReplayBar, useReplayClock } from './ReplayBar';
import { pointAt } from './replayTimeline';
import { fenceEffects, flightEffects, replayEffects, uavSubjects } from './uavEffects';
import { useLiveUavs } from './useLiveUavs';
import { useLoadable } from '@ops/sdk';
import { useMapEffects } from '@ops/sdk';
import { useMovingSubjects } from './useMovingSubjects';

const PAGE_SIZE = 10;
const positiveInteger = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);
const uavLabel = (uav: UavLive) => t.uavLabel(uav.deviceName, uav.altitude);

/**
 * 无人机巡检 (lowAltitude/lowUav): the live UAVs on the globe with their routes and trails, the flight
 * list, the UAV alarms (fence stays), a flight's detail and the replay of a past flight. Opened with
 * ?flightId=, ?deviceId= (a click on a UAV) or ?alarmId= (a UAV alarm's toast) it focuses that flight.
 */
export function UavInspectionView() {
  const caller = useService(Api);
  const api = useMemo(() => createLowAltitudeApi(caller), [caller]);
  const [params, setParams] = useSearchParams();
  const linkedFlight = positiveInteger(params.get('flightId'));
  const linkedDevice = positiveInteger(params.get('deviceId'));
  const linkedAlarm = positiveInteger(params.get('alarmId'));

  const [status, setStatus] = useState<FlightStatus | ''>('');
  const [pageNum, setPageNum] = useState(1);
  const [flights, reloadFlights] = useLoadable(
    () => api.flights({ pageNum, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }),
    `${status}|${pageNum}`,
  );
  const [stays, reloadStays] = useLoadable(() => api.stays({ pageNum: 1, pageSize: 20 }), 'stays');
  const [uavs] = useLoadable(() => api.uavs(), 'uavs');
  const [fences] = useLoadable(() => api.geofences(), 'fences');
  const names = useMemo(() => new Map((uavs.data ?? []).map((uav) => [uav.deviceId, uav.name])), [uavs.data]);
  const onFlightsChanged = useCallback(() => {
    reloadFlights();
    reloadStays();
  }, [reloadFlights, reloadStays]);
  const [live, liveFlights] = useLiveUavs(api, onFlightsChanged);

  // ?alarmId=: the flight whose fence stay raised the alarm.
  const [alarmFlight, setAlarmFlight] = useState<{ alarmId: number; flightId: number | null; looking: boolean } | null>(null);
  useEffect(() => {
    if (!linkedAlarm) return setAlarmFlight(null);
    let current = true;
    setAlarmFlight({ alarmId: linkedAlarm, flightId: null, looking: true });
    api.stays({ pageNum: 1, pageSize: 1, alarmId: linkedAlarm }).then(
      (page) => current && setAlarmFlight({ alarmId: linkedAlarm, flightId: page.rows[0]?.flightId ?? null, looking: false }),
      () => current && setAlarmFlight({ alarmId: linkedAlarm, flightId: null, looking: false }),
    );
    return () => {
      current = false;
    };
  }, [api, linkedAlarm]);
  const deviceFlight = linkedDevice ? (liveFlights.find((flight) => flight.deviceId === linkedDevice)?.flightId ?? null) : null;
  const selectedId = linkedFlight ?? (linkedAlarm ? (alarmFlight?.flightId ?? null) : deviceFlight);
  const [detail, reloadDetail] = useLoadable(selectedId ? () => api.flight(selectedId) : null, `flight-${selectedId}`);
  const [detailStays] = useLoadable(
    selectedId ? () => api.stays({ pageNum: 1, pageSize: 50, flightId: selectedId }) : null,
    `stays-${selectedId}-${stays.data?.total}`,
  );
  const select = useCallback((flightId: number) => setParams({ flightId: String(flightId) }), [setParams]);

  const [replayId, setReplayId] = useState<number | null>(null);
  const [replay] = useLoadable(replayId ? () => api.replay(replayId) : null, `replay-${replayId}`);
  const track = useMemo(() => (replayId && replay.data?.flight.flightId === replayId ? replay.data.track : []), [replay.data, replayId]);
  const clock = useReplayClock(track[0]?.at ?? 0, track.at(-1)?.at ?? 0);
  const replayPoint = pointAt(track, clock.at);

  // The camera: to the focused flight once, to a replay's start once, else once over the tenant's UAVs or fences.
  const flown = useRef<string>('');
  useEffect(() => {
    const focusedLive = liveFlights.find((flight) => flight.flightId === selectedId);
    const first = track[0];
    const fence = fences.data?.[0]?.polygon[0];
    const target = first
      ? { key: `replay-${replayId}`, longitude: first.longitude, latitude: first.latitude }
      : focusedLive
        ? { key: `flight-${selectedId}`, longitude: focusedLive.longitude, latitude: focusedLive.latitude }
        : !flown.current && (liveFlights[0] ?? (fence && { longitude: fence[0], latitude: fence[1] }))
          ? { key: 'overview', longitude: liveFlights[0]?.longitude ?? fence![0], latitude: liveFlights[0]?.latitude ?? fence![1] }
          : null;
    if (!target || flown.current === target.key) return;
    flown.current = target.key;
    void flyTo(target.longitude, target.latitude, target.key === 'overview' ? 6_000 : 3_000);
  }, [fences.data, liveFlights, replayId, selectedId, track]);

  const specs = useMemo(
    () => [
      ...fenceEffects(fences.data ?? []),
      ...flightEffects(liveFlights),
      ...(replay.data && replayId === replay.data.flight.flightId
        ? replayEffects(replayId, replay.data.flight.route, replay.data.track)
        : []),
    ],
    [fences.data, liveFlights, replay.data, replayId],
  );
  const drawn = useMapEffects(specs);
  const selectedDevice = detail.data?.deviceId ?? null;
  const subjects = useMemo(() => {
    const flying = uavSubjects(liveFlights, selectedDevice, uavLabel);
    if (!replayPoint || !replay.data) return flying;
    const ghost = {
      ...replayPoint,
      id: `replay-${replay.data.flight.flightId}`,
      kind: 'uav' as const,
      label: t.uavLabel(replay.data.deviceName, replayPoint.altitude),
      color: '#38bdf8',
    };
    return [...flying, ghost];
  }, [liveFlights, replay.data, replayPoint, selectedDevice]);
  useMovingSubjects(UAVS_EFFECT, subjects);

  const notice = linkedAlarm && alarmFlight?.flightId === null ? (alarmFlight.looking ? t.alarmLooking : t.alarmNotFound) : undefined;
  return (
    <div
      className="low-altitude"
      data-map-effects={drawn.join(' ')}
      data-selected-flight={selectedId ?? ''}
      data-live-uavs={liveFlights.length}
    >
      <div className="low-altitude__column">
        <LiveUavPanel
          live={live}
          flights={liveFlights}
          selectedFlightId={selectedId}
          onSelect={(flight) => select(flight.flightId)}
          onRetry={onFlightsChanged}
        />
        <FenceStayPanel stays={stays} names={names} onSelect={select} onRetry={reloadStays} />
      </div>
      <div className="low-altitude__column">
        <FlightListPanel
          flights={flights}
          names={names}
          status={status}
          pageNum={pageNum}
          pageSize={PAGE_SIZE}
          selectedFlightId={selectedId}
          onStatus={(next) => {
            setStatus(next);
            setPageNum(1);
          }}
          onPage={setPageNum}
          onSelect={select}
          onRetry={reloadFlights}
        />
        <FlightDetailPanel
          flight={selectedId ? detail : null}
          stays={detailStays.data?.rows ?? []}
          deviceName={names.get(detail.data?.deviceId ?? 0) ?? ''}
          {...(notice ? { notice } : {})}
          onReplay={setReplayId}
          onRetry={reloadDetail}
        />
      </div>
      {replayId && <ReplayBar replay={replay} clock={clock} onClose={() => setReplayId(null)} />}
    </div>
  );
}
