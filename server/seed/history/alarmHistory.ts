import { ALARM_STATUSES, type AlarmStatus } from '../../../contracts/alarms';
import type { EmergencyEventDetail } from '../../../contracts/emergency';
import type { Alarm } from '../../alarms/AlarmService';
import { emergencyAlarms } from '../../alarms/alarmTypes';
import type { DeviceCatalog } from '../../catalog/deviceCatalog';
import type { EmergencyResourceKinds } from '../../emergency/emergencyResourceKinds';
import { HOUR_MS, SHANGHAI_OFFSET_MS } from '../../stats/periods';
import { poisson } from '../../business/businessModel';
import { TENANT_AREAS } from '../seedData';
import { scheduleEventHandling, type EventScript } from './emergencyHistory';
import type { HistoryContext } from './historyServices';
import { CROWD_WARNING, FLOOD_WARNING, HISTORY_TEXT } from './historyText';
import { between, pick, type HistoryDevice } from './historyTenant';
import { scheduleWorkOrder } from './workOrderHistory';

const MINUTE_MS = 60_000;
/** Alarms a tenant sees on an average weekday. */
const ALARMS_PER_DAY = 10;
/** How busy each Shanghai hour is (more by day, fewer at night), relative. */
const HOUR_WEIGHTS = [
  0.3, 0.2, 0.2, 0.2, 0.3, 0.5, 0.8, 1.2, 1.5, 1.6, 1.6, 1.5, 1.3, 1.4, 1.5, 1.5, 1.5, 1.4, 1.3, 1.2, 1.0, 0.8, 0.6, 0.4,
];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
/** Weekends are quieter in the city and busier in a scenic area. */
const WEEKEND_FACTOR: Record<string, number> = { city: 0.75, scenic: 1.35 };
/** Of the alarms that would open an emergency event, the share the history raises (fires are rare). */
const EMERGENCY_SHARE = 0.12;

/** What an alarm of the history is about: its type, and its device when a device raised it. */
interface AlarmChoice {
  type: string;
  device?: HistoryDevice;
  content: string;
}

export interface AlarmHistoryCounts {
  alarms: number;
  workOrders: number;
  events: number;
}

const localHour = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24;
const isWeekend = (at: number) => [0, 6].includes(new Date(at + SHANGHAI_OFFSET_MS).getUTCDay());

/**
 * A tenant's alarms over the timeline, raised through AlarmService as devices and reports raise them
 * live: the tenant's alarm types (those whose page is in a module its roles open), devices only of
 * kinds that raise the type (their manifests' simulatedAlarms), at a daily and weekly rhythm. Each is
 * handled the way operators handle alarms — assigned or taken up, commented, completed and confirmed —
 * some through a work order, and those that open an emergency event (the live AlarmService.onRaised
 * wiring) through the event's tasks. Alarms raised late are still being handled now, and a few were
 * left open or in progress. Today ends with a fire, a crowd and a flood under way.
 */
