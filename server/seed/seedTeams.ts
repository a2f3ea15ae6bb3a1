import type { Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';

/** The teams work orders are dispatched to (server/SEED.md "Teams"), per demo tenant; other tenants get DEFAULT_TEAMS. */
export const SEED_TEAMS: Record<number, { name: string; duty: string }[]> = {
  1: [
    { name: '消防一队', duty: '火情处置与消防设施检查' },
    { name: '巡查二组', duty: '街面巡查与市政设施巡检' },
    { name: '运维班', duty: '路灯、摄像机与物联设备维修' },
    { name: '市政抢修队', duty: '管网、道路与积水抢修' },
  ],
  2: [
    { name: '景区巡逻队', duty: '游览区巡逻与秩序维护' },
    { name: '运维班', duty: '景区设备与广播屏幕维修' },
    { name: '保洁组', duty: '环境卫生与垃圾清运' },
    { name: '应急救援队', duty: '游客救助与突发事件处置' },
  ],
};
export const DEFAULT_TEAMS = [
  { name: '运维班', duty: '设备维修' },
  { name: '巡查组', duty: '日常巡查' },
];

/** Gives every tenant without teams its seeded ones (a new database and one made before migration 011); how many tenants got them. */
export async function seedTeams(db: Db): Promise<number> {
  return lockedTransaction(db, 'seed-teams', async (trx) => {
    const tenants = (await trx.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
    const withTeams = new Set((await trx.selectFrom('teams').select('tenant_id').distinct().execute()).map((row) => row.tenant_id));
    let seeded = 0;
    for (const tenantId of tenants) {
      if (withTeams.has(tenantId)) continue;
      const teams = SEED_TEAMS[tenantId] ?? DEFAULT_TEAMS;
      await trx
        .insertInto('teams')
        .values(teams.map((team) => ({ team_id: undefined, tenant_id: tenantId, name: team.name, duty: team.duty })))
        .execute();
      seeded++;
    }
    return seeded;
  });
}
