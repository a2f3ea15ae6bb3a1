import { CASE_TEAMS, type CaseTeam } from '../../contracts/cases';
import type { Db } from '../db/Database';

/** The work-order team (`teams` row) a field team's work orders are assigned to, or undefined when the tenant has none. */
export type WorkTeamOf = (tenantId: number, team: CaseTeam) => Promise<number | undefined>;

/**
 * The work-order team bound to the A/B/C team (`field_teams.work_team_id`, set by the 班组 feature); a tenant
 * without that binding falls back to its work-order teams in id order, A the first, B the second, C the third
 * (wrapping when it has fewer) — the order the binding is seeded in.
 */
export const workTeamByOrder =
  (db: Db): WorkTeamOf =>
  async (tenantId, team) => {
    const bound = await db
      .selectFrom('field_teams')
      .select('work_team_id')
      .where('tenant_id', '=', tenantId)
      .where('team', '=', team)
      .executeTakeFirst();
    if (bound?.work_team_id != null) return Number(bound.work_team_id);
    const teams = await db.selectFrom('teams').select('team_id').where('tenant_id', '=', tenantId).orderBy('team_id').execute();
    if (!teams.length) return undefined;
    return Number(teams[CASE_TEAMS.indexOf(team) % teams.length]!.team_id);
  };
