import { useEffect, useRef, useState } from 'react';
import { EventBus, subscribePush, useService } from '@ops/sdk';
import { uavPositionPushTopic, type UavLiveFlight } from '@ops/contracts';
import type { LowAltitudeApi } from './lowAltitudeApi';
import { movedFlight } from './uavEffects';
import { useLoadable, type Loadable } from '@ops/sdk';

/**
 * The flying UAVs: read once (with their routes and trails), then moved by UAV_GIS_EVENT (all of the
 * tenant's in one message a second). A UAV the message does not name has landed; one it names that the
 * page does not know took off: the list is read again for its route. `onFlightsChanged` is told then.
 */
export function useLiveUavs(api: LowAltitudeApi, onFlightsChanged?: () => void): [Loadable<UavLiveFlight[]>, UavLiveFlight[]] {
  const bus = useService(EventBus);
  const [loaded, reload] = useLoadable(() => api.live(), 'live');
  const [flights, setFlights] = useState<UavLiveFlight[]>([]);
  const current = useRef<UavLiveFlight[]>([]);
  useEffect(() => {
    current.current = loaded.data ?? [];
    setFlights(current.current);
  }, [loaded.data]);
  const changed = useRef(onFlightsChanged);
  changed.current = onFlightsChanged;
  useEffect(
    () =>
      subscribePush(bus, uavPositionPushTopic, (data) => {
        const known = new Map(current.current.map((flight) => [flight.flightId, flight]));
        const unknown = data.uavs.some((uav) => !known.has(uav.flightId));
        const landed = current.current.some((flight) => !data.uavs.some((uav) => uav.flightId === flight.flightId));
        current.current = data.uavs.flatMap((uav) => {
          const flight = known.get(uav.flightId);
          return flight ? [movedFlight(flight, uav)] : [];
        });
        setFlights(current.current);
        if (unknown || landed) {
          reload();
          changed.current?.();
        }
      }),
    [bus, reload],
  );
  return [loaded, flights];
}
