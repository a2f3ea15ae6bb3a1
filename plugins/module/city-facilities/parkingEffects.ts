import type { ParkingLot } from '@ops/contracts';

import type { EffectSpec } from '@ops/sdk';
export type { EffectSpec };

export const LOT_EFFECT_PREFIX = 'city-facilities:lot-';
const LOT_EFFECT = /^city-facilities:lot-(\d+)$/;
export const lotOfEffect = (effectId: string): number | undefined => {
  const id = LOT_EFFECT.exec(effectId)?.[1];
  return id === undefined ? undefined : Number(id);
};

/** Occupancy bands and their colours (map and legend). */
export const OCCUPANCY_BANDS = [
  { below: 0.6, color: '#52c41a' },
  { below: 0.85, color: '#ffa940' },
  { below: Infinity, color: '#ff4d4f' },
] as const;
export const occupancyColor = (occupancy: number) => OCCUPANCY_BANDS.find((band) => occupancy < band.below)!.color;

/** Each lot as a circle coloured by its occupancy, sized by its capacity; the selected one larger. */
export function parkingEffects(lots: readonly ParkingLot[], selected: number | null): EffectSpec[] {
  return lots.map((lot) => ({
    id: `${LOT_EFFECT_PREFIX}${lot.deviceId}`,
    effect: 'pulsingCircle',
    options: {
      position: { longitude: lot.longitude, latitude: lot.latitude, height: 2 },
      color: occupancyColor(lot.occupancy),
      maxRadius: Math.min(200, Math.max(40, lot.capacity / 2)) * (lot.deviceId === selected ? 1.6 : 1),
      step: 2,
    },
  }));
}
