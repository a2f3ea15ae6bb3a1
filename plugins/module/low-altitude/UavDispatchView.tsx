import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, Notifier, useService } from '@ops/sdk';
import type { Flight, Geofence, UavLive } from '@ops/contracts';
import { draftRoute, FlightActionsPanel, GeofencePanel, PlanFlightPanel, type PlanDraft } from './DispatchPanels';
import { createLowAltitudeApi } from './lowAltitudeApi';
import { EFFECT_PREFIX, flyTo, setWaypointPicker, UAVS_EFFECT } from './lowAltitudeGlobeLayer';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import { fenceEffects, flightEffects, uavSubjects, type EffectSpec } from './uavEffects';
import { useLiveUavs } from './useLiveUavs';
import { useLoadable } from '@ops/sdk';
import { useMapEffects } from '@ops/sdk';
import { useMovingSubjects } from './useMovingSubjects';

/** A waypoint clicked on the map flies at this height (metres). */
const CLICKED_ALTITUDE = 80;
const uavLabel = (uav: UavLive) => t.uavLabel(uav.deviceName, uav.altitude);

/**
 * 无人机调度 (lowAltitude/lowUav2): plan a flight (a UAV, a task, a preset route or waypoints clicked on
 * the globe), 起飞 and 降落, and the geofences with 启用/停用 and a form for a new one; the globe shows the
 * fences as volumes, the flying UAVs and the route being planned.
 */
export function UavDispatchView() {
  const caller = useService(Api);
  const notifier = useService(Notifier);
  const api = useMemo(() => createLowAltitudeApi(caller), [caller]);
  const [params] = useSearchParams();
  const [uavs, reloadUavs] = useLoadable(() => api.uavs(), 'uavs');
  const [presets] = useLoadable(() => api.presets(), 'presets');
  const [fences, reloadFences] = useLoadable(() => api.geofences(), 'fences');
  const [actionable, reloadActionable] = useLoadable(
    () =>
      Promise.all([
        api.flights({ pageNum: 1, pageSize: 50, status: 'flying' }),
        api.flights({ pageNum: 1, pageSize: 50, status: 'planned' }),
      ]).then(([flying, planned]) => [...flying.rows, ...planned.rows]),
    'actionable',
  );
  const onFlightsChanged = useCallback(() => {
    reloadActionable();
    reloadUavs();
  }, [reloadActionable, reloadUavs]);
  const [, liveFlights] = useLiveUavs(api, onFlightsChanged);
  const names = useMemo(() => new Map((uavs.data ?? []).map((uav) => [uav.deviceId, uav.name])), [uavs.data]);

  const [draft, setDraft] = useState<PlanDraft>({ deviceId: null, taskKind: 'patrol', source: 'preset', presetId: '', waypoints: [] });
  // While waypoints are being clicked, a click on the ground adds one.
  useEffect(() => {
    if (draft.source !== 'clicked') return;
    setWaypointPicker((longitude, latitude) =>
      setDraft((current) => ({ ...current, waypoints: [...current.waypoints, [longitude, latitude, CLICKED_ALTITUDE]] })),
    );
    return () => setWaypointPicker(undefined);
  }, [draft.source]);
  const route = draftRoute(draft, presets.data ?? []);

  // ?fenceId= (a click on a fence): the camera goes to it.
  const linkedFence = Number(params.get('fenceId')) || null;
  const flown = useRef('');
  useEffect(() => {
    const fence = fences.data?.find((candidate) => candidate.fenceId === linkedFence) ?? (flown.current ? undefined : fences.data?.[0]);
    const key = fence ? `fence-${fence.fenceId}-${linkedFence}` : '';
    if (!fence || flown.current === key) return;
    flown.current = key;
    const [longitude, latitude] = fence.polygon[0]!;
    void flyTo(longitude, latitude, linkedFence ? 2_000 : 7_000);
  }, [fences.data, linkedFence]);

  const specs = useMemo((): EffectSpec[] => {
    const planned: EffectSpec[] =
      route.length >= 2
        ? [{ id: `${EFFECT_PREFIX}plan`, effect: 'lineTrail', options: { tag: 0, positions: route.flat(), color: '#4ade80', width: 8 } }]
        : [];
    return [...fenceEffects(fences.data ?? []), ...flightEffects(liveFlights), ...planned];
  }, [fences.data, liveFlights, route]);
  const drawn = useMapEffects(specs);
  useMovingSubjects(
    UAVS_EFFECT,
    useMemo(() => uavSubjects(liveFlights, null, uavLabel), [liveFlights]),
  );

  const plan = async () => {
    if (draft.deviceId === null) return notifier.show('warning', t.needUav);
    if (route.length < 2) return notifier.show('warning', t.needRoute);
    const flight = await api.plan({ deviceId: draft.deviceId, taskKind: draft.taskKind, route });
    notifier.show('success', t.planned(flight.flightId));
    setDraft({ ...draft, waypoints: [] });
    reloadActionable();
  };
  const act = async (flight: Flight, result: string) => {
    const flying = flight.status === 'flying';
    await api.act(flight.flightId, flying ? 'land' : 'start', result.trim() || undefined);
    notifier.show('success', flying ? t.landed(flight.flightId) : t.started(flight.flightId));
    onFlightsChanged();
  };
  const toggle = async (fence: Geofence) => {
    const changed = await api.actOnFence(fence.fenceId, fence.active ? 'deactivate' : 'activate');
    notifier.show('success', t.fenceChanged(changed.name, changed.active));
    reloadFences();
  };
  const create = async (fence: { name: string; polygon: Geofence['polygon']; floorM: number; ceilingM: number }) => {
    try {
      const created = await api.createFence(fence);
      notifier.show('success', t.fenceCreated(created.name));
      reloadFences();
      return true;
    } catch {
      // The server's reason was toasted by the API caller.
      return false;
    }
  };

  return (
    <div className="low-altitude is-dispatch" data-map-effects={drawn.join(' ')} data-live-uavs={liveFlights.length}>
      <div className="low-altitude__column">
        <PlanFlightPanel
          uavs={uavs}
          presets={presets.data ?? []}
          draft={draft}
          onDraft={setDraft}
          onPlan={() => plan().catch(() => undefined)}
        />
        <FlightActionsPanel
          flights={actionable}
          names={names}
          onAct={(flight, result) => act(flight, result).catch(() => undefined)}
          onRetry={reloadActionable}
        />
      </div>
      <div className="low-altitude__column">
        <GeofencePanel
          fences={fences}
          onToggle={(fence) => toggle(fence).catch(() => undefined)}
          onCreate={create}
          onRetry={reloadFences}
        />
      </div>
    </div>
  );
}
