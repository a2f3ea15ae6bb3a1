import { Button, Divider, FormGroup, H4, HTMLSelect, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, useDictionary } from '@ops/sdk';
import type { AlarmStatus, WorkOrderRow } from '@ops/contracts';
import { eventCenterStrings as t } from './eventCenterStrings';
import type { AlarmDetailData } from './alarmApi';

/** The next status of each step of the lifecycle (spec section 3). */
export const NEXT_STATUS: Record<string, AlarmStatus | undefined> = {
  ALARM_STATUS_UNTREATED: 'ALARM_STATUS_PROCESSING',
  ALARM_STATUS_PROCESSING: 'ALARM_STATUS_COMPLET',
  ALARM_STATUS_COMPLET: 'ALARM_STATUS_CONFIRMED',
};

export interface AlarmDetailProps {
  alarm: AlarmDetailData;
  assignees: readonly { userId: number; nickName: string }[];
  onTransition(status: AlarmStatus, comment: string): Promise<void>;
  onAssign(userId: number, comment: string): Promise<void>;
  onComment(comment: string): Promise<void>;
  onClose?(): void;
  /** The work orders raised from this alarm (undefined while they load). */
  workOrders?: readonly WorkOrderRow[];
  /** 转工单; absent, the action is not offered. */
  onToWorkOrder?(): Promise<void>;
}

const WORK_ORDER_INTENT: Record<string, 'none' | 'primary' | 'warning' | 'success'> = {
  PENDING: 'none',
  ASSIGNED: 'primary',
  PROCESSING: 'warning',
  DONE: 'success',
  CANCELLED: 'none',
};
/** 工单管理 opened on one order. */
export const workOrderLink = (orderId: number) => `/operation/workorder?orderId=${orderId}`;

/** An alarm with its history, the next lifecycle step, assignment and comments. */
export function AlarmDetail({ alarm, assignees, onTransition, onAssign, onComment, onClose, workOrders, onToWorkOrder }: AlarmDetailProps) {
  const grades = useDictionary(t.gradeDictionary);
  const statuses = useDictionary(t.statusDictionary);
  const [comment, setComment] = useState('');
  const [assignee, setAssignee] = useState<number | ''>(alarm.assigneeId ?? '');
  const [busy, setBusy] = useState(false);
  const next = NEXT_STATUS[alarm.status];
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setComment('');
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="alarm-detail" aria-label={`${t.detail}：${alarm.alarmTypeName}`}>
      <header className="alarm-detail__header">
        <H4>{alarm.alarmTypeName}</H4>
        <Tag intent={grades.intent(alarm.grade)}>{grades.label(alarm.grade)}</Tag>
        <Tag minimal>{statuses.label(alarm.status)}</Tag>
        {onClose ? <Button variant="minimal" icon="cross" aria-label={t.close} onClick={onClose} /> : null}
      </header>
      <p className="alarm-detail__content">{alarm.alarmContent}</p>
      {alarm.alarmDesc ? <p className="alarm-detail__desc">{alarm.alarmDesc}</p> : null}
      <p className="alarm-detail__meta">
        {alarm.deviceName ? `${alarm.deviceName} · ` : ''}
        {formatDateTime(alarm.createTime)}
      </p>
      <FormGroup label={t.comment} labelFor="alarm-comment">
        <TextArea
          id="alarm-comment"
          fill
          maxLength={500}
          placeholder={t.commentPlaceholder}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </FormGroup>
      <div className="alarm-detail__actions">
        {next ? (
          <Button intent={Intent.PRIMARY} loading={busy} onClick={() => void run(() => onTransition(next, comment.trim()))}>
            {t.nextAction[alarm.status]}
          </Button>
        ) : null}
        <Button disabled={!comment.trim() || busy} onClick={() => void run(() => onComment(comment.trim()))}>
          {t.addComment}
        </Button>
      </div>
      <div className="alarm-detail__assign">
        <HTMLSelect
          aria-label={t.assignee}
          value={assignee}
          onChange={(event) => setAssignee(event.currentTarget.value ? Number(event.currentTarget.value) : '')}
          options={[{ value: '', label: t.chooseAssignee }, ...assignees.map((user) => ({ value: user.userId, label: user.nickName }))]}
        />
        <Button disabled={assignee === '' || busy} onClick={() => assignee !== '' && void run(() => onAssign(assignee, comment.trim()))}>
          {t.assign}
        </Button>
      </div>
      <Divider />
      <div className="alarm-detail__work-orders-header">
        <h5>{t.workOrders}</h5>
        {onToWorkOrder ? (
          <Button size="small" icon="clipboard" disabled={busy} onClick={() => void run(onToWorkOrder)}>
            {t.toWorkOrder}
          </Button>
        ) : null}
      </div>
      {workOrders && workOrders.length ? (
        <ul className="alarm-detail__work-orders" aria-label={t.workOrders}>
          {workOrders.map((order) => (
            <li key={order.orderId}>
              <Link to={workOrderLink(order.orderId)} aria-label={t.openWorkOrder(order.orderNo)}>
                {order.orderNo}
              </Link>
              <Tag minimal={order.status === 'CANCELLED'} intent={WORK_ORDER_INTENT[order.status] ?? 'none'}>
                {order.statusName}
              </Tag>
              <span className="alarm-detail__work-order-who">{order.assigneeUserName ?? order.assigneeTeamName ?? ''}</span>
            </li>
          ))}
        </ul>
      ) : workOrders ? (
        <p className="alarm-detail__meta">{t.noWorkOrders}</p>
      ) : null}
      <Divider />
      <h5>{t.history}</h5>
      <ol className="alarm-detail__history" aria-label={t.history}>
        {alarm.history.map((entry) => (
          <li key={entry.id}>
            <span className="alarm-detail__history-time">{formatDateTime(entry.time)}</span>
            <span>
              {entry.userName} · {t.action[entry.action] ?? entry.action}
              {entry.toStatus ? `：${statuses.label(entry.toStatus)}` : ''}
            </span>
            {entry.comment ? <span className="alarm-detail__history-comment">{entry.comment}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
