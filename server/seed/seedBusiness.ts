import type { Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import { initialWeather } from '../weather/weatherModel';

/**
 * The demo tenants' business (server/SEED.md "Business"): the gates, parking lots and merchants each
 * tenant starts with, and the figures the business simulator (server/business/BusinessSimulator.ts)
 * produces its rows from. Names are real places of Binjiang / Qianjiang New Town and West Lake.
 */

export type MerchantCategory = '餐饮' | '茶饮' | '文创' | '特产' | '零售';

export interface BusinessProfile {
  /** The city the tenant's weather is of. */
  city: string;
  /** Gates, busiest first: each takes a share of the visitors (GATE_SHARES). */
  gates: string[];
  lots: { name: string; capacity: number }[];
  merchants: { name: string; category: MerchantCategory }[];
  /** What visitors buy tickets for: price in yuan, weight = share of orders. */
  tickets: { name: string; price: number; weight: number }[];
  /** Visitors entering through all gates in a day, on an average weekday and weekend day. */
  visitorsPerDay: { weekday: number; weekend: number };
  ticketOrdersPerDay: { weekday: number; weekend: number };
  parking: {
    /** Yuan per started hour after the free minutes, at most `dailyCap` yuan per started day. */
    feePerHour: number;
    dailyCap: number;
    freeMinutes: number;
    /** Cars arriving in a day per space, on a weekday (weekends bring 40 % more). */
    turnover: number;
  };
}

export const BUSINESS_PROFILES: Record<number, BusinessProfile> = {
  1: {
    city: '杭州市滨江区',
    gates: ['奥体中心东广场入口', '奥体中心西广场入口', '滨江公园入口', '钱江新城城市阳台入口'],
    lots: [
      { name: '奥体中心地下停车场', capacity: 420 },
      { name: '钱江新城城市阳台停车场', capacity: 240 },
      { name: '江南大道公共停车场', capacity: 150 },
      { name: '滨盛路停车场', capacity: 80 },
    ],
    merchants: [
      { name: '滨江美食广场', category: '餐饮' },
      { name: '城市阳台咖啡馆', category: '茶饮' },
      { name: '奥体中心便利店', category: '零售' },
      { name: '钱江新城文创市集', category: '文创' },
      { name: '滨盛路茶社', category: '茶饮' },
    ],
    tickets: [
      { name: '奥体中心场馆参观票', price: 30, weight: 45 },
      { name: '钱塘江夜游船票', price: 80, weight: 35 },
      { name: '城市阳台灯光秀观景位', price: 20, weight: 20 },
    ],
    visitorsPerDay: { weekday: 9000, weekend: 18000 },
    ticketOrdersPerDay: { weekday: 120, weekend: 230 },
    parking: { feePerHour: 5, dailyCap: 40, freeMinutes: 30, turnover: 1.2 },
  },
  2: {
    city: '杭州市西湖区',
    gates: ['断桥入口', '湖滨入口', '苏堤北入口', '雷峰塔入口'],
    lots: [
      { name: '湖滨停车场', capacity: 260 },
      { name: '雷峰塔停车场', capacity: 180 },
      { name: '断桥停车场', capacity: 120 },
      { name: '苏堤北停车场', capacity: 90 },
    ],
    merchants: [
      { name: '知味观（湖滨店）', category: '餐饮' },
      { name: '楼外楼', category: '餐饮' },
      { name: '西湖龙井茶庄', category: '特产' },
      { name: '断桥咖啡', category: '茶饮' },
      { name: '湖畔文创馆', category: '文创' },
      { name: '雷峰塔纪念品店', category: '文创' },
    ],
    tickets: [
      { name: '雷峰塔门票', price: 40, weight: 40 },
      { name: '三潭印月游船票', price: 55, weight: 30 },
      { name: '岳王庙门票', price: 25, weight: 20 },
      { name: '西湖夜游船票', price: 80, weight: 10 },
    ],
    visitorsPerDay: { weekday: 32000, weekend: 58000 },
    ticketOrdersPerDay: { weekday: 420, weekend: 760 },
    parking: { feePerHour: 10, dailyCap: 80, freeMinutes: 15, turnover: 1.3 },
  },
};

/** A tenant without a profile of its own (none is seeded) is simulated like the scenic area. */
export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = BUSINESS_PROFILES[2]!;

/** The weather city of a tenant without a profile. */
export const DEFAULT_WEATHER_CITY = '杭州市';

export const businessProfileOf = (tenantId: number): BusinessProfile => BUSINESS_PROFILES[tenantId] ?? DEFAULT_BUSINESS_PROFILE;

/**
 * Writes each seeded tenant's gates, parking lots and merchants when it has none yet, and a weather
 * row for every tenant without one; run on every start, so a database made before migration 008 gets
 * them too. History rows are the business simulator's (it backfills 30 days when it first runs).
 */
export async function seedBusiness(db: Db, now: number): Promise<{ tenants: number; weather: number }> {
  return lockedTransaction(db, 'seed-business', async (trx) => {
    const tenants = (await trx.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
    let seeded = 0;
    for (const tenantId of tenants) {
      const profile = BUSINESS_PROFILES[tenantId];
      if (!profile) continue;
      const existing = await trx
        .selectFrom('business_gates')
        .select('gate_id')
        .where('tenant_id', '=', tenantId)
        .limit(1)
        .executeTakeFirst();
      if (existing) continue;
      await trx
        .insertInto('business_gates')
        .values(profile.gates.map((name) => ({ gate_id: undefined, tenant_id: tenantId, name })))
        .execute();
      await trx
        .insertInto('parking_lots')
        .values(profile.lots.map((lot) => ({ lot_id: undefined, tenant_id: tenantId, name: lot.name, capacity: lot.capacity })))
        .execute();
      await trx
        .insertInto('merchants')
        .values(
          profile.merchants.map((merchant) => ({
            merchant_id: undefined,
            tenant_id: tenantId,
            name: merchant.name,
            category: merchant.category,
          })),
        )
        .execute();
      seeded++;
    }
    const withWeather = new Set((await trx.selectFrom('weather').select('tenant_id').execute()).map((row) => row.tenant_id));
    const missing = tenants.filter((tenantId) => !withWeather.has(tenantId));
    if (missing.length)
      await trx
        .insertInto('weather')
        .values(
          missing.map((tenantId) => ({
            tenant_id: tenantId,
            city: BUSINESS_PROFILES[tenantId]?.city ?? DEFAULT_WEATHER_CITY,
            ...initialWeather(now, tenantId),
            updated_at: now,
          })),
        )
        .execute();
    return { tenants: seeded, weather: missing.length };
  });
}
