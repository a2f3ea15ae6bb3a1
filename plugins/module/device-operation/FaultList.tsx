import { Link } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Tag,
  TextArea,
  type Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { formatMonthDayTime, PanelBox, WidgetState, type WidgetStatus } from '@ops/sdk';
import {
  FAULT_CAUSES,
  FAULT_CAUSE_LABELS,
  FAULT_STATUSES,
  FAULT_STATUS_LABELS,
  FAULT_TRANSITIONS,
  type FaultCause,
  type FaultQuery,
  type FaultRow,
  type FaultStatus,
} from '@ops/contracts';
import { operationStrings as t } from './operationStrings';

/** 工单管理 opened on one order (its page reads ?orderId=). */
export const workOrderLink = (orderId: number) => `/operation/workorder?orderId=${orderId}`;

export const STATUS_INTENT: Record<FaultStatus, Intent> = { OPEN: 'danger', ORDERED: 'warning', CLOSED: 'success' };

export interface FaultListProps {
  query: FaultQuery & { pageNum: number; pageSize: number };
  onQuery(query: FaultQuery & { pageNum: number; pageSize: number }): void;
  page: { rows: FaultRow[]; total: number } | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
  teams: { teamId: number; name: string }[];
  /** Rejects with the server's message (the dialog stays open). */
  onClose(fault: FaultRow, note: string): Promise<void>;
  onToWorkOrder(fault: FaultRow, title: string, teamId?: number): Promise<void>;
}

