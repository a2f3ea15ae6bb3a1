import { CASE_KINDS, CASE_TEAMS, type CaseTeam } from '../../contracts/cases';
import type { TenantPlaces } from '../analysis/sqlFigures';
import type { Db } from '../db/Database';
import type { CaseActions } from './CaseActions';
import { CASE_TEXT } from './caseText';

const MINUTE_MS = 60_000;
/** How often the simulator steps when the simulator is on. */
export const CASE_SIMULATOR_EVERY_MS = MINUTE_MS;
/** Per tenant and step: the chance a new public case comes in, and that the oldest waiting case moves on. */
const NEW_CASE_CHANCE = 0.35;
const MOVE_CHANCE = 0.5;
/** How long a case waits before the dispatcher's desk and the team get to it. */
const ASSIGN_AFTER_MS = 5 * MINUTE_MS;
const HANDLE_AFTER_MS = 15 * MINUTE_MS;

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/**
 * The public and the field teams on the server's clock (a leader job; tests call step()): new public
 * cases at a modest rate near the tenant's named places, the dispatcher assigning the oldest registered
 * case to a team (as the tenant's first operator) and the team handling the oldest assigned one.
 * Closing stays with the operator.
 */
export class CaseSimulator {
  constructor(
    private readonly db: Db,
    private readonly actions: CaseActions,
    private readonly places: TenantPlaces,
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
  ) {}

  async step(): Promise<void> {
    const tenants = await this.db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute();
    for (const { tenant_id: tenantId } of tenants) {
      const places = this.places[tenantId];
      if (!places?.length) continue;
      if (this.random() < NEW_CASE_CHANCE) {
        const kind = pick(this.random, CASE_KINDS);
        const place = pick(this.random, places);
        await this.actions.register(tenantId, null, {
          kind,
          source: 'public',
          title: pick(this.random, CASE_TEXT.titles[kind]),
          description: `市民反映${place.name}附近${pick(this.random, CASE_TEXT.titles[kind])}，请尽快处理。`,
          reporterName: pick(this.random, CASE_TEXT.reporters),
          longitude: place.longitude + (this.random() - 0.5) * 0.006,
          latitude: place.latitude + (this.random() - 0.5) * 0.006,
        });
      }
      await this.moveOldest(tenantId);
    }
  }

  private async moveOldest(tenantId: number): Promise<void> {
    const now = this.now();
    const oldest = (status: string, before: number) =>
      this.db
        .selectFrom('cases')
        .select('case_id')
        .where('tenant_id', '=', tenantId)
        .where('status', '=', status)
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(1)
        .executeTakeFirst();
    const registered = this.random() < MOVE_CHANCE ? await oldest('registered', now - ASSIGN_AFTER_MS) : undefined;
    if (registered) {
      const dispatcher = await this.db
        .selectFrom('user_tenants')
        .select('user_id')
        .where('tenant_id', '=', tenantId)
        .orderBy('user_id')
        .limit(1)
        .executeTakeFirst();
      const team: CaseTeam = pick(this.random, CASE_TEAMS);
      if (dispatcher) await this.actions.assign(tenantId, dispatcher.user_id, Number(registered.case_id), team, '');
    }
    const assigned = this.random() < MOVE_CHANCE ? await oldest('assigned', now - HANDLE_AFTER_MS) : undefined;
    if (assigned) await this.actions.handle(tenantId, null, Number(assigned.case_id), pick(this.random, CASE_TEXT.handled));
  }
}
