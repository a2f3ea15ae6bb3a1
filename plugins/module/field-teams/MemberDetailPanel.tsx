import { Button, Tag } from '@blueprintjs/core';
import { formatMonthDayTime, formatTime, PanelBox, WidgetState, type Loaded } from '@ops/sdk';
import { WORK_ORDER_PRIORITY_LABELS, WORK_ORDER_STATUS_LABELS, type BoundDevice, type FieldMember, type MemberWork } from '@ops/contracts';
import { CallButton, CallTag } from './MemberListPanel';
import { fieldTeamsStrings as t } from './fieldTeamsStrings';

export interface MemberDetailPanelProps {
  /** null: nobody selected. */
  member: Loaded<FieldMember | null> | null;
  work: Loaded<MemberWork | null> | null;
  busy: boolean;
  onCall(member: FieldMember): void;
  onHangUp(member: FieldMember): void;
  onSetOnDuty(member: FieldMember, onDuty: boolean): void;
  onLocate(member: FieldMember): void;
  onRetry(): void;
  className?: string;
}

/** A code's label from a contract's table (an unknown code as itself). */
const labelOf = (labels: Readonly<Record<string, string>>, code: string) =>
  Object.entries(labels).find(([key]) => key === code)?.[1] ?? code;
const statusLabel = (status: string) => labelOf(WORK_ORDER_STATUS_LABELS, status);
const priorityLabel = (priority: string) => labelOf(WORK_ORDER_PRIORITY_LABELS, priority);

function Device({ label, device }: { label: string; device: BoundDevice | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {device ? (
          <>
            {device.name}{' '}
            <Tag minimal intent={device.online ? 'success' : 'none'}>
              {device.online ? t.online : t.offline}
            </Tag>
          </>
        ) : (
          t.none
        )}
      </dd>
    </>
  );
}

/** One member: who, on duty or not (changeable), bound devices, where, 呼叫; and their day: walked, fixes, the team's tasks. */
export function MemberDetailPanel({
  member,
  work,
  busy,
  onCall,
  onHangUp,
  onSetOnDuty,
  onLocate,
  onRetry,
  className,
}: MemberDetailPanelProps) {
  const shown = member?.data ?? undefined;
  return (
    <PanelBox title={t.detail} label={shown ? t.detailLabel(shown.name) : t.detail} className={className}>
      {member === null ? (
        <p className="field-detail__empty">{t.noSelection}</p>
      ) : (
        <WidgetState status={member.status} empty={!shown} {...(member.error ? { error: member.error } : {})} onRetry={onRetry}>
          {shown ? (
            <div className="field-detail">
              <div className="field-detail__header">
                <h4 className="field-detail__name">{shown.name}</h4>
                <CallTag member={shown} />
                <CallButton member={shown} busy={busy} onCall={() => onCall(shown)} onHangUp={() => onHangUp(shown)} />
              </div>
              <dl className="field-detail__facts">
                <dt>{t.role}</dt>
                <dd>{shown.role}</dd>
                <dt>{t.shift}</dt>
                <dd>{shown.shift}</dd>
                <dt>{t.duty}</dt>
                <dd>
                  <Tag minimal intent={shown.onDuty ? 'success' : 'none'}>
                    {shown.onDuty ? t.onDuty : t.offDuty}
                  </Tag>{' '}
                  <Button
                    size="small"
                    minimal
                    aria-label={t.setDutyLabel(shown.name, !shown.onDuty)}
                    onClick={() => onSetOnDuty(shown, !shown.onDuty)}
                  >
                    {shown.onDuty ? t.setOffDuty : t.setOnDuty}
                  </Button>
                </dd>
                <Device label={t.walkieDevice} device={shown.walkie} />
                <Device label={t.recorderDevice} device={shown.recorder} />
                <dt>{t.position}</dt>
                <dd>
                  {shown.lastPosition ? (
                    <>
                      {t.positionAt(shown.lastPosition.longitude, shown.lastPosition.latitude)}
                      {shown.lastPosition.speed !== null ? ` · ${t.speed(shown.lastPosition.speed)}` : ''}{' '}
                      <Button size="small" minimal icon="locate" aria-label={t.locateLabel(shown.name)} onClick={() => onLocate(shown)}>
                        {t.locate}
                      </Button>
                      <div className="field-detail__muted">{t.lastSeen(formatMonthDayTime(shown.lastPosition.at))}</div>
                    </>
                  ) : (
                    t.neverSeen
                  )}
                </dd>
              </dl>
              <h5 className="field-detail__section">{t.work}</h5>
              {work ? <WorkSection work={work} name={shown.name} onRetry={onRetry} /> : null}
            </div>
          ) : null}
        </WidgetState>
      )}
    </PanelBox>
  );
}

function WorkSection({ work, name, onRetry }: { work: Loaded<MemberWork | null>; name: string; onRetry(): void }) {
  const day = work.data ?? undefined;
  return (
    <WidgetState status={work.status} empty={!day} {...(work.error ? { error: work.error } : {})} onRetry={onRetry}>
      {day ? (
        <section aria-label={t.workLabel(name)}>
          <dl className="field-detail__figures">
            <div>
              <dt>{t.distance}</dt>
              <dd>{t.metres(day.distanceM)}</dd>
            </div>
            <div>
              <dt>{t.fixes}</dt>
              <dd>{t.fixCount(day.fixes)}</dd>
            </div>
            <div>
              <dt>{t.firstSeen}</dt>
              <dd>{day.firstSeenAt === null ? t.none : formatTime(day.firstSeenAt)}</dd>
            </div>
            <div>
              <dt>{t.checkIns}</dt>
              <dd>{day.checkIns === null ? t.checkInsPending : day.checkIns}</dd>
            </div>
          </dl>
          <h5 className="field-detail__section">
            {t.tasks} <span className="field-detail__muted">{t.workTeam(day.workTeam)}</span>
          </h5>
          {day.tasks.length === 0 ? (
            <p className="field-detail__empty">{t.noTasks}</p>
          ) : (
            <ul className="field-tasks">
              {day.tasks.map((task) => (
                <li key={task.orderId} className="field-tasks__item">
                  <span className="field-tasks__title">
                    <Tag minimal intent={task.closedAt ? 'success' : 'warning'}>
                      {statusLabel(task.status)}
                    </Tag>
                    {task.title}
                  </span>
                  <span className="field-detail__muted">
                    {task.orderNo} · {priorityLabel(task.priority)} ·{' '}
                    {task.closedAt ? t.taskClosed(formatMonthDayTime(task.closedAt)) : t.taskCreated(formatMonthDayTime(task.createdAt))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </WidgetState>
  );
}
