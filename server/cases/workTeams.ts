import { CASE_TEAMS, type CaseTeam } from '../../contracts/cases';
import type { Db } from '../db/Database';

/** The work-order team (`teams` row) a field team's work orders are assigned to, or undefined when the tenant has none. */
export type WorkTeamOf = (tenantId: number, team: CaseTeam) => Promise<number | undefined>;

/**
 * The tenant's work-order teams in id order, A the first, B the second, C the third (wrapping when it
 * has fewer). The A/B/C teams' own binding (field_teams.work_team_id, the 班组 feature) replaces this
 * rule once it is on main.
 */
export const workTeamByOrder =
  (db: Db): WorkTeamOf =>
  async (tenantId, team) => {
    const teams = await db.selectFrom('teams').select('team_id').where('tenant_id', '=', tenantId).orderBy('team_id').execute();
    if (!teams.length) return undefined;
    return Number(teams[CASE_TEAMS.indexOf(team) % teams.length]!.team_id);
  };
