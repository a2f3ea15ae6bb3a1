import { useEffect, useMemo, useState } from 'react';
import { Api, useService } from '@ops/sdk';
import { routes } from '@ops/contracts';
import { cityFacilitiesStrings as t } from './cityFacilitiesStrings';
import { OCCUPANCY_BANDS, parkingEffects } from './parkingEffects';
import { flyToLot, onLotClick } from './parkingGlobeLayer';
import { ParkingPanels } from './ParkingPanels';
import { useLoadable } from '@ops/sdk';
import { useMapEffects } from '@ops/sdk';
import './CityFacilities.css';

/** How often the lots' occupancy is read again (cars come and go; no push tells of them). */
export const PARKING_REFRESH_MS = 60_000;
const LEGEND = [t.legendFree, t.legendBusy, t.legendFull];

/** 停车管理 (城市管理 and 综合执法): every lot's occupancy in panels and on the map, coloured by occupancy. */
export default function ParkingPage() {
  const api = useService(Api);
  const [lots, reload] = useLoadable(
    async () => (await api.call(routes.cases.parkingLots, {}, { loading: false, quiet: true })).data ?? [],
    'lots',
  );
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    const timer = window.setInterval(reload, PARKING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);
  useEffect(() => onLotClick(setSelected), []);
  useEffect(() => {
    const lot = lots.data?.find((candidate) => candidate.deviceId === selected);
    if (lot) void flyToLot(lot.longitude, lot.latitude);
    // Only a new selection moves the camera, not a refresh of the figures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);
  const specs = useMemo(() => parkingEffects(lots.data ?? [], selected), [lots.data, selected]);
  const drawn = useMapEffects(specs);
  return (
    <div className="city-facilities" data-map-effects={drawn.length} data-selected-lot={selected ?? ''}>
      <ParkingPanels lots={lots} onRetry={reload} onSelect={setSelected} />
      <ul className="city-facilities__legend" aria-label={t.legend}>
        {OCCUPANCY_BANDS.map((band, index) => (
          <li key={band.color}>
            <span className="city-facilities__swatch" style={{ background: band.color }} />
            {LEGEND[index]}
          </li>
        ))}
      </ul>
    </div>
  );
}
