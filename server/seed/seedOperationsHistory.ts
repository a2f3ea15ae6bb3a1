import { DEFAULT_SEED_HISTORY_DAYS } from '../config';
import type { Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { FaultService } from '../operations/FaultService';
import { MaintenanceService } from '../operations/MaintenanceService';
import { recordStatusHistory, type RecordedStatusChange } from '../operations/StatusRecorder';
import { DAY_MS, HOUR_MS, shanghaiDayStart } from '../stats/periods';
import type { WorkOrderActions } from '../workOrders/WorkOrderActions';
import { FLEET_RANDOM_SEED } from './seedData';
import { seededRandom } from '../simulation/seededRandom';

const MINUTE_MS = 60_000;
/** How far back a fresh start's history reaches by default (SEED_HISTORY_DAYS). */
export const SEEDED_HISTORY_DAYS = DEFAULT_SEED_HISTORY_DAYS;
/** The seeded operator who sends the past commands, records the past inspections and closes their faults. */
const SEED_OPERATOR_ID = 2;

/** A device's outage: offline from `from` until `to` (undefined: still offline now). */
export interface Outage {
  from: number;
  to: number | undefined;
}

/** Between min and max, uniformly. */
const between = (random: () => number, min: number, max: number) => min + (max - min) * random();

/**
 * A device's past the way the FleetSimulator behaves live: mostly online, a few outages a week of minutes
 * to hours (now and then a long one), ending in the state the device table holds now (an offline device
 * went offline some minutes to hours ago and is still off).
 */
export function outagesOf(random: () => number, start: number, now: number, onlineNow: boolean, days = 7): Outage[] {
  const weeks = Math.max(1, Math.round(days / 7));
  const span = (now - start) / weeks;
  const outages: Outage[] = [];
  for (let week = 0; week < weeks; week++) {
    const weekStart = start + week * span;
    const roll = random();
    const count = roll < 0.15 ? 0 : roll < 0.4 ? 1 : roll < 0.65 ? 2 : roll < 0.85 ? 3 : roll < 0.95 ? 4 : 6;
    for (let index = 0; index < count; index++) {
      const kind = random();
      const length =
        kind < 0.6
          ? between(random, 3, 30) * MINUTE_MS
          : kind < 0.93
            ? between(random, 30, 180) * MINUTE_MS
            : between(random, 3, 14) * HOUR_MS;
      const from = Math.round(between(random, weekStart + MINUTE_MS, Math.min(weekStart + span, now - HOUR_MS)));
      outages.push({ from, to: Math.min(Math.round(from + length), now - 10 * MINUTE_MS) });
    }
  }
  if (!onlineNow) outages.push({ from: Math.round(now - between(random, 12, 8 * 60) * MINUTE_MS), to: undefined });
  outages.sort((a, b) => a.from - b.from);
  // Overlapping outages are one; the ongoing one swallows any that would end after it began.
  const merged: Outage[] = [];
  for (const outage of outages) {
    const last = merged.at(-1);
    if (last && (last.to === undefined || outage.from <= last.to)) {
      last.to = last.to === undefined || outage.to === undefined ? undefined : Math.max(last.to, outage.to);
    } else if (outage.to === undefined || outage.to > outage.from) merged.push({ ...outage });
  }
  return merged;
}

/** Map.groupBy, which Node 20 lacks: items by key, in their order. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Whether a device with these outages was online at `at`. */
export const onlineAt = (outages: readonly Outage[], at: number) =>
  !outages.some((outage) => outage.from <= at && (outage.to === undefined || at < outage.to));

export interface SeededHistory {
  changes: number;
  /** Each device's outages over the history (by device id): the commands and camera checks of the history agree with them. */
  outages: Map<number, Outage[]>;
}

/**
 * The past `days` of a newly seeded fleet (a fresh database): each device's on/offline changes, replayed
 * through the same recorder the live simulator and MQTT ingest write through (source 'seed'), so
 * 设备运维's availability charts have real curves on day one. Each device's history starts online `days`
 * ago and ends in its current state. Deterministic (the fleet's random seed, per tenant). The commands
 * sent meanwhile are the history's (server/seed/history/commandHistory.ts), judged by these outages.
 */
export async function seedStatusHistory(db: Db, now: number, days = SEEDED_HISTORY_DAYS): Promise<SeededHistory> {
  const start = now - days * DAY_MS;
  const devices = await db
    .selectFrom('devices')
    .select(['device_id', 'tenant_id', 'kind', 'online'])
    .orderBy('tenant_id')
    .orderBy('device_id')
    .execute();
  const changes: (RecordedStatusChange & { at: number })[] = [];
  const outages = new Map<number, Outage[]>();
  for (const [tenantId, fleet] of groupBy(devices, (device) => device.tenant_id)) {
    const random = seededRandom(FLEET_RANDOM_SEED + tenantId);
    for (const device of fleet) {
      const deviceOutages = outagesOf(random, start, now, device.online === 1, days);
      outages.set(device.device_id, deviceOutages);
      const base = { tenantId, deviceId: device.device_id, kind: device.kind };
      changes.push({ ...base, online: true, at: start });
      for (const outage of deviceOutages) {
        changes.push({ ...base, online: false, at: outage.from });
        if (outage.to !== undefined) changes.push({ ...base, online: true, at: outage.to });
      }
    }
  }
  changes.sort((a, b) => a.at - b.at || a.deviceId - b.deviceId);
  await db.transaction().execute((trx) => recordStatusHistory(trx, changes, 'seed'));
  return { changes: changes.length, outages };
}

/** A seeded maintenance plan: how often, the team (by name) and what its inspectors find (its kind is its key). */
interface SeedPlan {
  name: string;
  intervalDays: number;
  /** Rounds already done before today's. */
  pastRounds: number;
  teamName: string;
  /** Only the first few devices of the kind (else: all of them). */
  devices?: number;
  normal: string;
  abnormal: { note: string; repair: string }[];
}

/** Per demo tenant, its plans by device kind (seed data, like seedData.ts's fleet counts: kinds as keys). */
const SEED_PLANS: Record<number, Record<string, SeedPlan>> = {
  1: {
    lamp: {
      name: '路灯月度巡检',
      intervalDays: 30,
      pastRounds: 2,
      teamName: '运维班',
      normal: '灯具亮灭正常，灯杆无倾斜',
      abnormal: [{ note: '灯罩破损进水', repair: '已更换灯罩并做防水处理，复检正常' }],
    },
    fireHydrant: {
      name: '消火栓季度巡检',
      intervalDays: 90,
      pastRounds: 2,
      teamName: '消防一队',
      normal: '水压正常，阀门启闭灵活',
      abnormal: [{ note: '出水口压力偏低', repair: '已疏通管路，压力恢复至 0.3 MPa' }],
    },
    smartManhole: {
      name: '井盖周检',
      intervalDays: 7,
      pastRounds: 4,
      teamName: '市政抢修队',
      devices: 4,
      normal: '井盖平稳无异响，传感器在线',
      abnormal: [{ note: '井盖松动有异响', repair: '已加装防震垫圈，复检平稳' }],
    },
  },
  2: {
    broad: {
      name: '广播音柱月度巡检',
      intervalDays: 30,
      pastRounds: 2,
      teamName: '运维班',
      normal: '播放清晰，音量正常',
      abnormal: [{ note: '音柱杂音明显', repair: '已更换功放模块，复检正常' }],
    },
    fireHydrant: {
      name: '消火栓季度巡检',
      intervalDays: 90,
      pastRounds: 2,
      teamName: '应急救援队',
      normal: '水压正常，阀门启闭灵活',
      abnormal: [{ note: '栓体锈蚀，阀门难以开启', repair: '已除锈并更换阀杆，启闭正常' }],
    },
    smartManhole: {
      name: '井盖周检',
      intervalDays: 7,
      pastRounds: 4,
      teamName: '景区巡逻队',
      devices: 4,
      normal: '井盖平稳无异响，传感器在线',
      abnormal: [{ note: '井盖边缘破损', repair: '已更换井盖，复检正常' }],
    },
  },
};

/** A step of the replayed past, at its time. */
interface Step {
  at: number;
  run: () => Promise<void>;
}

/**
 * Two or three maintenance plans per demo tenant and their inspections, made by replaying the past
 * through the operations services on a clock of their own: each plan created before its first round,
 * the leader's round (createDue) run at each due time, each past inspection's result recorded a few
 * hours later by the operator (an occasional 异常 raises the device's inspection fault, which is closed
 * with its repair note a day or so on), and today's round left to do. Returns the plans made.
 */
export async function seedMaintenanceHistory(
  db: Db,
  catalog: DeviceCatalog,
  orders: Pick<WorkOrderActions, 'create' | 'assign'>,
  now: number,
): Promise<number> {
  let clock = now;
  const faults = new FaultService(db, catalog, orders, undefined, () => clock);
  const maintenance = new MaintenanceService(db, catalog, faults, orders, () => clock);
  const today = shanghaiDayStart(now);
  let made = 0;
  for (const [tenantId, plans] of Object.entries(SEED_PLANS).map(
    ([id, byKind]) => [Number(id), Object.entries(byKind).map(([kind, plan]) => ({ ...plan, kind }))] as const,
  )) {
    const tenant = await db.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!tenant) continue;
    const random = seededRandom(FLEET_RANDOM_SEED + 100 + tenantId);
    const steps: Step[] = [];
    for (const plan of plans) {
      if (!catalog.byPage(plan.kind)) continue;
      const team = await db
        .selectFrom('teams')
        .select('team_id')
        .where('tenant_id', '=', tenantId)
        .where('name', '=', plan.teamName)
        .executeTakeFirst();
      const devices = (
        await db
          .selectFrom('devices')
          .select('device_id')
          .where('tenant_id', '=', tenantId)
          .where('kind', '=', plan.kind)
          .orderBy('device_id')
          .execute()
      ).map((row) => row.device_id);
      if (devices.length === 0) continue;
      const covered = plan.devices ? devices.slice(0, plan.devices) : devices;
      const step = plan.intervalDays * DAY_MS;
      const firstDue = today - plan.pastRounds * step;
      // Made some days before its first round, by the operator.
      steps.push({
        at: firstDue - 3 * DAY_MS,
        run: async () => {
          const created = await maintenance.createPlan(tenantId, SEED_OPERATOR_ID, {
            name: plan.name,
            kind: plan.kind,
            deviceIds: plan.devices ? covered : [],
            intervalDays: plan.intervalDays,
            teamId: team ? Number(team.team_id) : null,
            nextDueAt: firstDue,
            createWorkOrder: false,
          });
          const planId = created.planId;
          for (let round = 0; round <= plan.pastRounds; round++) {
            const dueAt = firstDue + round * step;
            steps.push({ at: dueAt, run: async () => void (await maintenance.createDue()) });
            if (round === plan.pastRounds) continue;
            // Roughly one round in three finds something wrong with one device.
            const abnormal = random() < 0.35 ? plan.abnormal[Math.floor(random() * plan.abnormal.length)] : undefined;
            const deviceId = covered[Math.floor(random() * covered.length)]!;
            const doneAt = dueAt + Math.round(between(random, 2, 7) * HOUR_MS);
            steps.push({
              at: doneAt,
              run: async () => {
                const inspection = await db
                  .selectFrom('inspections')
                  .select('inspection_id')
                  .where('plan_id', '=', planId)
                  .where('due_at', '=', dueAt)
                  .executeTakeFirstOrThrow();
                const inspectionId = Number(inspection.inspection_id);
                const recorded = await maintenance.recordResult(
                  tenantId,
                  SEED_OPERATOR_ID,
                  abnormal
                    ? { inspectionId, result: 'ABNORMAL', deviceId, note: abnormal.note }
                    : { inspectionId, result: 'NORMAL', note: plan.normal },
                );
                if (!abnormal || recorded.faultId === null) return;
                const faultId = recorded.faultId;
                steps.push({
                  at: doneAt + Math.round(between(random, 18, 40) * HOUR_MS),
                  run: async () => void (await faults.close(tenantId, SEED_OPERATOR_ID, faultId, abnormal.repair)),
                });
              },
            });
          }
        },
      });
      made++;
    }
    // Oldest first; a step may add later ones (a plan its rounds, an 异常 result the fault's close).
    while (steps.length) {
      steps.sort((a, b) => a.at - b.at);
      const next = steps.shift()!;
      clock = Math.min(next.at, now);
      await next.run();
    }
  }
  return made;
}
