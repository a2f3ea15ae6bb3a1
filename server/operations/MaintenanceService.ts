import {
  INSPECTION_RESULT_LABELS,
  type InspectionQuery,
  type InspectionResultBody,
  type InspectionRow,
  type MaintenancePlan,
  type PlanBody,
  type PlanDeviceOption,
} from '../../contracts/operations';
import type { Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { AppError, badRequest } from '../envelope';
import { DAY_MS } from '../stats/periods';
import type { WorkOrderActions } from '../workOrders/WorkOrderActions';
import type { FaultService } from './FaultService';
import { selectInspections, toInspection, toPlan } from './maintenanceRows';
import { auditOperation } from './operationAudit';

export interface InspectionFilter extends Omit<InspectionQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

const planNotFound = (planId: number) => new AppError(404, `保养计划不存在：${planId}`);
const inspectionNotFound = (inspectionId: number) => new AppError(404, `巡检记录不存在：${inspectionId}`);
/** Plans a round of the job takes at most; the next round takes the rest. */
const ROUND_LIMIT = 500;

/**
 * Maintenance plans (保养计划) and their inspections (巡检). A plan covers a device kind (all its devices)
 * or a list of them, every `interval_days`; the leader's job creates an inspection when a plan is due
 * (once per plan and due time: a unique index) and moves the plan's next due time on, optionally
 * raising an INSPECTION work order through WorkOrderActions. An inspection's result is 正常 or 异常; an
 * 异常 one names the device and raises (or joins) its inspection fault. Every change audited.
 */
export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly faults: FaultService,
    private readonly orders: Pick<WorkOrderActions, 'create' | 'assign'>,
    private readonly now: () => number,
  ) {}

  private kindName(kind: string): string {
    return this.catalog.byPage(kind)?.displayName ?? kind;
  }

  async plans(tenantId: number): Promise<MaintenancePlan[]> {
    const rows = await this.db
      .selectFrom('maintenance_plans as p')
      .leftJoin('teams as t', 't.team_id', 'p.team_id')
      .selectAll('p')
      .select('t.name as team_name')
      .where('p.tenant_id', '=', tenantId)
      .orderBy('p.plan_id')
      .execute();
    return rows.map((row) => toPlan(row, this.kindName(row.kind)));
  }

  async plan(tenantId: number, planId: number): Promise<MaintenancePlan> {
    const row = await this.db
      .selectFrom('maintenance_plans as p')
      .leftJoin('teams as t', 't.team_id', 'p.team_id')
      .selectAll('p')
      .select('t.name as team_name')
      .where('p.plan_id', '=', planId)
      .where('p.tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw planNotFound(planId);
    return toPlan(row, this.kindName(row.kind));
  }

  /** The tenant's devices of a kind, by name (a plan's devices are picked from them). */
  async devicesOf(tenantId: number, kind: string): Promise<PlanDeviceOption[]> {
    if (!this.catalog.byPage(kind)) throw badRequest(`设备类型不存在：${kind}`);
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name', 'code', 'online'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', kind)
      .orderBy('name')
      .orderBy('device_id')
      .execute();
    return rows.map((row) => ({ deviceId: row.device_id, deviceName: row.name, deviceCode: row.code, online: row.online === 1 }));
  }

  /** The plan's fields checked against the tenant: its kind, devices (of that kind, the tenant's) and team. */
  private async checkPlan(tenantId: number, body: PlanBody): Promise<{ name: string; deviceIds: number[] }> {
    const name = body.name.trim();
    if (!name) throw badRequest('请填写计划名称');
    const kind = this.catalog.byPage(body.kind);
    if (!kind) throw badRequest(`设备类型不存在：${body.kind}`);
    const deviceIds = [...new Set(body.deviceIds ?? [])].sort((a, b) => a - b);
    if (deviceIds.length) {
      const devices = await this.db
        .selectFrom('devices')
        .select(['device_id', 'kind', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('device_id', 'in', deviceIds)
        .execute();
      const missing = deviceIds.filter((id) => !devices.some((device) => device.device_id === id));
      if (missing.length) throw new AppError(404, `设备不存在：${missing.slice(0, 5).join('、')}`);
      const wrong = devices.find((device) => device.kind !== kind.page);
      if (wrong) throw badRequest(`设备 ${wrong.name} 不是${kind.displayName}`);
    }
    if (body.teamId !== undefined && body.teamId !== null) {
      const team = await this.db
        .selectFrom('teams')
        .select('team_id')
        .where('team_id', '=', body.teamId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!team) throw badRequest(`班组不存在：${body.teamId}`);
    }
    return { name, deviceIds };
  }

  async createPlan(tenantId: number, userId: number, body: PlanBody): Promise<MaintenancePlan> {
    const { name, deviceIds } = await this.checkPlan(tenantId, body);
    const at = this.now();
    const planId = await this.db.transaction().execute(async (trx) => {
      const { plan_id } = await trx
        .insertInto('maintenance_plans')
        .values({
          plan_id: undefined,
          tenant_id: tenantId,
          name: name.slice(0, 100),
          kind: body.kind,
          device_ids: JSON.stringify(deviceIds),
          interval_days: body.intervalDays,
          team_id: body.teamId ?? null,
          next_due_at: body.nextDueAt ?? at,
          create_work_order: body.createWorkOrder ? 1 : 0,
          enabled: body.enabled === false ? 0 : 1,
          created_by: userId,
          created_at: at,
          updated_at: at,
        })
        .returning('plan_id')
        .executeTakeFirstOrThrow();
      const id = Number(plan_id);
      await auditOperation(trx, {
        tenantId,
        entity: 'plan',
        entityId: id,
        at,
        userId,
        action: 'create',
        from: null,
        to: null,
        note: `创建保养计划「${name}」，每 ${body.intervalDays} 天`,
      });
      return id;
    });
    return this.plan(tenantId, planId);
  }

  async updatePlan(tenantId: number, userId: number, planId: number, body: PlanBody): Promise<MaintenancePlan> {
    const before = await this.plan(tenantId, planId);
    const { name, deviceIds } = await this.checkPlan(tenantId, body);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('maintenance_plans')
        .set({
          name: name.slice(0, 100),
          kind: body.kind,
          device_ids: JSON.stringify(deviceIds),
          interval_days: body.intervalDays,
          team_id: body.teamId ?? null,
          next_due_at: body.nextDueAt ?? before.nextDueAt,
          create_work_order: body.createWorkOrder ? 1 : 0,
          enabled: body.enabled === false ? 0 : 1,
          updated_at: at,
        })
        .where('plan_id', '=', planId)
        .where('tenant_id', '=', tenantId)
        .execute();
      await auditOperation(trx, {
        tenantId,
        entity: 'plan',
        entityId: planId,
        at,
        userId,
        action: 'update',
        from: null,
        to: null,
        note: `修改保养计划「${name}」`,
      });
    });
    return this.plan(tenantId, planId);
  }

  /** Deletes the plan and its inspections still to do; done ones stay in the record. */
  async deletePlan(tenantId: number, userId: number, planId: number): Promise<void> {
    const plan = await this.plan(tenantId, planId);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('inspections')
        .where('plan_id', '=', planId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'PENDING')
        .execute();
      await trx.deleteFrom('maintenance_plans').where('plan_id', '=', planId).where('tenant_id', '=', tenantId).execute();
      await auditOperation(trx, {
        tenantId,
        entity: 'plan',
        entityId: planId,
        at,
        userId,
        action: 'delete',
        from: null,
        to: null,
        note: `删除保养计划「${plan.name}」`,
      });
    });
  }

  // ---- inspections -----------------------------------------------------------------------------------

  async inspection(tenantId: number, inspectionId: number): Promise<InspectionRow> {
    const row = await selectInspections(this.db)
      .where('i.inspection_id', '=', inspectionId)
      .where('i.tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw inspectionNotFound(inspectionId);
    return toInspection(row, this.kindName(row.kind));
  }

  /** Pending first (earliest due first), then done (latest first). */
  async inspections(filter: InspectionFilter): Promise<{ rows: InspectionRow[]; total: number }> {
    let base = selectInspections(this.db).where('i.tenant_id', '=', filter.tenantId);
    if (filter.status) base = base.where('i.status', '=', filter.status);
    if (filter.planId) base = base.where('i.plan_id', '=', filter.planId);
    let count = this.db
      .selectFrom('inspections as i')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('i.tenant_id', '=', filter.tenantId);
    if (filter.status) count = count.where('i.status', '=', filter.status);
    if (filter.planId) count = count.where('i.plan_id', '=', filter.planId);
    const total = Number((await count.executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const rows = await base
      .orderBy('i.status', 'desc')
      .orderBy((eb) =>
        eb
          .case()
          .when('i.status', '=', 'PENDING')
          .then(eb.ref('i.due_at'))
          .else(eb.neg(eb.ref('i.due_at')))
          .end(),
      )
      .orderBy('i.inspection_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return { rows: rows.map((row) => toInspection(row, this.kindName(row.kind))), total };
  }

  /** Records a pending inspection's result; an 异常 one raises (or joins) the device's inspection fault. */
  async recordResult(tenantId: number, userId: number, body: InspectionResultBody): Promise<InspectionRow> {
    const inspection = await this.inspection(tenantId, body.inspectionId);
    if (inspection.status !== 'PENDING') {
      throw new AppError(
        409,
        `巡检 ${inspection.inspectionId} 当前状态为「${inspection.statusName}」，不能记录结果（仅「待巡检」时可以记录结果）`,
      );
    }
    const note = (body.note ?? '').trim();
    let device: { device_id: number; kind: string; name: string } | undefined;
    if (body.result === 'ABNORMAL') {
      if (body.deviceId === undefined) throw badRequest('巡检异常时请指定异常的设备');
      if (!note) throw badRequest('巡检异常时请填写异常说明');
      device = await this.db
        .selectFrom('devices')
        .select(['device_id', 'kind', 'name'])
        .where('device_id', '=', body.deviceId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!device) throw new AppError(404, `设备不存在：${body.deviceId}`);
      if (device.kind !== inspection.kind) throw badRequest(`设备 ${device.name} 不是${inspection.kindName}`);
      const plan = await this.db
        .selectFrom('maintenance_plans')
        .select('device_ids')
        .where('plan_id', '=', inspection.planId)
        .executeTakeFirst();
      const covered = plan ? (JSON.parse(plan.device_ids) as number[]) : [];
      if (covered.length && !covered.includes(device.device_id)) throw badRequest(`设备 ${device.name} 不在该保养计划内`);
    } else if (body.deviceId !== undefined) {
      const known = await this.db
        .selectFrom('devices')
        .select('device_id')
        .where('device_id', '=', body.deviceId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!known) throw new AppError(404, `设备不存在：${body.deviceId}`);
    }
    const at = this.now();
    const raised = await this.db.transaction().execute(async (trx) => {
      let faultId: number | undefined;
      let fresh = false;
      if (device) {
        faultId = await this.faults.raise(trx, {
          tenantId,
          deviceId: device.device_id,
          kind: device.kind,
          cause: 'inspection',
          detail: `巡检异常：${note}`,
        });
        fresh = faultId !== undefined;
        faultId ??= await this.faults.openFaultOf(trx, tenantId, device.device_id, 'inspection');
      }
      const updated = await trx
        .updateTable('inspections')
        .set({
          status: 'DONE',
          result: body.result,
          note: note.slice(0, 500),
          device_id: body.deviceId ?? null,
          fault_id: faultId ?? null,
          done_at: at,
          done_by: userId,
        })
        .where('inspection_id', '=', inspection.inspectionId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `巡检 ${inspection.inspectionId} 已被他人处理，请刷新后重试`);
      const label = INSPECTION_RESULT_LABELS[body.result];
      await auditOperation(trx, {
        tenantId,
        entity: 'inspection',
        entityId: inspection.inspectionId,
        at,
        userId,
        action: 'result',
        from: 'PENDING',
        to: 'DONE',
        note: `巡检结果：${label}${note ? `，${note}` : ''}${faultId ? `（故障 ${faultId}）` : ''}`,
      });
      return fresh ? faultId : undefined;
    });
    if (raised !== undefined) await this.faults.announce(tenantId, raised, 'raise');
    return this.inspection(tenantId, inspection.inspectionId);
  }

  /**
   * The leader's round: an inspection for every enabled plan that is due, the plan moved on by its
   * interval past now (missed rounds are not made up one by one), and its work order when the plan
   * asks for one. Returns how many inspections were created.
   */
  async createDue(): Promise<number> {
    const at = this.now();
    const due = await this.db
      .selectFrom('maintenance_plans')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_due_at', '<=', at)
      .orderBy('plan_id')
      .limit(ROUND_LIMIT)
      .execute();
    let created = 0;
    for (const plan of due) {
      const planId = Number(plan.plan_id);
      const step = plan.interval_days * DAY_MS;
      let next = plan.next_due_at + step;
      if (next <= at) next += Math.ceil((at - next + 1) / step) * step;
      const inspectionId = await this.db.transaction().execute(async (trx) => {
        // The due time read above: another instance that moved the plan on first wins.
        const moved = await trx
          .updateTable('maintenance_plans')
          .set({ next_due_at: next })
          .where('plan_id', '=', planId)
          .where('next_due_at', '=', plan.next_due_at)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return undefined;
        const inserted = await trx
          .insertInto('inspections')
          .values({
            inspection_id: undefined,
            tenant_id: plan.tenant_id,
            plan_id: planId,
            kind: plan.kind,
            team_id: plan.team_id,
            due_at: plan.next_due_at,
            status: 'PENDING',
            result: null,
            note: '',
            device_id: null,
            fault_id: null,
            work_order_id: null,
            done_at: null,
            done_by: null,
            created_at: at,
          })
          .onConflict((conflict) => conflict.doNothing())
          .returning('inspection_id')
          .executeTakeFirst();
        if (!inserted) return undefined;
        const id = Number(inserted.inspection_id);
        await auditOperation(trx, {
          tenantId: plan.tenant_id,
          entity: 'inspection',
          entityId: id,
          at,
          userId: null,
          action: 'create',
          from: null,
          to: 'PENDING',
          note: `保养计划「${plan.name}」到期，生成巡检`,
        });
        return id;
      });
      if (inspectionId === undefined) continue;
      created++;
      if (plan.create_work_order !== 1) continue;
      const order = await this.orders.create(plan.tenant_id, plan.created_by, {
        title: `巡检：${plan.name}`.slice(0, 100),
        description: `保养计划「${plan.name}」的第 ${inspectionId} 号巡检（${this.kindName(plan.kind)}）`,
        category: 'INSPECTION',
        dueAt: at + step,
      });
      let linked = order;
      if (plan.team_id !== null)
        linked = await this.orders.assign(plan.tenant_id, plan.created_by, {
          orderId: order.orderId,
          teamId: Number(plan.team_id),
          note: '',
        });
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('inspections').set({ work_order_id: linked.orderId }).where('inspection_id', '=', inspectionId).execute();
        await auditOperation(trx, {
          tenantId: plan.tenant_id,
          entity: 'inspection',
          entityId: inspectionId,
          at,
          userId: null,
          action: 'workOrder',
          from: null,
          to: null,
          note: `已创建巡检工单 ${linked.orderNo}`,
        });
      });
    }
    return created;
  }
}
