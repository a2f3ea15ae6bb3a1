import { CASE_KINDS, CASE_TEAMS, type CaseTeam, type RegisterCaseBody } from '../../../contracts/cases';
import { WORK_ORDER_SLA_HOURS } from '../../../contracts/workOrders';
import type { TenantPlaces } from '../../analysis/sqlFigures';
import { CASE_TEXT } from '../../cases/caseText';
import type { Db } from '../../db/Database';
import { seededRandom } from '../../simulation/seededRandom';
import { DAY_MS, HOUR_MS } from '../../stats/periods';
import { FLEET_RANDOM_SEED } from '../seedData';
import { CaseHistoryModel } from './CaseHistoryModel';
import { caseTenantTeams, counterBases, reserveNumbers, storedOpenOrders, writeCaseRows } from './caseHistoryRows';
import { HistoryTimeline } from './HistoryTimeline';
import { between, loadHistoryTenant, pick } from './historyTenant';

const MINUTE_MS = 60_000;
/** Cases a tenant gets per day of history, on average. */
const CASES_PER_DAY = 4;

/** What the history's cases are written through: CaseActions' moves (or the model of them, CaseHistoryModel). */
export interface CaseHistoryActions {
  register(tenantId: number, userId: number, body: RegisterCaseBody): Promise<{ caseId: number }>;
  assign(tenantId: number, userId: number, caseId: number, team: CaseTeam, note: string): Promise<unknown>;
  handle(tenantId: number, userId: null, caseId: number, note: string): Promise<unknown>;
  close(tenantId: number, userId: number, caseId: number, note: string): Promise<unknown>;
  reject(tenantId: number, userId: number, caseId: number, reason: string): Promise<unknown>;
}

/** The escalation job's round (WorkOrderEscalation, or the model's). */
export interface CaseHistoryEscalation {
  escalateOverdue(): Promise<number>;
}

/** A tenant due a history of cases: one with named places, handlers and no case yet. */
export interface CaseHistoryTenant {
  tenantId: number;
  handlers: number[];
}

