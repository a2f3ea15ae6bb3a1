import type { EmergencyEventDetail } from '../../../contracts/emergency';
import type { HistoryContext } from './historyServices';
import { EVENT_TASKS, HISTORY_TEXT } from './historyText';
import { between, pick } from './historyTenant';

const MINUTE_MS = 60_000;

/**
 * How an event of the history goes: `closed` (its tasks dispatched, accepted, reported on and finished,
 * one now and then cancelled, then the event closed with its result) or `ongoing` (under way now: one
 * task of each state, 处理中, 已完成, 待接收 and 已取消, and the event still 处置中).
 */
export type EventScript = 'closed' | 'ongoing';

/**
 * Schedules the handling of an event just opened (at the timeline's now) through the Emergency handle's
 * tasks and events, as an operator dispatching teams and the field teams reporting (actor: the team)
 * would. `onClosed` is told when the event was closed.
 */
export function scheduleEventHandling(
  context: HistoryContext,
  event: EmergencyEventDetail,
  script: EventScript,
  onClosed: (at: number) => void,
): void {
  const { timeline, services, tenant, random } = context;
  const { tenantId } = tenant;
  if (!tenant.teams.length) return;
  const operator = pick(random, tenant.handlers);
  const opened = timeline.now();
  const titles = EVENT_TASKS[event.kind];
  const count = script === 'ongoing' ? Math.min(4, titles.length) : 2 + Math.floor(random() * Math.min(2, titles.length - 1));
  let lastDone = opened;
  for (let index = 0; index < count; index++) {
    const team = tenant.teams[(index + Math.floor(random() * tenant.teams.length)) % tenant.teams.length]!;
    const actor = { userId: null, name: team.name };
    const dispatchAt = opened + (2 + 2 * index) * MINUTE_MS;
    // Ongoing: 0 处理中, 1 已完成, 2 待接收, 3 已取消. Closed: each finished, the last cancelled now and then.
    const role =
      script === 'ongoing'
        ? (['processing', 'finished', 'pending', 'cancelled'] as const)[index]!
        : index === count - 1 && random() < 0.2
          ? 'cancelled'
          : 'finished';
    const acceptAt = dispatchAt + between(random, 3, 12) * MINUTE_MS;
    const progressAt = acceptAt + between(random, 8, 25) * MINUTE_MS;
    const finishAt = script === 'ongoing' ? progressAt + 5 * MINUTE_MS : progressAt + between(random, 20, 90) * MINUTE_MS;
    const cancelAt = dispatchAt + between(random, 5, 15) * MINUTE_MS;
    lastDone = Math.max(lastDone, role === 'cancelled' ? cancelAt : finishAt);
    const progressNote = pick(random, HISTORY_TEXT.taskProgress);
    const finishNote = pick(random, HISTORY_TEXT.taskFinish);
    const cancelNote = pick(random, HISTORY_TEXT.taskCancel);
    const percent = 30 + Math.floor(random() * 50);
    timeline.at(dispatchAt, async () => {
      const task = await services.emergency.tasks.dispatch(tenantId, operator, {
        eventId: event.eventId,
        teamId: team.teamId,
        title: titles[index]!,
        description: `${event.title}：${titles[index]}`,
      });
      if (role === 'pending') return;
      if (role === 'cancelled') {
        timeline.at(
          cancelAt,
          async () => void (await services.emergency.tasks.cancel(tenantId, { userId: operator }, task.taskId, cancelNote)),
        );
        return;
      }
      timeline.at(acceptAt, async () => {
        await services.emergency.tasks.accept(tenantId, actor, task.taskId, HISTORY_TEXT.taskAccept(team.name));
        timeline.at(progressAt, async () => {
          await services.emergency.tasks.progress(tenantId, actor, task.taskId, percent, progressNote);
          if (role === 'processing') return;
          timeline.at(
            finishAt,
            async () => void (await services.emergency.tasks.finish(tenantId, { userId: operator }, task.taskId, finishNote)),
          );
        });
      });
    });
  }
  if (script === 'ongoing') return;
  const result = pick(random, HISTORY_TEXT.eventResult);
  timeline.at(lastDone + between(random, 10, 30) * MINUTE_MS, async () => {
    await services.emergency.events.close(tenantId, operator, event.eventId, result);
    onClosed(timeline.now());
  });
}
