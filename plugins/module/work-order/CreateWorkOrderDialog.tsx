import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { type DeviceKind } from '@ops/sdk';
import {
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_SLA_HOURS,
  type CreateWorkOrderBody,
  type DeviceRow,
  type WorkOrderAssignees,
  type WorkOrderCategory,
  type WorkOrderPriority,
} from '@ops/contracts';
import { parseShanghaiInput, toShanghaiInput } from './shanghaiInput';
import { DESCRIPTION_MAX, TITLE_MAX, validateCreate, type CreateForm } from './validateWorkOrder';
import { workOrderStrings as t } from './workOrderStrings';
import { errorMessage } from '@ops/contracts';

export interface NewWorkOrder {
  body: CreateWorkOrderBody;
  /** Dispatch right after creating: `user:<id>` or `team:<id>`. */
  assignTo?: { userId?: number; teamId?: number };
}

export interface CreateWorkOrderDialogProps {
  isOpen: boolean;
  onClose(): void;
  /** Creates it; rejects with the server's message when it refuses (the dialog stays open with it). */
  onCreate(order: NewWorkOrder): Promise<void>;
  assignees: WorkOrderAssignees;
  deviceKinds: readonly DeviceKind[];
  /** Devices of a kind whose name holds the keyword (the device list's search). */
  searchDevices(kind: DeviceKind, keyword: string): Promise<DeviceRow[]>;
  now(): number;
}

const EMPTY = {
  title: '',
  description: '',
  category: 'REPAIR' as WorkOrderCategory,
  priority: 'NORMAL' as WorkOrderPriority,
  due: '',
  kind: '',
  keyword: '',
  deviceId: '',
  assignTo: '',
};

