import {
  FAULT_ACTION_LABELS,
  FAULT_CAUSE_LABELS,
  FAULT_STATUS_LABELS,
  FAULT_TRANSITIONS,
  type FaultAction,
  type FaultCause,
  type FaultQuery,
  type FaultRow,
  type FaultStatus,
} from '../../contracts/operations';
import type { WorkOrderRow } from '../../contracts/workOrders';
import { operationFaultPushTopic } from '../../contracts/push';
import type { Database, Db } from '../db/Database';
import type { DeviceCatalog } from '../devices/deviceCatalog';
import { AppError, badRequest } from '../envelope';
import type { WorkOrderService } from '../workOrders/WorkOrderService';
import type { PushPublisher } from '../push/PushPublisher';
import { auditOperation, type Executor } from './operationAudit';

export interface FaultFilter extends Omit<FaultQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

type FaultRecord = Database['operation_faults'] & { fault_id: number };

const statusLabel = (status: string) => FAULT_STATUS_LABELS[status as FaultStatus] ?? status;
const notFound = (faultId: number) => new AppError(404, `故障不存在：${faultId}`);
/** Sweeps take at most this many rows a round; the next round takes the rest. */
const SWEEP_LIMIT = 1000;

/** A fault to raise (by a job or an inspection). */
export interface FaultToRaise {
  tenantId: number;
  deviceId: number;
  kind: string;
  cause: FaultCause;
  detail: string;
}

/**
 * Device faults (故障) of a tenant. Raised by the leader's sweep from devices offline longer than a
 * threshold and from failed or timed-out command results, and by an 异常 inspection; at most one open
 * fault per device and cause (a partial unique index, so a second raise by any instance does nothing).
 * Closed automatically when the device is back (offline) or a later command to it succeeds (command),
 * or by an operator; an operator may turn an open fault into a REPAIR work order. Statuses move only
 * along FAULT_TRANSITIONS (409 otherwise, nothing changed), every change audited in its transaction.
 */
