import {
  INSPECTION_RESULT_LABELS,
  INSPECTION_STATUS_LABELS,
  type InspectionResult,
  type InspectionRow,
  type InspectionStatus,
  type MaintenancePlan,
} from '../../contracts/operations';
import type { Database, Db } from '../db/Database';

/** How maintenance plans and inspections are read and shaped for the API (`kindName`: the kind's display name). */

export function toPlan(row: Database['maintenance_plans'] & { team_name: string | null }, kindName: string): MaintenancePlan {
  return {
    planId: Number(row.plan_id),
    name: row.name,
    kind: row.kind,
    kindName,
    deviceIds: JSON.parse(row.device_ids) as number[],
    intervalDays: row.interval_days,
    teamId: row.team_id === null ? null : Number(row.team_id),
    teamName: row.team_name,
    nextDueAt: row.next_due_at,
    createWorkOrder: row.create_work_order === 1,
    enabled: row.enabled === 1,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}

export function selectInspections(db: Db) {
  return db
    .selectFrom('inspections as i')
    .leftJoin('maintenance_plans as p', 'p.plan_id', 'i.plan_id')
    .leftJoin('teams as t', 't.team_id', 'i.team_id')
    .leftJoin('devices as d', 'd.device_id', 'i.device_id')
    .selectAll('i')
    .select(['p.name as plan_name', 't.name as team_name', 'd.name as device_name']);
}

export function toInspection(
  row: Database['inspections'] & { plan_name: string | null; team_name: string | null; device_name: string | null },
  kindName: string,
): InspectionRow {
  const status = row.status as InspectionStatus;
  const result = row.result as InspectionResult | null;
  return {
    inspectionId: Number(row.inspection_id),
    planId: Number(row.plan_id),
    planName: row.plan_name ?? '（计划已删除）',
    kind: row.kind,
    kindName,
    teamId: row.team_id === null ? null : Number(row.team_id),
    teamName: row.team_name,
    dueAt: row.due_at,
    status,
    statusName: INSPECTION_STATUS_LABELS[status] ?? status,
    result,
    resultName: result ? (INSPECTION_RESULT_LABELS[result] ?? result) : null,
    note: row.note,
    deviceId: row.device_id,
    deviceName: row.device_name,
    faultId: row.fault_id === null ? null : Number(row.fault_id),
    workOrderId: row.work_order_id === null ? null : Number(row.work_order_id),
    doneAt: row.done_at,
    createTime: row.created_at,
  };
}
