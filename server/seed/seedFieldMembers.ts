import { FIELD_TEAMS, type FieldShift, type FieldTeam } from '../../contracts/field';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { Db } from '../db/Database';
import { fieldKinds } from '../field/fieldKinds';
import { FieldMembers, type NewMember } from '../field/FieldMembers';
import { onShiftAt } from '../field/fieldWalk';
import { TrackService } from '../field/TrackService';
import { inOneTransaction } from './history/oneTransaction';
import { seededRandom } from '../simulation/seededRandom';

/** Each team's roles in order (its first member leads it): 一队 law enforcement, 二队 sanitation and greening, 三队 patrol. */
const TEAM_ROLES: Record<FieldTeam, string[]> = {
  A: ['队长', '执法员', '执法员', '执法员', '执法员', '执法员', '巡查员', '巡查员', '巡查员', '巡查员'],
  B: ['队长', '环卫员', '环卫员', '环卫员', '环卫员', '环卫员', '绿化员', '绿化员', '绿化员', '绿化员'],
  C: ['队长', '巡查员', '巡查员', '巡查员', '巡查员', '队员', '队员', '队员', '队员', '队员'],
};
const SHIFT_CYCLE: FieldShift[] = ['早班', '中班', '晚班'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '军',
  '洋',
  '勇',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '志强',
  '海燕',
  '晓东',
  '国庆',
  '丽华',
  '文博',
  '子涵',
  '俊杰',
];

/** The demo members of one tenant: ten per team, named, with role, shift, on duty by the clock, and bound devices. */
export function demoMembers(tenantId: number, walkies: readonly number[], recorders: readonly number[], now: number): NewMember[] {
  const random = seededRandom(tenantId * 104_729 + 23);
  const names = new Set<string>();
  const members: NewMember[] = [];
  let walkie = 0;
  let recorder = 0;
  for (const team of FIELD_TEAMS) {
    TEAM_ROLES[team].forEach((role, index) => {
      let name = '';
      while (!name || names.has(name))
        name = SURNAMES[Math.floor(random() * SURNAMES.length)]! + GIVEN[Math.floor(random() * GIVEN.length)]!;
      names.add(name);
      const shift: FieldShift = role === '队长' ? '全天' : SHIFT_CYCLE[index % SHIFT_CYCLE.length]!;
      const wantsRecorder = role === '队长' || role === '执法员';
      members.push({
        team,
        name,
        role,
        shift,
        onDuty: onShiftAt(shift, now),
        walkieDeviceId: walkies[walkie++] ?? null,
        recorderDeviceId: wantsRecorder ? (recorders[recorder++] ?? null) : null,
      });
    });
  }
  return members;
}

/**
 * Gives every tenant without field members its A, B and C teams (through FieldMembers.add, as an import
 * would) and binds each team to a work-order team of the tenant, in order (一队 the first, …). Returns
 * the tenants seeded.
 */
export async function seedFieldMembers(db: Db, catalog: Pick<DeviceCatalog, 'kinds'>, now: number): Promise<number> {
  return inOneTransaction(db, 'seed-field-members', async (trx) => {
    const tenants = (await trx.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
    const seeded = new Set((await trx.selectFrom('field_members').select('tenant_id').distinct().execute()).map((row) => row.tenant_id));
    const members = new FieldMembers(trx, new TrackService(trx, () => now), () => now);
    let count = 0;
    for (const tenantId of tenants) {
      if (seeded.has(tenantId)) continue;
      // The kinds bound to members (manifest `fieldWork`): a walkie-talkie each, leaders and law enforcers a recorder.
      const devicesOf = async (role: 'walkie' | 'recorder') => {
        const kinds = fieldKinds(catalog, role);
        if (!kinds.length) return [];
        const rows = await trx
          .selectFrom('devices')
          .select('device_id')
          .where('tenant_id', '=', tenantId)
          .where('kind', 'in', kinds)
          .orderBy('device_id')
          .execute();
        return rows.map((row) => Number(row.device_id));
      };
      await members.add(tenantId, demoMembers(tenantId, await devicesOf('walkie'), await devicesOf('recorder'), now));
      const workTeams = await trx.selectFrom('teams').select('team_id').where('tenant_id', '=', tenantId).orderBy('team_id').execute();
      await trx
        .insertInto('field_teams')
        .values(FIELD_TEAMS.map((team, index) => ({ tenant_id: tenantId, team, work_team_id: workTeams[index]?.team_id ?? null })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      count++;
    }
    return count;
  });
}