/** The tenants without cases that can have them (named places, people to handle them), in id order. */
export async function caseHistoryTenants(db: Db, places: TenantPlaces): Promise<CaseHistoryTenant[]> {
  const tenants = (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
  const due: CaseHistoryTenant[] = [];
  for (const tenantId of tenants) {
    if (!places[tenantId]?.length) continue;
    if (await db.selectFrom('cases').select('case_id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst()) continue;
    const { handlers } = await loadHistoryTenant(db, tenantId);
    if (handlers.length) due.push({ tenantId, handlers });
  }
  return due;
}

/**
 * The past `days` of cases for every tenant with named places and no cases yet: the public registering
 * them through the day, the dispatcher assigning most within the hour, the team handling them within
 * hours and the operator closing most by the next day (a few refused, the latest still open), as
 * CaseActions (and the work orders as WorkOrderActions) write them on a timeline's clock, told to nobody
 * and raising no alarms (a month of open alarms would be news). Worked out in memory by CaseHistoryModel
 * and written in a few multi-row statements (caseHistoryRows.ts): the same rows as the services' replay
 * (caseHistory.test.ts), at a few statements instead of ~37 a case. Cases are marked origin 'seed' (the
 * work orders by seedHistory with the others). Returns how many cases were written.
 */
export async function seedCaseHistory(db: Db, places: TenantPlaces, now: number, days: number): Promise<number> {
  const tenants = await caseHistoryTenants(db, places);
  if (!tenants.length) return 0;
  const [teams, bases, openOrders] = await Promise.all([
    caseTenantTeams(
      db,
      tenants.map((tenant) => tenant.tenantId),
    ),
    counterBases(
      db,
      tenants.map((tenant) => tenant.tenantId),
    ),
    storedOpenOrders(db),
  ]);
  const play = async (from: ReadonlyMap<string, number>) => {
    let clock = () => now;
    const model = new CaseHistoryModel(() => clock(), places, teams, from, openOrders());
    for (const tenant of tenants) {
      const timeline = new HistoryTimeline(now - days * DAY_MS, now);
      clock = timeline.now;
      scheduleCaseHistory(timeline, model, model, tenant, places, now, days);
      await timeline.play();
    }
    return model;
  };
  let model = await play(bases);
  // The numbers taken, reserved in one statement; another writer's numbers since (none at a fresh start) move them on.
  const reserved = await reserveNumbers(db, model.taken);
  if ([...reserved].some(([key, base]) => base !== (bases.get(key) ?? 0))) model = await play(reserved);
  await writeCaseRows(db, model);
  return model.cases.length;
}

/**
 * Schedules one tenant's month of cases on `timeline` through `actions` (the escalation job's rounds
 * through `escalation`); returns how many cases it registers.
 */
export function scheduleCaseHistory(
  timeline: HistoryTimeline,
  actions: CaseHistoryActions,
  escalation: CaseHistoryEscalation,
  { tenantId, handlers }: CaseHistoryTenant,
  places: TenantPlaces,
  now: number,
  days: number,
): number {
  const random = seededRandom(FLEET_RANDOM_SEED + 7919 * tenantId + 104_729 * 11);
  const count = Math.round(days * CASES_PER_DAY);
  for (let index = 0; index < count; index++) {
    // Daytime mostly: 07:00–22:00 Beijing time of a random day.
    const day = Math.floor(random() * days);
    const at = timeline.start + day * DAY_MS + (between(random, 7, 22) - 8) * HOUR_MS + 8 * HOUR_MS;
    const kind = pick(random, CASE_KINDS);
    const place = pick(random, places[tenantId]!);
    const operator = pick(random, handlers);
    const roll = random();
    const assignAt = at + between(random, 5, 60) * MINUTE_MS;
    const handleAt = assignAt + between(random, 0.5, 6) * HOUR_MS;
    const closeAt = handleAt + between(random, 1, 20) * HOUR_MS;
    const team = pick(random, CASE_TEAMS);
    const texts = {
      title: pick(random, CASE_TEXT.titles[kind]),
      reporter: pick(random, CASE_TEXT.reporters),
      handled: pick(random, CASE_TEXT.handled),
    };
    const closed = pick(random, CASE_TEXT.closed);
    const rejected = pick(random, CASE_TEXT.rejected);
    const offset = { longitude: (random() - 0.5) * 0.006, latitude: (random() - 0.5) * 0.006 };
    timeline.at(at, async () => {
      const created = await actions.register(tenantId, operator, {
        kind,
        source: roll < 0.7 ? 'public' : roll < 0.9 ? 'patrol' : 'video',
        title: texts.title,
        description: `${place.name}附近${texts.title}，请尽快处理。`,
        reporterName: roll < 0.7 ? texts.reporter : '',
        longitude: place.longitude + offset.longitude,
        latitude: place.latitude + offset.latitude,
      });
      // One in twelve is refused.
      if (index % 12 === 5) {
        timeline.at(assignAt, () => actions.reject(tenantId, operator, created.caseId, rejected).then(() => undefined));
        return;
      }
      timeline.at(assignAt, async () => {
        await actions.assign(tenantId, operator, created.caseId, team, '');
        // The escalation job's round just after the order's time limit, as the leader runs it every minute live.
        timeline.at(timeline.now() + WORK_ORDER_SLA_HOURS.NORMAL * HOUR_MS + MINUTE_MS, () =>
          escalation.escalateOverdue().then(() => undefined),
        );
        timeline.at(handleAt, async () => {
          await actions.handle(tenantId, null, created.caseId, texts.handled);
          // Most are closed; a few wait for the operator.
          if (roll < 0.9) timeline.at(closeAt, () => actions.close(tenantId, operator, created.caseId, closed).then(() => undefined));
        });
      });
    });
  }
  // The latest few are still waiting: for the dispatcher, and (the oldest) for its team.
  const latest = [25, 70, 110].map((minutes, index) => ({
    at: now - minutes * MINUTE_MS,
    kind: CASE_KINDS[(tenantId + index) % CASE_KINDS.length]!,
    place: pick(random, places[tenantId]!),
    reporterName: pick(random, CASE_TEXT.reporters),
    operator: pick(random, handlers),
    team: pick(random, CASE_TEAMS),
    assigned: minutes > 100,
  }));
  for (const item of latest) {
    const title = pick(random, CASE_TEXT.titles[item.kind]);
    timeline.at(item.at, async () => {
      const created = await actions.register(tenantId, item.operator, {
        kind: item.kind,
        source: 'public',
        title,
        description: `${item.place.name}附近${title}，请尽快处理。`,
        reporterName: item.reporterName,
        longitude: item.place.longitude,
        latitude: item.place.latitude,
      });
      if (item.assigned)
        timeline.at(item.at + 20 * MINUTE_MS, () =>
          actions.assign(tenantId, item.operator, created.caseId, item.team, '').then(() => undefined),
        );
    });
  }
  return count + latest.length;
}
