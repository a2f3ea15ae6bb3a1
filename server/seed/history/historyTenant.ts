import type { Db } from '../../db/Database';
import { FLEET_RANDOM_SEED } from '../seedData';
import { seededRandom } from '../../simulation/seededRandom';

/** A device as the history picks it: where it is and what it is. */
export interface HistoryDevice {
  deviceId: number;
  kind: string;
  name: string;
  longitude: number;
  latitude: number;
  online: boolean;
}

/** One tenant as its history needs it: who handles (never another tenant's people, teams or devices). */
export interface HistoryTenant {
  tenantId: number;
  tenantType: string;
  /** Members whose role opens menus, operators before administrators: they handle alarms and dispatch. */
  handlers: number[];
  teams: { teamId: number; name: string }[];
  devices: HistoryDevice[];
  /** Top-level modules the tenant's roles open (an alarm type belongs to the tenant when its target page's module is one). */
  modules: Set<string>;
}

/** The domains of the history, each with a random stream of its own per tenant (same seed, same rows). */
export const HISTORY_DOMAINS = { alarms: 1, commands: 2, video: 3, business: 4, recognition: 5 } as const;

export const historyRandom = (tenantId: number, domain: keyof typeof HISTORY_DOMAINS) =>
  seededRandom(FLEET_RANDOM_SEED + 7919 * tenantId + 104_729 * HISTORY_DOMAINS[domain]);

export async function loadHistoryTenant(db: Db, tenantId: number): Promise<HistoryTenant> {
  const tenant = await db
    .selectFrom('tenants')
    .select(['tenant_id', 'tenant_type'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_tenants as ut')
    .innerJoin('roles as r', 'r.role_id', 'ut.role_id')
    .select(['ut.user_id', 'r.role_key'])
    .where('ut.tenant_id', '=', tenantId)
    .where((eb) => eb.exists(eb.selectFrom('role_menus as rm').select('rm.menu_id').whereRef('rm.role_id', '=', 'r.role_id')))
    .orderBy('ut.user_id')
    .execute();
  const operators = roles.filter((row) => row.role_key !== 'admin').map((row) => row.user_id);
  // The operators' modules; a tenant with none but its administrators', theirs.
  const modulesOf = (withAdmin: boolean) => {
    const query = db
      .selectFrom('roles as r')
      .innerJoin('role_menus as rm', 'rm.role_id', 'r.role_id')
      .innerJoin('menus as m', 'm.menu_id', 'rm.menu_id')
      .select('m.name')
      .distinct()
      .where('r.tenant_id', '=', tenantId)
      .where('m.parent_id', 'is', null);
    return (withAdmin ? query : query.where('r.role_key', '!=', 'admin')).execute();
  };
  const operatorModules = await modulesOf(false);
  const modules = operatorModules.length ? operatorModules : await modulesOf(true);
  const teams = await db.selectFrom('teams').select(['team_id', 'name']).where('tenant_id', '=', tenantId).orderBy('team_id').execute();
  const devices = await db
    .selectFrom('devices')
    .select(['device_id', 'kind', 'name', 'longitude', 'latitude', 'online'])
    .where('tenant_id', '=', tenantId)
    .orderBy('device_id')
    .execute();
  return {
    tenantId,
    tenantType: tenant.tenant_type,
    handlers: operators.length ? operators : roles.map((row) => row.user_id),
    teams: teams.map((team) => ({ teamId: Number(team.team_id), name: team.name })),
    devices: devices.map((device) => ({
      deviceId: device.device_id,
      kind: device.kind,
      name: device.name,
      longitude: device.longitude,
      latitude: device.latitude,
      online: device.online === 1,
    })),
    modules: new Set(modules.map((row) => row.name)),
  };
}

/** One of `items`, drawn from `random`. */
export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Between min and max, uniformly. */
export const between = (random: () => number, min: number, max: number) => min + (max - min) * random();