/** 设备故障: the tenant's faults, newest first, filtered by status and cause; 关闭 and 转工单 where the status allows. */
export function FaultList({ query, onQuery, page, status, error, onRetry, teams, onClose, onToWorkOrder }: FaultListProps) {
  const [closing, setClosing] = useState<FaultRow | null>(null);
  const [ordering, setOrdering] = useState<FaultRow | null>(null);
  const pages = Math.max(1, Math.ceil((page?.total ?? 0) / query.pageSize));
  const statusValue = query.open === '1' ? 'open' : (query.status ?? '');
  const filters = (
    <>
      <HTMLSelect
        minimal
        aria-label={t.faultFilterStatus}
        value={statusValue}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const { status: _status, open: _open, ...rest } = query;
          onQuery({ ...rest, pageNum: 1, ...(value === 'open' ? { open: '1' } : value ? { status: value as FaultStatus } : {}) });
        }}
        options={[
          { value: '', label: t.allStatuses },
          { value: 'open', label: t.openOnly },
          ...FAULT_STATUSES.map((value) => ({ value, label: FAULT_STATUS_LABELS[value] })),
        ]}
      />
      <HTMLSelect
        minimal
        aria-label={t.faultFilterCause}
        value={query.cause ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value as FaultCause | '';
          const { cause: _cause, ...rest } = query;
          onQuery({ ...rest, pageNum: 1, ...(value ? { cause: value } : {}) });
        }}
        options={[{ value: '', label: t.allCauses }, ...FAULT_CAUSES.map((value) => ({ value, label: FAULT_CAUSE_LABELS[value] }))]}
      />
    </>
  );
  return (
    <PanelBox title={t.faults} className="device-operation__faults" actions={filters}>
      <WidgetState
        status={status}
        empty={!page?.rows.length}
        error={error}
        onRetry={onRetry}
        emptyText={t.noFaults}
        className="device-operation__table-wrap"
      >
        <div className="device-operation__scroll">
          <HTMLTable compact striped className="device-operation__table" aria-label={t.faults}>
            <thead>
              <tr>
                <th>{t.column.device}</th>
                <th>{t.column.cause}</th>
                <th>{t.column.detail}</th>
                <th>{t.column.openedAt}</th>
                <th>{t.column.status}</th>
                <th>{t.column.workOrder}</th>
                <th>{t.column.actions}</th>
              </tr>
            </thead>
            <tbody>
              {page?.rows.map((fault) => (
                <tr key={fault.faultId} data-fault-id={fault.faultId}>
                  <td>
                    <div className="device-operation__device">{fault.deviceName}</div>
                    <div className="device-operation__muted">{fault.kindName}</div>
                  </td>
                  <td className="device-operation__nowrap">{fault.causeName}</td>
                  <td className="device-operation__detail" title={fault.closeNote ? `${fault.detail}；${fault.closeNote}` : fault.detail}>
                    {fault.detail}
                  </td>
                  <td className="device-operation__nowrap">{formatMonthDayTime(fault.openedAt)}</td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[fault.status]}>
                      {fault.statusName}
                    </Tag>
                  </td>
                  <td className="device-operation__nowrap">
                    {fault.workOrderId !== null && fault.workOrderNo ? (
                      <Link to={workOrderLink(fault.workOrderId)} aria-label={t.openWorkOrder(fault.workOrderNo)}>
                        {fault.workOrderNo}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="device-operation__actions">
                    {FAULT_TRANSITIONS.toWorkOrder.from.includes(fault.status) ? (
                      <Button
                        size="small"
                        intent="primary"
                        variant="outlined"
                        onClick={() => setOrdering(fault)}
                        aria-label={t.toWorkOrderOf(fault.deviceName)}
                      >
                        {t.toWorkOrder}
                      </Button>
                    ) : null}
                    {FAULT_TRANSITIONS.close.from.includes(fault.status) ? (
                      <Button size="small" variant="minimal" onClick={() => setClosing(fault)} aria-label={t.closeFault(fault.deviceName)}>
                        {t.close}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <div className="device-operation__pager">
          <span>{t.pageOf(query.pageNum, pages, page?.total ?? 0)}</span>
          <Button
            size="small"
            variant="minimal"
            icon="chevron-left"
            disabled={query.pageNum <= 1}
            onClick={() => onQuery({ ...query, pageNum: query.pageNum - 1 })}
            aria-label={t.previous}
          />
          <Button
            size="small"
            variant="minimal"
            icon="chevron-right"
            disabled={query.pageNum >= pages}
            onClick={() => onQuery({ ...query, pageNum: query.pageNum + 1 })}
            aria-label={t.next}
          />
        </div>
      </WidgetState>
      {closing ? (
        <CloseFaultDialog
          fault={closing}
          onCancel={() => setClosing(null)}
          onConfirm={async (note) => {
            await onClose(closing, note);
            setClosing(null);
          }}
        />
      ) : null}
      {ordering ? (
        <ToWorkOrderDialog
          fault={ordering}
          teams={teams}
          onCancel={() => setOrdering(null)}
          onConfirm={async (title, teamId) => {
            await onToWorkOrder(ordering, title, teamId);
            setOrdering(null);
          }}
        />
      ) : null}
    </PanelBox>
  );
}

function CloseFaultDialog({ fault, onCancel, onConfirm }: { fault: FaultRow; onCancel(): void; onConfirm(note: string): Promise<void> }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async () => {
    if (!note.trim()) return setInvalid(t.invalid.closeNote);
    setBusy(true);
    try {
      await onConfirm(note.trim());
    } catch {
      // The HTTP client showed the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={t.closeFault(fault.deviceName)} onClose={onCancel}>
      <DialogBody>
        <FormGroup label={t.closeNote} labelFor="fault-close-note" helperText={invalid ?? undefined} intent={invalid ? 'danger' : 'none'}>
          <TextArea
            id="fault-close-note"
            fill
            value={note}
            placeholder={t.closeNotePlaceholder}
            maxLength={500}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setInvalid(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t.cancel}</Button>
            <Button intent="primary" loading={busy} onClick={() => void submit()}>
              {t.confirmClose}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

function ToWorkOrderDialog({
  fault,
  teams,
  onCancel,
  onConfirm,
}: {
  fault: FaultRow;
  teams: { teamId: number; name: string }[];
  onCancel(): void;
  onConfirm(title: string, teamId?: number): Promise<void>;
}) {
  const [title, setTitle] = useState(`${fault.deviceName}${fault.causeName}`.slice(0, 100));
  const [teamId, setTeamId] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onConfirm(title.trim(), teamId ? Number(teamId) : undefined);
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={t.toWorkOrderOf(fault.deviceName)} onClose={onCancel}>
      <DialogBody>
        <p className="device-operation__muted">{fault.detail}</p>
        <FormGroup label={t.workOrderTitle} labelFor="fault-order-title">
          <InputGroup id="fault-order-title" value={title} maxLength={100} onChange={(event) => setTitle(event.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t.team} labelFor="fault-order-team">
          <HTMLSelect
            id="fault-order-team"
            fill
            value={teamId}
            onChange={(event) => setTeamId(event.currentTarget.value)}
            options={[{ value: '', label: t.noTeam }, ...teams.map((team) => ({ value: String(team.teamId), label: team.name }))]}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t.cancel}</Button>
            <Button intent="primary" loading={busy} onClick={() => void submit()}>
              {t.confirmToWorkOrder}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