export function scheduleAlarmHistory(
  context: HistoryContext,
  catalog: DeviceCatalog,
  resourceKinds: EmergencyResourceKinds,
): AlarmHistoryCounts {
  const { timeline, services, tenant, random } = context;
  const { tenantId } = tenant;
  const counts: AlarmHistoryCounts = { alarms: 0, workOrders: 0, events: 0 };
  const types = services.alarmTypes;
  const opening = emergencyAlarms(types).opening;
  const ofTenant = (code: string) => {
    const module = types.get(code)?.targetPage?.module;
    return module !== undefined && tenant.modules.has(module);
  };
  // Device-raised alarms: each device of a kind whose manifest raises a type of the tenant.
  const raisedBy = new Map<string, { type: string; content: string }[]>();
  for (const kind of catalog.kinds)
    for (const alarm of kind.simulatedAlarms ?? [])
      if (types.has(alarm.code) && ofTenant(alarm.code))
        raisedBy.set(kind.page, [
          ...(raisedBy.get(kind.page) ?? []),
          { type: alarm.code, content: alarm.content ?? types.get(alarm.code)!.name },
        ]);
  const deviceRaised = new Set([...raisedBy.values()].flat().map((alarm) => alarm.type));
  const devices = tenant.devices.filter((device) => raisedBy.has(device.kind));
  // Reported alarms (no device): types no device raises, of a module other than the devices'.
  const reported = [...types.values()].filter(
    (type) =>
      !catalog.kinds.some((kind) => kind.simulatedAlarms?.some((alarm) => alarm.code === type.code)) &&
      ofTenant(type.code) &&
      type.targetPage?.module !== 'device',
  );
  const areas = TENANT_AREAS[tenantId] ?? [];
  const choose = (): AlarmChoice | undefined => {
    for (let attempt = 0; attempt < 10; attempt++) {
      let choice: AlarmChoice | undefined;
      if (devices.length && (random() < 0.7 || !reported.length)) {
        const device = pick(random, devices);
        const alarm = pick(random, raisedBy.get(device.kind)!);
        choice = { type: alarm.type, device, content: `${device.name}：${alarm.content}` };
      } else if (reported.length) {
        const type = pick(random, reported);
        choice = { type: type.code, content: areas.length ? `${pick(random, areas).name}附近${type.name}` : type.name };
      }
      if (!choice) return undefined;
      if (!opening.has(choice.type) || random() < EMERGENCY_SHARE) return choice;
    }
    return undefined;
  };

  // Events opened by the alarms raised (the live wiring: AlarmService.onRaised → EmergencyEvents.alarmRaised).
  const opened = new Map<number, EmergencyEventDetail>();
  services.alarms.onRaised(
    async (alarm, raisedTenant) => {
      const event = await services.emergency.events.alarmRaised(alarm, raisedTenant);
      if (event?.alarmId === alarm.alarmId) opened.set(alarm.alarmId, event);
    },
    (error) => context.failures.push(error),
  );

  /** Each alarm's status as its last transition returned it. */
  const statuses = new Map<number, AlarmStatus>();
  /** Moves the alarm on, one step at a time as the rules require, up to `target`. */
  const advance = async (alarmId: number, target: AlarmStatus, notes: readonly string[], handler = pick(random, tenant.handlers)) => {
    let status = statuses.get(alarmId) ?? 'ALARM_STATUS_UNTREATED';
    while (ALARM_STATUSES.indexOf(status) < ALARM_STATUSES.indexOf(target)) {
      const next = ALARM_STATUSES[ALARM_STATUSES.indexOf(status) + 1]!;
      status = (await services.alarms.transition(tenantId, handler, alarmId, next, pick(random, notes))).status as AlarmStatus;
      statuses.set(alarmId, status);
    }
  };
  /** Completed, then (nearly always) confirmed by the shift leader. */
  const finish = (alarmId: number, after: number) => {
    const confirmed = random() < 0.95;
    timeline.at(after + between(random, 5, 30) * MINUTE_MS, async () => {
      await advance(alarmId, 'ALARM_STATUS_COMPLET', HISTORY_TEXT.complete);
      if (confirmed)
        timeline.at(timeline.now() + between(random, 10, 90) * MINUTE_MS, () =>
          advance(alarmId, 'ALARM_STATUS_CONFIRMED', HISTORY_TEXT.confirm),
        );
    });
  };
  /** Taken up by an operator (assigned, 处理中), then handled the way its plan says. */
  const handle = (alarm: Alarm, event: EmergencyEventDetail | undefined, script: EventScript) => {
    const at = timeline.now();
    const roll = random();
    const plan = event
      ? 'event'
      : roll < 0.03
        ? 'untreated'
        : roll < 0.07
          ? 'processing'
          : roll < (alarm.deviceId ? 0.27 : 0.15)
            ? 'workOrder'
            : 'plain';
    if (plan === 'untreated') return;
    const night = localHour(at) < 7 || localHour(at) >= 22;
    const reaction = (event ? between(random, 1, 5) : night ? between(random, 10, 60) : between(random, 2, 20)) * MINUTE_MS;
    const handler = pick(random, tenant.handlers);
    // Half are assigned by the dispatcher; the others the operator on duty takes up himself.
    const assigned = random() < 0.5;
    const assignee = assigned ? pick(random, tenant.handlers) : handler;
    const assignNote = pick(random, HISTORY_TEXT.assign);
    const acceptNote = pick(random, HISTORY_TEXT.accept);
    const comment = random() < 0.35 ? pick(random, HISTORY_TEXT.comment) : undefined;
    timeline.at(at + reaction, async () => {
      if (assigned) await services.alarms.assign(tenantId, handler, alarm.alarmId, assignee, assignNote);
      await advance(alarm.alarmId, 'ALARM_STATUS_PROCESSING', [acceptNote], assignee);
      const taken = timeline.now();
      if (comment)
        timeline.at(taken + between(random, 5, 30) * MINUTE_MS, () => services.alarms.comment(tenantId, assignee, alarm.alarmId, comment));
      if (plan === 'workOrder')
        timeline.at(taken + between(random, 3, 15) * MINUTE_MS, async () => {
          const order = await services.orders.createFromAlarm(tenantId, assignee, { alarmId: alarm.alarmId });
          counts.workOrders++;
          scheduleWorkOrder(context, order, (doneAt) => finish(alarm.alarmId, doneAt));
        });
      if (plan === 'plain') finish(alarm.alarmId, taken + between(random, 20, 240) * MINUTE_MS);
    });
    if (event) {
      counts.events++;
      scheduleEventHandling(context, event, script, (closedAt) => finish(alarm.alarmId, closedAt));
    }
  };
  const raise = async (choice: AlarmChoice, script: EventScript = 'closed') => {
    const alarm = await services.alarms.raise({
      tenantId,
      alarmType: choice.type,
      content: choice.content,
      ...(choice.device ? { deviceId: choice.device.deviceId } : {}),
    });
    counts.alarms++;
    handle(alarm, opened.get(alarm.alarmId), script);
    return alarm;
  };

  // The month: a Poisson number of alarms in every hour, by the hour's and the day's weight.
  const weekend = WEEKEND_FACTOR[tenant.tenantType] ?? 1;
  for (let hour = Math.floor(timeline.start / HOUR_MS) * HOUR_MS; hour < timeline.end; hour += HOUR_MS) {
    const mean = ((ALARMS_PER_DAY * HOUR_WEIGHTS[localHour(hour)]!) / HOUR_TOTAL) * (isWeekend(hour) ? weekend : 1);
    for (let count = poisson(mean, random); count > 0; count--) {
      const at = hour + random() * HOUR_MS;
      const choice = choose();
      if (choice && at >= timeline.start && at < timeline.end) timeline.at(at, async () => void (await raise(choice)));
    }
  }
  // The latest minutes always have one, so 最新告警 and 今日告警 read from the first screen.
  const latest = choose();
  if (latest) timeline.at(timeline.end - between(random, 3, 20) * MINUTE_MS, async () => void (await raise(latest)));

  // Under way now: a fire seen by a device that raises fire alarms (opening its event as live), and a flood warning.
  const fire = devices.find((device) => device.online && raisedBy.get(device.kind)!.some((alarm) => opening.get(alarm.type) === 'FIRE'));
  if (fire) {
    const alarm = raisedBy.get(fire.kind)!.find((candidate) => opening.get(candidate.type) === 'FIRE')!;
    timeline.at(
      timeline.end - 50 * MINUTE_MS,
      async () => void (await raise({ type: alarm.type, device: fire, content: `${fire.name}：${alarm.content}` }, 'ongoing')),
    );
  }
  // And a crowd being thinned out at a busy spot, seen by a camera (人群疏散 has an event to work on).
  const crowdType = [...opening].find(([code, kind]) => kind === 'STAMPEDE' && ofTenant(code))?.[0];
  const crowdSpot =
    devices.find((device) => device.online && raisedBy.get(device.kind)!.some((alarm) => alarm.type === crowdType)) ??
    tenant.devices.find((device) => device.online && catalog.byPage(device.kind)?.liveVideo === true);
  if (crowdType && crowdSpot)
    timeline.at(
      timeline.end - 80 * MINUTE_MS,
      async () => void (await raise({ type: crowdType, device: crowdSpot, content: `${crowdSpot.name}：${CROWD_WARNING}` }, 'ongoing')),
    );
  const floodType = [...opening].find(([code, kind]) => kind === 'FLOOD' && ofTenant(code) && !deviceRaised.has(code))?.[0];
  const gauge = tenant.devices.find((device) => resourceKinds.waterLevelKinds.includes(device.kind)) ?? tenant.devices[0];
  if (floodType && gauge)
    timeline.at(timeline.end - 3 * HOUR_MS, async () => {
      const alarm = await services.alarms.raise({ tenantId, alarmType: floodType, content: FLOOD_WARNING.content });
      counts.alarms++;
      timeline.at(timeline.now() + 4 * MINUTE_MS, async () => {
        const handler = pick(random, tenant.handlers);
        await advance(alarm.alarmId, 'ALARM_STATUS_PROCESSING', HISTORY_TEXT.accept, handler);
        const event = await services.emergency.events.fromAlarm(tenantId, handler, {
          alarmId: alarm.alarmId,
          kind: 'FLOOD',
          title: FLOOD_WARNING.title,
          longitude: gauge.longitude,
          latitude: gauge.latitude,
        });
        counts.events++;
        scheduleEventHandling(context, event, 'ongoing', () => undefined);
      });
    });
  return counts;
}
