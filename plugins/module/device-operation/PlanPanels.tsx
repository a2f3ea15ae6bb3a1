import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NumericInput,
  Radio,
  RadioGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { formatDateTime, formatMonthDayTime, PanelBox, useLoaded, WidgetState, type WidgetStatus } from '@ops/sdk';
import {
  INSPECTION_RESULTS,
  INSPECTION_RESULT_LABELS,
  type InspectionResult,
  type InspectionRow,
  type MaintenancePlan,
  type PlanBody,
  type PlanDeviceOption,
} from '@ops/contracts';
import { PlanDevicePicker, type PlanScope } from './PlanDevicePicker';
import { operationStrings as t } from './operationStrings';

export interface KindOption {
  page: string;
  name: string;
}

export interface PlanListProps {
  plans: MaintenancePlan[] | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
  kinds: KindOption[];
  teams: { teamId: number; name: string }[];
  /** The tenant's devices of a kind (the dialog's device picker). */
  loadDevices(kind: string): Promise<PlanDeviceOption[]>;
  /** Rejects with the server's message (the dialog stays open). */
  onSave(body: PlanBody, planId?: number): Promise<void>;
  onDelete(plan: MaintenancePlan): Promise<void>;
}

/** 保养计划: every plan of the tenant with its scope, interval, team and next due time; new, edit, delete. */
export function PlanList({ plans, status, error, onRetry, kinds, teams, loadDevices, onSave, onDelete }: PlanListProps) {
  const [editing, setEditing] = useState<MaintenancePlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MaintenancePlan | null>(null);
  return (
    <PanelBox
      title={t.plans}
      className="device-operation__plans"
      actions={
        <Button size="small" icon="add" intent="primary" variant="minimal" onClick={() => setEditing('new')}>
          {t.newPlan}
        </Button>
      }
    >
      <WidgetState
        status={status}
        empty={!plans?.length}
        error={error}
        onRetry={onRetry}
        emptyText={t.noPlans}
        className="device-operation__table-wrap"
      >
        <div className="device-operation__scroll">
          <HTMLTable compact striped className="device-operation__table" aria-label={t.plans}>
            <thead>
              <tr>
                <th>{t.plan.name}</th>
                <th>{t.plan.nextDue}</th>
                <th>{t.column.actions}</th>
              </tr>
            </thead>
            <tbody>
              {plans?.map((plan) => (
                <tr key={plan.planId}>
                  <td>
                    <div>
                      {plan.name} {plan.enabled ? null : <Tag minimal>{t.plan.disabled}</Tag>}
                    </div>
                    {/* The scope under the name: 全部智慧灯杆 · 每 30 天 · 运维班. */}
                    <div className="device-operation__muted">
                      {plan.deviceIds.length ? t.plan.someDevices(plan.deviceIds.length) : t.plan.allDevices(plan.kindName)} ·{' '}
                      {t.plan.everyDays(plan.intervalDays)}
                      {plan.teamName ? ` · ${plan.teamName}` : ''}
                    </div>
                  </td>
                  <td className="device-operation__nowrap">{formatMonthDayTime(plan.nextDueAt)}</td>
                  <td className="device-operation__actions">
                    <Button size="small" variant="minimal" onClick={() => setEditing(plan)} aria-label={`${t.edit}${plan.name}`}>
                      {t.edit}
                    </Button>
                    <Button
                      size="small"
                      variant="minimal"
                      intent="danger"
                      onClick={() => setDeleting(plan)}
                      aria-label={`${t.deletePlan}${plan.name}`}
                    >
                      {t.deletePlan}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </WidgetState>
      {editing ? (
        <PlanDialog
          plan={editing === 'new' ? undefined : editing}
          kinds={kinds}
          teams={teams}
          loadDevices={loadDevices}
          onCancel={() => setEditing(null)}
          onSave={async (body) => {
            await onSave(body, editing === 'new' ? undefined : editing.planId);
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <Dialog isOpen title={t.deletePlan} onClose={() => setDeleting(null)}>
          <DialogBody>{t.deletePlanOf(deleting.name)}</DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setDeleting(null)}>{t.cancel}</Button>
                <Button
                  intent="danger"
                  onClick={() =>
                    void onDelete(deleting).then(
                      () => setDeleting(null),
                      () => undefined,
                    )
                  }
                >
                  {t.confirmDelete}
                </Button>
              </>
            }
          />
        </Dialog>
      ) : null}
    </PanelBox>
  );
}

/** What the plan form holds, checked before it is sent (the server checks again). */
export function planBodyOf(form: {
  name: string;
  kind: string;
  intervalDays: number;
  scope: PlanScope;
  teamId: string;
  createWorkOrder: boolean;
  enabled: boolean;
}): PlanBody | string {
  if (!form.name.trim()) return t.invalid.name;
  if (!form.kind) return t.invalid.kind;
  if (!form.scope.all && form.scope.deviceIds.length === 0) return t.invalid.devices;
  if (!Number.isInteger(form.intervalDays) || form.intervalDays < 1 || form.intervalDays > 365) return t.invalid.interval;
  return {
    name: form.name.trim(),
    kind: form.kind,
    intervalDays: form.intervalDays,
    // Empty: every device of the kind.
    deviceIds: form.scope.all ? [] : [...form.scope.deviceIds].sort((a, b) => a - b),
    ...(form.teamId ? { teamId: Number(form.teamId) } : {}),
    createWorkOrder: form.createWorkOrder,
    enabled: form.enabled,
  };
}

function PlanDialog({
  plan,
  kinds,
  teams,
  loadDevices,
  onCancel,
  onSave,
}: {
  plan?: MaintenancePlan;
  kinds: KindOption[];
  teams: { teamId: number; name: string }[];
  loadDevices(kind: string): Promise<PlanDeviceOption[]>;
  onCancel(): void;
  onSave(body: PlanBody): Promise<void>;
}) {
  const [form, setForm] = useState({
    name: plan?.name ?? '',
    kind: plan?.kind ?? kinds[0]?.page ?? '',
    intervalDays: plan?.intervalDays ?? 30,
    scope: { all: !plan?.deviceIds.length, deviceIds: plan?.deviceIds ?? [] } as PlanScope,
    teamId: plan?.teamId ? String(plan.teamId) : '',
    createWorkOrder: plan?.createWorkOrder ?? false,
    enabled: plan?.enabled ?? true,
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [devices] = useLoaded(useCallback(() => (form.kind ? loadDevices(form.kind) : Promise.resolve([])), [form.kind, loadDevices]));
  const set = (patch: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setInvalid(null);
  };
  const submit = async () => {
    const body = planBodyOf(form);
    if (typeof body === 'string') return setInvalid(body);
    setBusy(true);
    try {
      await onSave(body);
    } catch {
      // The HTTP client showed the server's message; the form stays.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={plan ? t.editPlan : t.newPlan} onClose={onCancel}>
      <DialogBody>
        <FormGroup label={t.plan.name} labelFor="plan-name">
          <InputGroup id="plan-name" value={form.name} maxLength={100} onChange={(event) => set({ name: event.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t.plan.kind} labelFor="plan-kind">
          <HTMLSelect
            id="plan-kind"
            fill
            value={form.kind}
            onChange={(event) => set({ kind: event.currentTarget.value, scope: { all: form.scope.all, deviceIds: [] } })}
            options={kinds.map((kind) => ({ value: kind.page, label: kind.name }))}
          />
        </FormGroup>
        <PlanDevicePicker
          kindName={kinds.find((kind) => kind.page === form.kind)?.name ?? ''}
          devices={devices}
          value={form.scope}
          onChange={(scope) => set({ scope })}
        />
        <FormGroup label={t.plan.interval} labelFor="plan-interval">
          <NumericInput
            id="plan-interval"
            min={1}
            max={365}
            value={form.intervalDays}
            onValueChange={(value) => set({ intervalDays: value })}
          />
        </FormGroup>
        <FormGroup label={t.plan.team} labelFor="plan-team">
          <HTMLSelect
            id="plan-team"
            fill
            value={form.teamId}
            onChange={(event) => set({ teamId: event.currentTarget.value })}
            options={[{ value: '', label: t.noTeam }, ...teams.map((team) => ({ value: String(team.teamId), label: team.name }))]}
          />
        </FormGroup>
        <Checkbox
          checked={form.createWorkOrder}
          label={t.plan.workOrder}
          onChange={(event) => set({ createWorkOrder: event.currentTarget.checked })}
        />
        <Checkbox checked={form.enabled} label={t.plan.enabled} onChange={(event) => set({ enabled: event.currentTarget.checked })} />
        {invalid ? (
          <p className="device-operation__invalid" role="alert">
            {invalid}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t.cancel}</Button>
            <Button intent="primary" loading={busy} onClick={() => void submit()}>
              {t.save}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export interface InspectionListProps {
  page: { rows: InspectionRow[]; total: number } | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
  /** The tenant's devices of a kind: an 异常 result names one of the plan's devices by name. */
  loadDevices(kind: string): Promise<PlanDeviceOption[]>;
  /** The plans (a plan of listed devices offers only those); undefined while they load. */
  plans?: MaintenancePlan[];
  onRecord(inspection: InspectionRow, result: InspectionResult, note: string, deviceId?: number): Promise<void>;
}

/** 巡检记录: pending rounds first (earliest due first), then done ones; 登记结果 on a pending one. */
export function InspectionList({ page, status, error, onRetry, loadDevices, plans, onRecord }: InspectionListProps) {
  const [recording, setRecording] = useState<InspectionRow | null>(null);
  return (
    <PanelBox title={t.inspections} className="device-operation__inspections">
      <WidgetState
        status={status}
        empty={!page?.rows.length}
        error={error}
        onRetry={onRetry}
        emptyText={t.noInspections}
        className="device-operation__table-wrap"
      >
        <div className="device-operation__scroll">
          <HTMLTable compact striped className="device-operation__table" aria-label={t.inspections}>
            <thead>
              <tr>
                <th>{t.inspection.plan}</th>
                <th>{t.inspection.due}</th>
                <th>{t.inspection.result}</th>
                <th>{t.column.actions}</th>
              </tr>
            </thead>
            <tbody>
              {page?.rows.map((inspection) => (
                <tr key={inspection.inspectionId}>
                  <td>
                    <div>{inspection.planName}</div>
                    <div className="device-operation__muted">{inspection.teamName ?? inspection.kindName}</div>
                  </td>
                  <td className="device-operation__nowrap" title={formatDateTime(inspection.dueAt)}>
                    {formatMonthDayTime(inspection.dueAt)}
                  </td>
                  <td title={inspection.note}>
                    {inspection.result ? (
                      <Tag minimal intent={inspection.result === 'NORMAL' ? 'success' : 'danger'}>
                        {inspection.resultName}
                      </Tag>
                    ) : (
                      <Tag minimal intent="warning">
                        {inspection.statusName}
                      </Tag>
                    )}
                    {inspection.deviceName ? <div className="device-operation__muted">{inspection.deviceName}</div> : null}
                  </td>
                  <td className="device-operation__actions">
                    {inspection.status === 'PENDING' ? (
                      <Button
                        size="small"
                        intent="primary"
                        variant="outlined"
                        onClick={() => setRecording(inspection)}
                        aria-label={t.recordOf(inspection.planName)}
                      >
                        {t.record}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </WidgetState>
      {recording ? (
        <InspectionDialog
          inspection={recording}
          loadDevices={loadDevices}
          covered={plans?.find((plan) => plan.planId === recording.planId)?.deviceIds ?? []}
          onCancel={() => setRecording(null)}
          onConfirm={async (result, note, deviceId) => {
            await onRecord(recording, result, note, deviceId);
            setRecording(null);
          }}
        />
      ) : null}
    </PanelBox>
  );
}

function InspectionDialog({
  inspection,
  loadDevices,
  covered,
  onCancel,
  onConfirm,
}: {
  inspection: InspectionRow;
  loadDevices(kind: string): Promise<PlanDeviceOption[]>;
  /** The plan's devices; empty: every device of the kind. */
  covered: readonly number[];
  onCancel(): void;
  onConfirm(result: InspectionResult, note: string, deviceId?: number): Promise<void>;
}) {
  const [result, setResult] = useState<InspectionResult>('NORMAL');
  const [note, setNote] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [devices] = useLoaded(useCallback(() => loadDevices(inspection.kind), [inspection.kind, loadDevices]));
  const choices = (devices.data ?? []).filter((device) => covered.length === 0 || covered.includes(device.deviceId));
  const submit = async () => {
    if (result === 'ABNORMAL' && !deviceId) return setInvalid(t.invalid.abnormalDevice);
    if (result === 'ABNORMAL' && !note.trim()) return setInvalid(t.invalid.abnormalNote);
    setBusy(true);
    try {
      await onConfirm(result, note.trim(), result === 'ABNORMAL' ? Number(deviceId) : undefined);
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={t.recordOf(inspection.planName)} onClose={onCancel}>
      <DialogBody>
        <RadioGroup
          label={t.resultLabel}
          inline
          selectedValue={result}
          onChange={(event) => {
            setResult(event.currentTarget.value as InspectionResult);
            setInvalid(null);
          }}
        >
          {INSPECTION_RESULTS.map((value) => (
            <Radio key={value} value={value} label={INSPECTION_RESULT_LABELS[value]} />
          ))}
        </RadioGroup>
        {result === 'ABNORMAL' ? (
          <FormGroup label={t.abnormalDevice} labelFor="inspection-device">
            <HTMLSelect
              id="inspection-device"
              fill
              value={deviceId}
              disabled={devices.status === 'loading' && !devices.data}
              onChange={(event) => {
                setDeviceId(event.currentTarget.value);
                setInvalid(null);
              }}
              options={[
                {
                  value: '',
                  label:
                    devices.status === 'error'
                      ? t.plan.devicesFailed(devices.error ?? '')
                      : devices.data
                        ? t.chooseAbnormalDevice
                        : t.plan.loadingDevices,
                },
                ...choices.map((device) => ({
                  value: String(device.deviceId),
                  label: device.online ? device.deviceName : `${device.deviceName}（${t.plan.offline}）`,
                })),
              ]}
            />
          </FormGroup>
        ) : null}
        <FormGroup label={t.inspectionNote} labelFor="inspection-note">
          <TextArea
            id="inspection-note"
            fill
            maxLength={500}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setInvalid(null);
            }}
          />
        </FormGroup>
        {invalid ? (
          <p className="device-operation__invalid" role="alert">
            {invalid}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t.cancel}</Button>
            <Button intent="primary" loading={busy} onClick={() => void submit()}>
              {t.save}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
