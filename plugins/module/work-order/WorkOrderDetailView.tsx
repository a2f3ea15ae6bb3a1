import { Button, Divider, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@ops/sdk';
import { WORK_ORDER_STATUS_LABELS, type WorkOrderAssignees, type WorkOrderDetail, type WorkOrderPhoto } from '@ops/contracts';
import { PhotoThumb } from './PhotoThumb';
import { SLA_INTENT, slaOf } from './slaClock';
import { WorkOrderActions, type WorkOrderActionsProps } from './WorkOrderActions';
import { assigneeText, PRIORITY_INTENT, STATUS_INTENT } from './WorkOrderList';
import { workOrderStrings as t } from './workOrderStrings';

export interface WorkOrderDetailViewProps extends Pick<WorkOrderActionsProps, 'onAction' | 'onUpload'> {
  order: WorkOrderDetail;
  assignees: WorkOrderAssignees;
  loadPhoto(photo: WorkOrderPhoto): Promise<Blob>;
  now: number;
  onClose?(): void;
}

/** A linked fault's status (设备运维): open is red, turned into this order amber, closed green. */
const FAULT_INTENT: Record<string, 'danger' | 'warning' | 'success' | 'none'> = { OPEN: 'danger', ORDERED: 'warning', CLOSED: 'success' };

/** Where the event center opens focused on an alarm. */
export const alarmLink = (alarmId: number) => `/alarmManage/eventcenter?alarmId=${alarmId}`;

/** 工单详情: every field, the linked alarm and device, the actions of its status, the photos and the audit timeline. */
export function WorkOrderDetailView({ order, assignees, loadPhoto, now, onClose, onAction, onUpload }: WorkOrderDetailViewProps) {
  const sla = slaOf(order, now);
  const photosOf = (ids: number[]) => order.photos.filter((photo) => ids.includes(photo.photoId));
  return (
    <section className="work-order__detail" aria-label={`${t.detail}：${order.orderNo}`}>
      <header className="work-order__detail-header">
        <div>
          <span className="work-order__detail-no">{order.orderNo}</span>
          <H4>{order.title}</H4>
        </div>
        <div className="work-order__detail-tags">
          <Tag large intent={STATUS_INTENT[order.status]}>
            {order.statusName}
          </Tag>
          <Tag large minimal intent={PRIORITY_INTENT[order.priority]}>
            {order.priorityName}
          </Tag>
          {sla.state !== 'stopped' ? (
            <Tag large minimal intent={SLA_INTENT[sla.state]} icon="time">
              {sla.text}
            </Tag>
          ) : null}
          {onClose ? <Button variant="minimal" icon="cross" aria-label={t.closeDetail} onClick={onClose} /> : null}
        </div>
      </header>
      <p className={order.description ? 'work-order__description' : 'work-order__description work-order__muted'}>
        {order.description || t.noDescription}
      </p>
      <HTMLTable compact className="work-order__fields">
        <tbody>
          <tr>
            <th>{t.fields.category}</th>
            <td>{order.categoryName}</td>
            <th>{t.fields.source}</th>
            <td>{order.sourceName}</td>
          </tr>
          <tr>
            <th>{t.fields.assignee}</th>
            <td>{assigneeText(order)}</td>
            <th>{t.fields.createdBy}</th>
            <td>{order.createdByName}</td>
          </tr>
          <tr>
            <th>{t.fields.createTime}</th>
            <td>{formatDateTime(order.createTime)}</td>
            <th>{t.fields.dueAt}</th>
            <td>{formatDateTime(order.dueAt)}</td>
          </tr>
          {order.escalatedAt !== null || order.closedAt !== null ? (
            <tr>
              <th>{t.fields.escalatedAt}</th>
              <td>{order.escalatedAt !== null ? formatDateTime(order.escalatedAt) : '—'}</td>
              <th>{t.fields.closedAt}</th>
              <td>{order.closedAt !== null ? formatDateTime(order.closedAt) : '—'}</td>
            </tr>
          ) : null}
          <tr>
            <th>{t.fields.device}</th>
            <td colSpan={3}>{order.deviceName ?? '—'}</td>
          </tr>
          <tr>
            <th>{t.fields.alarm}</th>
            <td colSpan={3}>
              {order.alarm ? (
                <span className="work-order__alarm">
                  <span>
                    {order.alarm.alarmTypeName}：{order.alarm.alarmContent}（{formatDateTime(order.alarm.createTime)}）
                  </span>
                  <Link to={alarmLink(order.alarm.alarmId)} className="work-order__link">
                    {t.openAlarm}
                  </Link>
                </span>
              ) : (
                '—'
              )}
            </td>
          </tr>
          {order.fault ? (
            <tr>
              <th>{t.fields.fault}</th>
              <td colSpan={3}>
                <span
                  className="work-order__alarm"
                  aria-label={t.faultSummary(order.fault.deviceName, order.fault.causeName, order.fault.statusName)}
                >
                  <span>
                    {order.fault.deviceName} · {order.fault.causeName}：{order.fault.detail}（{formatDateTime(order.fault.openedAt)}）
                  </span>
                  <Tag minimal intent={FAULT_INTENT[order.fault.status] ?? 'none'}>
                    {order.fault.statusName}
                  </Tag>
                </span>
              </td>
            </tr>
          ) : null}
          {order.result ? (
            <tr>
              <th>{t.fields.result}</th>
              <td colSpan={3}>{order.result}</td>
            </tr>
          ) : null}
        </tbody>
      </HTMLTable>
      <h5 className="work-order__section-title">{t.actions}</h5>
      <WorkOrderActions key={order.orderId} order={order} assignees={assignees} onAction={onAction} onUpload={onUpload} />
      <Divider />
      <h5 className="work-order__section-title">
        {t.photos}（{order.photos.length}）
      </h5>
      {order.photos.length ? (
        <div className="work-order__photos" aria-label={t.photos}>
          {order.photos.map((photo) => (
            <PhotoThumb key={photo.photoId} photo={photo} load={loadPhoto} />
          ))}
        </div>
      ) : (
        <p className="work-order__muted">{t.noPhotos}</p>
      )}
      <Divider />
      <h5 className="work-order__section-title">{t.timeline}</h5>
      <ol className="work-order__timeline" aria-label={t.timeline}>
        {[...order.events].reverse().map((event) => (
          <li key={event.id} className={`work-order__event is-${event.action}`}>
            <span className="work-order__event-time">{formatDateTime(event.time)}</span>
            <span className="work-order__event-what">
              <strong>{event.userName}</strong> · {event.actionName}
              {event.toStatus && event.toStatus !== event.fromStatus
                ? `：${event.fromStatus ? `${WORK_ORDER_STATUS_LABELS[event.fromStatus]} → ` : ''}${WORK_ORDER_STATUS_LABELS[event.toStatus]}`
                : ''}
            </span>
            {event.note ? <span className="work-order__event-note">{event.note}</span> : null}
            {event.photoIds.length ? (
              <span className="work-order__photos is-small">
                {photosOf(event.photoIds).map((photo) => (
                  <PhotoThumb key={photo.photoId} photo={photo} load={loadPhoto} />
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
