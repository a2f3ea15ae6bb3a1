import { PanelBox, Ranking, StatGroup, Table } from '@ops/sdk';
import type { ParkingLot } from '@ops/contracts';
import { cityFacilitiesStrings as t } from './cityFacilitiesStrings';
import type { Loadable } from '@ops/sdk';

export interface ParkingPanelsProps {
  lots: Loadable<ParkingLot[]>;
  onRetry(): void;
  onSelect(deviceId: number): void;
}

const percent = (value: number) => Math.round(value * 1000) / 10;

/** The totals of the server's lot rows: what the 停车概况 shows. */
export function parkingTotals(lots: readonly ParkingLot[]) {
  const spaces = lots.reduce((sum, lot) => sum + lot.capacity, 0);
  const parked = lots.reduce((sum, lot) => sum + lot.occupied, 0);
  return { lots: lots.length, spaces, parked, occupancy: spaces ? percent(parked / spaces) : 0 };
}

/** 停车管理's panels: the totals, every lot's occupancy as a table and as a ranking; a click selects the lot on the map. */
export function ParkingPanels({ lots, onRetry, onSelect }: ParkingPanelsProps) {
  const rows = lots.data;
  const state = { status: lots.status, ...(lots.error ? { error: lots.error } : {}), onRetry };
  const totals = rows && parkingTotals(rows);
  const select = (key: string) => onSelect(Number(key));
  return (
    <>
      <div className="city-facilities__column is-left">
        <PanelBox title={t.parkingFigures} className="city-facilities__panel is-stats">
          <StatGroup
            {...state}
            data={
              totals && {
                items: [
                  { name: t.lots, value: totals.lots, unit: t.unitLots },
                  { name: t.spaces, value: totals.spaces, unit: t.unitSpaces },
                  { name: t.parked, value: totals.parked, unit: t.unitCars },
                  { name: t.occupancy, value: totals.occupancy, unit: '%' },
                ],
              }
            }
            options={{ columns: 2 }}
          />
        </PanelBox>
        <PanelBox title={t.lotRanking} className="city-facilities__panel is-ranking">
          <Ranking
            {...state}
            data={
              rows && {
                items: [...rows]
                  .sort((a, b) => b.occupancy - a.occupancy)
                  .map((lot) => ({ key: String(lot.deviceId), name: lot.name, value: percent(lot.occupancy) })),
                unit: '%',
              }
            }
            options={{ limit: 10 }}
            onOpen={select}
          />
        </PanelBox>
      </div>
      <div className="city-facilities__column is-right">
        <PanelBox title={t.lotList} className="city-facilities__panel is-table">
          <Table
            {...state}
            data={
              rows && {
                columns: [
                  { key: 'name', title: t.lotName },
                  { key: 'parked', title: t.lotParked },
                  { key: 'occupancy', title: t.lotOccupancy },
                  { key: 'status', title: t.lotStatus },
                ],
                rows: rows.map((lot) => ({
                  id: String(lot.deviceId),
                  name: lot.name,
                  parked: `${lot.occupied}/${lot.capacity}`,
                  occupancy: `${percent(lot.occupancy)}%`,
                  status: lot.online ? t.online : t.offline,
                })),
                total: rows.length,
              }
            }
            options={{ label: t.lotList, rowKey: 'id' }}
            onOpen={select}
          />
        </PanelBox>
      </div>
    </>
  );
}
