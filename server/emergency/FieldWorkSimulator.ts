import type { WorkOrderRow } from '../../contracts/workOrders';
import type { EmergencyTasks } from './EmergencyTasks';
import { IntervalJob } from '../cluster/IntervalJob';
import type { JobRuns } from '../cluster/JobRuns';

/** The progress a field team reports, in steps, before the operator finishes the task. */
export const FIELD_WORK_STEPS = [30, 60, 90] as const;

/** What teams report at each step, by task (plan titles); others get DEFAULT_NOTES. */
const TASK_NOTES: Record<string, readonly [string, string, string]> = {
  灭火救援: ['已到达现场，接驳就近消火栓出水灭火', '明火已基本控制，正在清理余火', '现场无复燃迹象，正在检查周边建筑'],
  人员疏散: ['已沿疏散路线引导人员撤离', '约六成人员已转移至避难场所', '人员基本疏散完毕，正在清点人数'],
  警戒封控: ['已在影响范围外拉设警戒线', '主要路口已封控，车辆绕行', '警戒区域内已无无关人员'],
  医疗救护: ['救护点已设立，正在初步检伤', '轻伤人员已包扎处理', '伤员已全部处置，重伤员已转运医院'],
  排涝抢险: ['抽水泵已就位开始排水', '积水明显下降，正在疏通雨水井', '积水基本排除，道路恢复通行条件'],
  转移群众: ['已组织低洼地带群众转移', '大部分群众已安置到避难场所', '群众转移安置完毕，正在登记'],
  道路封闭: ['积水路段已设置围挡和警示牌', '已安排人员在路口引导车辆绕行', '封闭路段秩序良好，等待积水退去'],
  疏导分流: ['已设置单向通道，分批放行', '拥挤区域人流密度明显下降', '人流已恢复正常，继续现场值守'],
  广播引导: ['已通过广播发布疏导信息', '信息屏已同步提示绕行路线', '游客情绪稳定，广播持续播放'],
  检修消防栓: ['已到达，正在检测消火栓水压', '发现阀门故障，正在更换部件', '更换完成，复测水压正常'],
  管网排查: ['已开始沿线排查供水管网', '已定位漏点，正在关阀抢修', '漏点已修复，管网压力回升'],
};
const DEFAULT_NOTES = ['已到达现场，正在展开处置', '处置过半，现场情况稳定', '处置基本完成，等待指挥中心确认'] as const;

/** The work-order calls the simulator makes as the system (userId null, shown as 系统). */
export interface FieldWorkOrders {
  queries: {
    list(filter: { tenantId: number; pageNum: number; pageSize: number; status: 'ASSIGNED' }): Promise<{ rows: WorkOrderRow[] }>;
  };
  actions: {
    accept(tenantId: number, userId: number | null, orderId: number, note: string): Promise<unknown>;
    progress(tenantId: number, userId: number | null, orderId: number, note: string): Promise<unknown>;
  };
}

export interface FieldWorkOptions {
  /** How long a team takes to react to a task (or work order) before each report. */
  delayMs: number;
  /** The tenants whose work orders teams take (tasks are swept for every tenant). */
  tenantIds: () => Promise<number[]>;
  onError: (error: unknown) => void;
}

/**
 * Field teams, simulated (a leader job: once per cluster): a task waiting 待接收 for `delayMs` is accepted
 * by its team, then reported at 30 %, 60 % and 90 % with notes of the kind a team would send, `delayMs`
 * apart; finishing stays with the operator. A work order dispatched (已派发) to a team for `delayMs` is
 * accepted and gets a first progress note. Tests call `step()` directly.
 */
export class FieldWorkSimulator {
  private readonly job: IntervalJob;

  constructor(
    private readonly emergency: Pick<EmergencyTasks, 'waitingTasks' | 'accept' | 'progress'>,
    private readonly orders: FieldWorkOrders,
    private readonly now: () => number,
    private readonly options: FieldWorkOptions,
  ) {
    // Often enough that a report comes no later than half a delay after it is due.
    const everyMs = options.delayMs <= 0 ? 0 : Math.max(100, Math.min(options.delayMs / 2, 5_000));
    this.job = new IntervalJob('现场处置模拟', everyMs, () => this.step(), options.onError);
  }

  start(): void {
    this.job.start();
  }

  /** Its rounds, for /metrics (ops_job_runs_total). */
  get runs(): JobRuns {
    return this.job.runs;
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One sweep: every task and work order due a reaction moves one step; how many moved. */
  async step(): Promise<number> {
    const due = this.now() - this.options.delayMs;
    let moved = 0;
    const last = FIELD_WORK_STEPS[FIELD_WORK_STEPS.length - 1]!;
    for (const task of await this.emergency.waitingTasks(due, last)) {
      const team = { userId: null, name: task.team_name ?? '现场班组' };
      try {
        if (task.status === 'PENDING') {
          await this.emergency.accept(task.tenant_id, team, task.task_id, `${team.name}已接收任务，正在集结出发`);
        } else {
          const next = FIELD_WORK_STEPS.findIndex((percent) => percent > task.percent);
          if (next === -1) continue;
          const notes = TASK_NOTES[task.title] ?? DEFAULT_NOTES;
          await this.emergency.progress(task.tenant_id, team, task.task_id, FIELD_WORK_STEPS[next]!, notes[next]!);
        }
        moved++;
      } catch (error) {
        // An operator acted on it meanwhile (409): the next sweep sees its new state.
        if (!isConflict(error)) this.options.onError(error);
      }
    }
    for (const tenantId of await this.options.tenantIds()) {
      const { rows } = await this.orders.queries.list({ tenantId, pageNum: 1, pageSize: 50, status: 'ASSIGNED' });
      for (const order of rows) {
        if (order.assigneeTeamId === null || order.updateTime > due) continue;
        try {
          await this.orders.actions.accept(tenantId, null, order.orderId, `${order.assigneeTeamName ?? '班组'}已接单`);
          await this.orders.actions.progress(tenantId, null, order.orderId, `${order.assigneeTeamName ?? '班组'}已到达现场，正在排查处理`);
          moved++;
        } catch (error) {
          if (!isConflict(error)) this.options.onError(error);
        }
      }
    }
    return moved;
  }
}

function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 409;
}