export class FaultService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly orders: WorkOrderService,
    private readonly push: PushPublisher | undefined,
    private readonly now: () => number,
  ) {}

  private selectRows(executor: Executor = this.db) {
    return executor
      .selectFrom('operation_faults as f')
      .leftJoin('devices as d', 'd.device_id', 'f.device_id')
      .leftJoin('work_orders as w', 'w.order_id', 'f.work_order_id')
      .selectAll('f')
      .select(['d.name as device_name', 'w.order_no as work_order_no']);
  }

  private toRow(row: Database['operation_faults'] & { device_name: string | null; work_order_no: string | null }): FaultRow {
    return {
      faultId: Number(row.fault_id),
      deviceId: row.device_id,
      deviceName: row.device_name ?? `设备 ${row.device_id}`,
      kind: row.kind,
      kindName: this.catalog.byPage(row.kind)?.displayName ?? row.kind,
      cause: row.cause as FaultCause,
      causeName: FAULT_CAUSE_LABELS[row.cause as FaultCause] ?? row.cause,
      status: row.status as FaultStatus,
      statusName: statusLabel(row.status),
      detail: row.detail,
      openedAt: row.opened_at,
      closedAt: row.closed_at,
      closeNote: row.close_note,
      workOrderId: row.work_order_id === null ? null : Number(row.work_order_id),
      workOrderNo: row.work_order_no,
    };
  }

  async get(tenantId: number, faultId: number): Promise<FaultRow> {
    const row = await this.selectRows().where('f.fault_id', '=', faultId).where('f.tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) throw notFound(faultId);
    return this.toRow(row);
  }

  /** The fault with its audit trail, oldest first. */
  async detail(tenantId: number, faultId: number) {
    const fault = await this.get(tenantId, faultId);
    const events = await this.db
      .selectFrom('operation_events as e')
      .leftJoin('users as u', 'u.user_id', 'e.user_id')
      .select(['e.id', 'e.at', 'e.action', 'e.from_status', 'e.to_status', 'e.note', 'u.nick_name'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.entity', '=', 'fault')
      .where('e.entity_id', '=', faultId)
      .orderBy('e.id')
      .execute();
    return {
      ...fault,
      events: events.map((event) => ({
        id: Number(event.id),
        time: event.at,
        action: event.action,
        actionName: FAULT_ACTION_LABELS[event.action as FaultAction] ?? event.action,
        fromStatus: event.from_status,
        toStatus: event.to_status,
        note: event.note,
        userName: event.nick_name ?? '系统',
      })),
    };
  }

  async list(filter: FaultFilter): Promise<{ rows: FaultRow[]; total: number }> {
    let base = this.db.selectFrom('operation_faults as f').where('f.tenant_id', '=', filter.tenantId);
    if (filter.status) base = base.where('f.status', '=', filter.status);
    if (filter.open === '1') base = base.where('f.closed_at', 'is', null);
    if (filter.open === '0') base = base.where('f.closed_at', 'is not', null);
    if (filter.cause) base = base.where('f.cause', '=', filter.cause);
    if (filter.kind) base = base.where('f.kind', '=', filter.kind);
    if (filter.deviceId) base = base.where('f.device_id', '=', filter.deviceId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const ids = (
      await base
        .select('f.fault_id')
        .orderBy('f.opened_at', 'desc')
        .orderBy('f.fault_id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute()
    ).map((row) => Number(row.fault_id));
    if (ids.length === 0) return { rows: [], total };
    const rows = await this.selectRows().where('f.tenant_id', '=', filter.tenantId).where('f.fault_id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row.fault_id), this.toRow(row)]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
  }

  private async record(tenantId: number, faultId: number, executor: Executor = this.db): Promise<FaultRecord> {
    const row = await executor
      .selectFrom('operation_faults')
      .selectAll()
      .where('fault_id', '=', faultId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw notFound(faultId);
    return { ...row, fault_id: Number(row.fault_id) };
  }

  /** Refuses (409) an action the fault's status does not allow, naming both. */
  private allowed(fault: FaultRecord, action: FaultAction): void {
    const rule = FAULT_TRANSITIONS[action];
    if (rule.from.includes(fault.status as FaultStatus)) return;
    const when = rule.from.map((status) => `「${statusLabel(status)}」`).join('或');
    throw new AppError(
      409,
      `故障 ${fault.fault_id} 当前状态为「${statusLabel(fault.status)}」，不能${FAULT_ACTION_LABELS[action]}（仅${when}时可以${FAULT_ACTION_LABELS[action]}）`,
    );
  }

  /**
   * Moves the fault from the status it was read in (a change made since is refused with 409), with
   * its audit event, in one transaction.
   */
  private async change(
    fault: FaultRecord,
    userId: number | null,
    action: string,
    to: FaultStatus,
    note: string,
    set: Partial<Database['operation_faults']>,
    executor?: Executor,
  ): Promise<void> {
    const at = this.now();
    const run = async (trx: Executor) => {
      const updated = await trx
        .updateTable('operation_faults')
        .set({ ...set, status: to, updated_at: at })
        .where('fault_id', '=', fault.fault_id)
        .where('tenant_id', '=', fault.tenant_id)
        .where('status', '=', fault.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `故障 ${fault.fault_id} 已被他人处理，请刷新后重试`);
      await auditOperation(trx, {
        tenantId: fault.tenant_id,
        entity: 'fault',
        entityId: fault.fault_id,
        at,
        userId,
        action,
        from: fault.status,
        to,
        note,
      });
    };
    if (executor) await run(executor);
    else await this.db.transaction().execute(run);
  }

  async close(tenantId: number, userId: number, faultId: number, note: string): Promise<FaultRow> {
    const fault = await this.record(tenantId, faultId);
    this.allowed(fault, 'close');
    if (!note) throw badRequest('请填写关闭说明');
    await this.change(fault, userId, 'close', 'CLOSED', note, { closed_at: this.now(), close_note: note.slice(0, 500) });
    await this.announce(tenantId, faultId, 'close');
    return this.get(tenantId, faultId);
  }

  /**
   * Turns an open fault into a REPAIR work order (WorkOrderService.create; optionally dispatched to a
   * team). The fault is claimed first (待处理 → 已转工单, so two operators cannot raise two orders), the
   * order created, then linked; a failed create gives the claim back.
   */
  async toWorkOrder(
    tenantId: number,
    userId: number,
    input: { faultId: number; title?: string; teamId?: number },
  ): Promise<{ fault: FaultRow; order: WorkOrderRow }> {
    const fault = await this.record(tenantId, input.faultId);
    this.allowed(fault, 'toWorkOrder');
    const row = await this.get(tenantId, input.faultId);
    if (input.teamId !== undefined) {
      const team = await this.db
        .selectFrom('teams')
        .select('team_id')
        .where('team_id', '=', input.teamId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!team) throw badRequest(`班组不存在：${input.teamId}`);
    }
    await this.change(fault, userId, 'claim', 'ORDERED', '正在创建工单', {});
    let order: WorkOrderRow;
    try {
      order = await this.orders.create(tenantId, userId, {
        title: (input.title?.trim() || `${row.deviceName}${row.causeName}`).slice(0, 100),
        description: `【故障 ${row.faultId}】${row.detail}`,
        category: 'REPAIR',
        deviceId: fault.device_id,
      });
    } catch (error) {
      const claimed = await this.record(tenantId, input.faultId);
      await this.change(claimed, userId, 'unclaim', 'OPEN', '创建工单失败，已恢复', {}).catch(() => undefined);
      throw error;
    }
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operation_faults')
        .set({ work_order_id: order.orderId, updated_at: at })
        .where('fault_id', '=', fault.fault_id)
        .where('tenant_id', '=', tenantId)
        .execute();
      await auditOperation(trx, {
        tenantId,
        entity: 'fault',
        entityId: fault.fault_id,
        at,
        userId,
        action: 'toWorkOrder',
        from: 'OPEN',
        to: 'ORDERED',
        note: `已创建工单 ${order.orderNo}`,
      });
    });
    if (input.teamId !== undefined)
      order = await this.orders.assign(tenantId, userId, { orderId: order.orderId, teamId: input.teamId, note: '' });
    await this.announce(tenantId, fault.fault_id, 'toWorkOrder');
    return { fault: await this.get(tenantId, fault.fault_id), order };
  }

  // ---- raising and closing by the system ------------------------------------------------------------

  /**
   * Raises the fault unless the device already has an open one of that cause (then nothing happens);
   * the id when raised. Runs in the caller's transaction when given one.
   */
  async raise(executor: Executor, fault: FaultToRaise): Promise<number | undefined> {
    const at = this.now();
    const inserted = await executor
      .insertInto('operation_faults')
      .values({
        fault_id: undefined,
        tenant_id: fault.tenantId,
        device_id: fault.deviceId,
        kind: fault.kind,
        cause: fault.cause,
        status: 'OPEN',
        detail: fault.detail.slice(0, 500),
        opened_at: at,
        closed_at: null,
        close_note: '',
        work_order_id: null,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('fault_id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const faultId = Number(inserted.fault_id);
    await auditOperation(executor, {
      tenantId: fault.tenantId,
      entity: 'fault',
      entityId: faultId,
      at,
      userId: null,
      action: 'raise',
      from: null,
      to: 'OPEN',
      note: fault.detail,
    });
    return faultId;
  }

  /** The open fault of a device and cause, if any (an inspection links the one it raised or found). */
  async openFaultOf(executor: Executor, tenantId: number, deviceId: number, cause: FaultCause): Promise<number | undefined> {
    const row = await executor
      .selectFrom('operation_faults')
      .select('fault_id')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .where('cause', '=', cause)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return row ? Number(row.fault_id) : undefined;
  }

  /** Faults for devices offline (by their last recorded change) for at least `thresholdMs`. */
  async raiseOffline(thresholdMs: number): Promise<number> {
    const cutoff = this.now() - thresholdMs;
    const due = await this.db
      .selectFrom('devices as d')
      .innerJoin('device_status_changes as c', 'c.device_id', 'd.device_id')
      .select(['d.device_id', 'd.tenant_id', 'd.kind', (eb) => eb.fn.max('c.at').as('since')])
      .where('d.online', '=', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('operation_faults as f')
              .select('f.fault_id')
              .whereRef('f.device_id', '=', 'd.device_id')
              .where('f.cause', '=', 'offline')
              .where('f.closed_at', 'is', null),
          ),
        ),
      )
      .groupBy(['d.device_id', 'd.tenant_id', 'd.kind'])
      .having((eb) => eb.fn.max('c.at'), '<=', cutoff)
      .orderBy('d.device_id')
      .limit(SWEEP_LIMIT)
      .execute();
    let raised = 0;
    for (const device of due) {
      const minutes = Math.max(1, Math.round((this.now() - Number(device.since)) / 60_000));
      const faultId = await this.db.transaction().execute((trx) =>
        this.raise(trx, {
          tenantId: device.tenant_id,
          deviceId: device.device_id,
          kind: device.kind,
          cause: 'offline',
          detail: `设备离线已 ${minutes} 分钟`,
        }),
      );
      if (faultId !== undefined) {
        raised++;
        await this.announce(device.tenant_id, faultId, 'raise');
      }
    }
    return raised;
  }

  /** Faults for failed or timed-out command results not looked at yet (each marked looked-at in the same transaction). */
  async raiseCommandFailures(): Promise<number> {
    const failures = await this.db
      .selectFrom('device_command_results')
      .selectAll()
      .where('fault_checked', '=', 0)
      .orderBy('id')
      .limit(SWEEP_LIMIT)
      .execute();
    let raised = 0;
    for (const failure of failures) {
      const faultId = await this.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('device_command_results')
          .set({ fault_checked: 1 })
          .where('id', '=', Number(failure.id))
          .where('fault_checked', '=', 0)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return undefined;
        return this.raise(trx, {
          tenantId: failure.tenant_id,
          deviceId: failure.device_id,
          kind: failure.kind,
          cause: 'command',
          detail: `命令执行失败：${failure.message}`,
        });
      });
      if (faultId !== undefined) {
        raised++;
        await this.announce(failure.tenant_id, faultId, 'raise');
      }
    }
    return raised;
  }

  /** Closes offline faults of devices back online and command faults of devices a later command succeeded on. */
  async closeRecovered(): Promise<number> {
    const recovered = await this.db
      .selectFrom('operation_faults as f')
      .innerJoin('devices as d', 'd.device_id', 'f.device_id')
      .selectAll('f')
      .where('f.closed_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('f.cause', '=', 'offline'), eb('d.online', '=', 1)]),
          eb.and([
            eb('f.cause', '=', 'command'),
            eb.exists(
              eb
                .selectFrom('device_command_results as r')
                .select('r.id')
                .whereRef('r.device_id', '=', 'f.device_id')
                .where('r.success', '=', 1)
                .whereRef('r.at', '>', 'f.opened_at'),
            ),
          ]),
        ]),
      )
      .orderBy('f.fault_id')
      .limit(SWEEP_LIMIT)
      .execute();
    let closed = 0;
    for (const row of recovered) {
      const fault = { ...row, fault_id: Number(row.fault_id) };
      const note = fault.cause === 'offline' ? '设备已恢复在线，自动关闭' : '设备后续命令执行成功，自动关闭';
      const done = await this.change(fault, null, 'autoClose', 'CLOSED', note, { closed_at: this.now(), close_note: note }).then(
        () => true,
        () => false,
      );
      if (done) {
        closed++;
        await this.announce(fault.tenant_id, fault.fault_id, 'autoClose');
      }
    }
    return closed;
  }

  /** One round of the leader's fault job. */
  async sweep(offlineThresholdMs: number): Promise<{ raised: number; closed: number }> {
    const closed = await this.closeRecovered();
    const raised = (await this.raiseOffline(offlineThresholdMs)) + (await this.raiseCommandFailures());
    return { raised, closed };
  }

  /** Tells the tenant's pages (silent push OPERATION_FAULT) after the commit. */
  async announce(tenantId: number, faultId: number, action: string): Promise<void> {
    if (!this.push) return;
    const fault = await this.get(tenantId, faultId).catch(() => undefined);
    if (!fault) return;
    await this.push
      .publish(tenantId, operationFaultPushTopic, {
        action,
        faultId,
        deviceId: fault.deviceId,
        deviceName: fault.deviceName,
        cause: fault.cause,
        status: fault.status,
      })
      .catch(() => undefined);
  }
}