/** 新建工单: title, description, category, priority, time limit, a device, and whom to dispatch it to now. */
export function CreateWorkOrderDialog({
  isOpen,
  onClose,
  onCreate,
  assignees,
  deviceKinds,
  searchDevices,
  now,
}: CreateWorkOrderDialogProps) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CreateForm, string>>>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [devices, setDevices] = useState<DeviceRow[]>([]);
  const set = (patch: Partial<typeof EMPTY>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    // A field being corrected loses its message; the others keep theirs until the next submit.
    const touched = { title: 'title' in patch, description: 'description' in patch, dueAt: 'due' in patch };
    setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([field]) => !touched[field as keyof CreateForm])));
  };
  const kind = deviceKinds.find((candidate) => candidate.page === form.kind);

  useEffect(() => {
    if (isOpen) {
      setForm(EMPTY);
      setErrors({});
      setRefusal(undefined);
    }
  }, [isOpen]);
  // The kind's devices, narrowed by the name typed (debounced a little).
  useEffect(() => {
    if (!kind) return setDevices([]);
    let live = true;
    const timer = setTimeout(() => {
      searchDevices(kind, form.keyword.trim()).then(
        (rows) => live && setDevices(rows),
        () => live && setDevices([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, form.keyword, searchDevices]);

  const submit = async () => {
    const dueAt = form.due ? parseShanghaiInput(form.due) : undefined;
    const found = validateCreate(
      { title: form.title, description: form.description, dueAt: form.due && dueAt === undefined ? 0 : dueAt },
      now(),
    );
    setErrors(found);
    setRefusal(undefined);
    if (Object.keys(found).length) return;
    const [targetKind, targetId] = form.assignTo.split(':');
    setBusy(true);
    try {
      await onCreate({
        body: {
          title: form.title.trim(),
          ...(form.description.trim() ? { description: form.description.trim() } : {}),
          category: form.category,
          priority: form.priority,
          ...(dueAt !== undefined ? { dueAt } : {}),
          ...(form.deviceId ? { deviceId: Number(form.deviceId) } : {}),
        },
        ...(targetId ? { assignTo: targetKind === 'user' ? { userId: Number(targetId) } : { teamId: Number(targetId) } } : {}),
      });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t.createTitle}
      icon="add"
      className="work-order__create"
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogBody>
          <FormGroup
            label={t.titleLabel}
            labelFor="work-order-title"
            labelInfo="*"
            intent={errors.title ? 'danger' : 'none'}
            helperText={errors.title}
          >
            <InputGroup
              id="work-order-title"
              autoFocus
              maxLength={TITLE_MAX + 20}
              placeholder={t.titlePlaceholder}
              intent={errors.title ? 'danger' : 'none'}
              value={form.title}
              onChange={(event) => set({ title: event.currentTarget.value })}
            />
          </FormGroup>
          <FormGroup
            label={t.description}
            labelFor="work-order-description"
            intent={errors.description ? 'danger' : 'none'}
            helperText={errors.description}
          >
            <TextArea
              id="work-order-description"
              fill
              rows={3}
              maxLength={DESCRIPTION_MAX + 20}
              intent={errors.description ? 'danger' : 'none'}
              value={form.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
            />
          </FormGroup>
          <div className="work-order__form-row">
            <FormGroup label={t.category} labelFor="work-order-category">
              <HTMLSelect
                id="work-order-category"
                fill
                value={form.category}
                onChange={(event) => set({ category: event.currentTarget.value as WorkOrderCategory })}
                options={WORK_ORDER_CATEGORIES.map((value) => ({ value, label: WORK_ORDER_CATEGORY_LABELS[value] }))}
              />
            </FormGroup>
            <FormGroup label={t.priority} labelFor="work-order-priority">
              <HTMLSelect
                id="work-order-priority"
                fill
                value={form.priority}
                onChange={(event) => set({ priority: event.currentTarget.value as WorkOrderPriority })}
                options={WORK_ORDER_PRIORITIES.map((value) => ({ value, label: WORK_ORDER_PRIORITY_LABELS[value] }))}
              />
            </FormGroup>
            <FormGroup
              label={t.dueAt}
              labelFor="work-order-due"
              intent={errors.dueAt ? 'danger' : 'none'}
              helperText={errors.dueAt ?? t.dueDefault(WORK_ORDER_SLA_HOURS[form.priority])}
            >
              <InputGroup
                id="work-order-due"
                type="datetime-local"
                min={toShanghaiInput(now())}
                intent={errors.dueAt ? 'danger' : 'none'}
                value={form.due}
                onChange={(event) => set({ due: event.currentTarget.value })}
              />
            </FormGroup>
          </div>
          <div className="work-order__form-row">
            <FormGroup label={t.deviceKind} labelFor="work-order-device-kind">
              <HTMLSelect
                id="work-order-device-kind"
                fill
                value={form.kind}
                onChange={(event) => set({ kind: event.currentTarget.value, deviceId: '', keyword: '' })}
                options={[
                  { value: '', label: t.noDeviceKind },
                  ...deviceKinds.map((candidate) => ({ value: candidate.page, label: candidate.displayName })),
                ]}
              />
            </FormGroup>
            <FormGroup label={t.deviceSearch} labelFor="work-order-device-search">
              <InputGroup
                id="work-order-device-search"
                type="search"
                leftIcon="search"
                disabled={!kind}
                placeholder={t.deviceSearchPlaceholder}
                value={form.keyword}
                onChange={(event) => set({ keyword: event.currentTarget.value })}
              />
            </FormGroup>
            <FormGroup label={t.devicePicker} labelFor="work-order-device">
              <HTMLSelect
                id="work-order-device"
                fill
                disabled={!kind}
                value={form.deviceId}
                onChange={(event) => set({ deviceId: event.currentTarget.value })}
              >
                <option value="">{kind && devices.length === 0 ? t.noDevices : t.chooseDevice}</option>
                {devices.map((device) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {device.deviceName}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </div>
          <FormGroup label={t.assignNow} labelFor="work-order-assign-now">
            <HTMLSelect
              id="work-order-assign-now"
              fill
              value={form.assignTo}
              onChange={(event) => set({ assignTo: event.currentTarget.value })}
            >
              <option value="">{t.notAssigned}</option>
              <optgroup label={t.teams}>
                {assignees.teams.map((team) => (
                  <option key={team.teamId} value={`team:${team.teamId}`}>
                    {team.name}
                    {team.duty ? `（${team.duty}）` : ''}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t.people}>
                {assignees.users.map((user) => (
                  <option key={user.userId} value={`user:${user.userId}`}>
                    {user.nickName}
                  </option>
                ))}
              </optgroup>
            </HTMLSelect>
          </FormGroup>
          {refusal ? (
            <Callout intent="danger" role="alert">
              {refusal}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t.cancelDialog}</Button>
              <Button type="submit" intent="primary" loading={busy}>
                {t.submitCreate}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
