import { CASE_KINDS, CASE_TEAMS } from '../../../contracts/cases';
import { WORK_ORDER_SLA_HOURS } from '../../../contracts/workOrders';
import { AlarmService } from '../../alarms/AlarmService';
import { loadAlarmTypes } from '../../alarms/alarmTypes';
import type { TenantPlaces } from '../../analysis/sqlFigures';
import { createCases } from '../../cases/Cases';
import { CASE_TEXT } from '../../cases/caseText';
import { DAY_MS, HOUR_MS } from '../../stats/periods';
import { OrderCounters } from '../../workOrders/OrderCounters';
import { WorkOrderActions } from '../../workOrders/WorkOrderActions';
import { WorkOrderAnnouncer } from '../../workOrders/WorkOrderAnnouncer';
import { WorkOrderEscalation } from '../../workOrders/WorkOrderEscalation';
import { WorkOrderQueries } from '../../workOrders/WorkOrderQueries';
import { WorkOrderStatistics } from '../../workOrders/WorkOrderStatistics';
import { HistoryTimeline } from './HistoryTimeline';
import { silentPublisher, type HistorySources } from './historyServices';
import { between, loadHistoryTenant, pick } from './historyTenant';
import { seededRandom } from '../../simulation/seededRandom';
import { FLEET_RANDOM_SEED } from '../seedData';

const MINUTE_MS = 60_000;
/** Cases a tenant gets per day of history, on average. */
const CASES_PER_DAY = 4;

/**
 * The past `days` of cases for every tenant with named places and no cases yet: the public registering
 * them through the day, the dispatcher assigning most within the hour, the team handling them within
 * hours and the operator closing most by the next day (a few refused, the latest still open), written
 * through the case service (and the work orders through WorkOrderActions) on a timeline's clock, told to
 * nobody and raising no alarms (a month of open alarms would be news). Rows are marked origin 'seed'
 * (the work orders by seedHistory with the others). Returns how many cases were written.
 */
export async function seedCaseHistory(sources: HistorySources, places: TenantPlaces, now: number, days: number): Promise<number> {
  const { db } = sources;
  const before = Number(
    (
      await db
        .selectFrom('cases')
        .select((eb) => eb.fn.max('case_id').as('max'))
        .executeTakeFirst()
    )?.max ?? 0,
  );
  const tenants = (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
  let written = 0;
  for (const tenantId of tenants) {
    const tenantPlaces = places[tenantId];
    if (!tenantPlaces?.length) continue;
    if (await db.selectFrom('cases').select('case_id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst()) continue;
    const tenant = await loadHistoryTenant(db, tenantId);
    if (!tenant.handlers.length) continue;
    written += await replayTenant(sources, places, tenantId, tenant.handlers, now, days);
  }
  await db.updateTable('cases').set({ origin: 'seed' }).where('case_id', '>', before).execute();
  return written;
}

async function replayTenant(
  sources: HistorySources,
  places: TenantPlaces,
  tenantId: number,
  handlers: number[],
  now: number,
  days: number,
): Promise<number> {
  const { db } = sources;
  const timeline = new HistoryTimeline(now - days * DAY_MS, now);
  const clock = timeline.now;
  const alarms = new AlarmService(db, loadAlarmTypes(sources.plugins), silentPublisher, clock, sources.catalog.responderKinds);
  const announcer = new WorkOrderAnnouncer(new WorkOrderStatistics(db, clock));
  const orders = new WorkOrderActions(db, new OrderCounters(db), alarms, new WorkOrderQueries(db, alarms, clock), announcer, clock);
  const escalation = new WorkOrderEscalation(db, announcer, clock);
  const { actions } = createCases({ db, counters: new OrderCounters(db), orders, push: silentPublisher, places, dataDir: '', now: clock });
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
  await timeline.play();
  return count + latest.length;
}
