import type { BusinessProfile, MerchantCategory } from '../seed/seedBusiness';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';

/**
 * The scenic areas' day, as numbers: when visitors arrive and leave, how cars park, what merchants sell,
 * ticket channels and counts, plates; the simulator draws from these with a seeded random source.
 */

/** Share of a day's arrivals in each Shanghai hour (0–23): quiet at night, busy 9–17h. */
export const ARRIVALS = normalise([
  0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1.2, 2.5, 5, 8.5, 10, 10, 8.5, 8.5, 9.5, 9, 7.5, 5.5, 4, 3.5, 2.5, 1.5, 0.8, 0.4,
]);
/** Share of a day's departures per hour: the arrivals' curve some three hours later. */
export const DEPARTURES = normalise([
  0.8, 0.3, 0.1, 0.1, 0.1, 0.2, 0.4, 0.8, 1.5, 3, 5, 7, 8, 8.5, 9, 9.5, 10, 10, 8.5, 6, 4.5, 3.5, 2.5, 1.5,
]);
/** Chance per hour that a parked car leaves in that hour: few leave at night, most in the evening. */
export const PARKING_LEAVE = [
  0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.08, 0.1, 0.12, 0.18, 0.22, 0.25, 0.25, 0.25, 0.25, 0.28, 0.32, 0.4, 0.42, 0.42, 0.4, 0.35, 0.3, 0.2,
];
/** How the gates share the visitors, busiest first (a fifth gate and more take 0.1 each, then all are scaled to 1). */
export const GATE_SHARES = [0.34, 0.28, 0.22, 0.16];
/** How much busier a weekend day is for the car parks than a weekday. */
export const PARKING_WEEKEND = 1.4;

/** Opening hours, sales per 1000 visitors entering in an hour, and the average sale (yuan) of each kind of merchant. */
export const MERCHANT_TRAITS: Record<MerchantCategory, { open: [number, number]; perThousandVisitors: number; averageSale: number }> = {
  餐饮: { open: [10, 21], perThousandVisitors: 16, averageSale: 135 },
  茶饮: { open: [8, 21], perThousandVisitors: 28, averageSale: 32 },
  文创: { open: [9, 20], perThousandVisitors: 12, averageSale: 68 },
  特产: { open: [9, 20], perThousandVisitors: 7, averageSale: 210 },
  零售: { open: [7, 22], perThousandVisitors: 30, averageSale: 24 },
};

/** Ticket sales channels (codes stored in ticket_orders.channel) and their share of orders. */
export const TICKET_CHANNELS = { miniProgram: '小程序', ota: 'OTA 平台', window: '售票窗口', kiosk: '自助售票机' } as const;
export const CHANNEL_WEIGHTS: [keyof typeof TICKET_CHANNELS, number][] = [
  ['miniProgram', 45],
  ['ota', 25],
  ['window', 20],
  ['kiosk', 10],
];
/** Tickets per order: mostly one to three, now and then a tour group (10 % off). */
export const TICKET_COUNTS: [number, number][] = [
  [1, 40],
  [2, 30],
  [3, 12],
  [4, 10],
  [5, 4],
  [6, 2],
  [0, 2],
];
export const PROVINCES: [string, number][] = [
  ['浙', 72],
  ['沪', 8],
  ['苏', 7],
  ['皖', 5],
  ['赣', 2],
  ['闽', 2],
  ['京', 2],
  ['粤', 2],
];
export const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export function normalise(weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

export function pick<T>(options: readonly (readonly [T, number])[], random: () => number): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [value, weight] of options) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** A Poisson count with mean `mean` (normal approximation for large means). */
export function poisson(mean: number, random: () => number): number {
  if (!(mean > 0)) return 0;
  if (mean < 30) {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let product = random(); product > limit; product *= random()) k++;
    return k;
  }
  const z = Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
}

/** The parking fee in fen of a stay: free for the first minutes, then per started hour, at most the daily cap per started day. */
export function parkingFee(inAt: number, outAt: number, parking: BusinessProfile['parking']): number {
  const minutes = Math.ceil((outAt - inAt) / 60_000);
  if (minutes <= parking.freeMinutes) return 0;
  const days = Math.ceil(minutes / 1440);
  return Math.min(Math.ceil(minutes / 60) * parking.feePerHour, days * parking.dailyCap) * 100;
}

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** MP + the Shanghai time to the millisecond: unique per tenant, as its orders are paid at distinct instants. */
export function ticketOrderNo(paidAt: number): string {
  const local = new Date(paidAt + SHANGHAI_OFFSET_MS);
  return `MP${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}${pad(local.getUTCMilliseconds(), 3)}`;
}

export function plate(random: () => number): string {
  const province = pick(PROVINCES, random);
  const letter =
    province === '浙' ? (random() < 0.65 ? 'A' : 'ABCDEFGHJKL'[Math.floor(random() * 11)]!) : 'ABCDEFG'[Math.floor(random() * 7)]!;
  // One in seven is a new-energy car: D or F and five digits.
  if (random() < 1 / 7) return `${province}${letter}${random() < 0.8 ? 'D' : 'F'}${pad(Math.floor(random() * 100_000), 5)}`;
  let tail = '';
  for (let index = 0; index < 5; index++)
    tail += index < 2 || random() < 0.3 ? PLATE_CHARS[Math.floor(random() * PLATE_CHARS.length)]! : String(Math.floor(random() * 10));
  return `${province}${letter}${tail}`;
}

/** Shanghai hour (0–23) of an instant. */
export const localHour = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24;
export const isWeekend = (at: number) => [0, 6].includes(new Date(at + SHANGHAI_OFFSET_MS).getUTCDay());

/** How busy a tenant's day is against its average (0.85–1.15), the same for every run that simulates that day. */
export function dayFactor(tenantId: number, at: number): number {
  return 0.85 + 0.3 * seededRandom(Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * 7919 + tenantId)();
}
