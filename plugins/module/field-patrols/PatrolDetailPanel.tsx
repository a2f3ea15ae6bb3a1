import { Button, Callout, Tag } from '@blueprintjs/core';
import { formatDateTime, formatTime, PanelBox, WidgetState, type Loaded } from '@ops/sdk';
import { PATROL_KIND_LABELS, type CheckIn, type CheckpointOfDay, type PatrolRoute } from '@ops/contracts';
import { CheckInPhoto } from './CheckInPhoto';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';
import { clockOf } from './patrolPages';

const STATE_INTENTS = { done: 'success', missed: 'danger', due: 'warning' } as const;

export type PatrolDetail =
  | { kind: 'route'; route: PatrolRoute; highlightedCheckpointId: number | null }
  | { kind: 'checkIn'; checkIn: Loaded<CheckIn | undefined> }
  | { kind: 'none' };

/** The opened route (its checkpoints in order with today's state) or check-in (photo, place, note). */
export function PatrolDetailPanel({
  detail,
  notice,
  onOpenCheckIn,
  onOpenRoute,
  onLocate,
  onRetry,
  loadPhoto,
}: {
  detail: PatrolDetail;
  notice?: string;
  onOpenCheckIn(checkInId: number): void;
  onOpenRoute(routeId: number): void;
  onLocate(places: { longitude: number; latitude: number }[]): void;
  onRetry(): void;
  loadPhoto(checkInId: number): Promise<string>;
}) {
  const title =
    detail.kind === 'route'
      ? t.routeDetail(detail.route.name)
      : detail.kind === 'checkIn' && detail.checkIn.data
        ? t.checkInDetail(detail.checkIn.data.checkpointName)
        : t.detail;
  return (
    <PanelBox title={title} className="field-patrols__panel is-detail">
      {notice ? (
        <Callout compact intent="warning" className="field-patrols__notice">
          {notice}
        </Callout>
      ) : null}
      {detail.kind === 'none' ? <p className="field-patrols__hint">{t.detailEmpty}</p> : null}
      {detail.kind === 'route' ? (
        <RouteDetail route={detail.route} highlighted={detail.highlightedCheckpointId} onOpenCheckIn={onOpenCheckIn} onLocate={onLocate} />
      ) : null}
      {detail.kind === 'checkIn' ? (
        <WidgetState
          status={detail.checkIn.status}
          empty={false}
          {...(detail.checkIn.error ? { error: detail.checkIn.error } : {})}
          onRetry={onRetry}
        >
          {detail.checkIn.data ? (
            <CheckInDetail checkIn={detail.checkIn.data} onOpenRoute={onOpenRoute} onLocate={onLocate} loadPhoto={loadPhoto} />
          ) : null}
        </WidgetState>
      ) : null}
    </PanelBox>
  );
}

function RouteDetail({
  route,
  highlighted,
  onOpenCheckIn,
  onLocate,
}: {
  route: PatrolRoute;
  highlighted: number | null;
  onOpenCheckIn(checkInId: number): void;
  onLocate(places: { longitude: number; latitude: number }[]): void;
}) {
  const locate = (places: { longitude: number; latitude: number }[], name: string) => (
    <Button size="small" variant="minimal" icon="locate" aria-label={t.flyToLabel(name)} onClick={() => onLocate(places)}>
      {t.flyTo}
    </Button>
  );
  return (
    <div className="field-patrols__detail">
      <dl className="field-patrols__facts">
        <dt>{t.member}</dt>
        <dd>{t.routeMeta(route.memberName, route.team)}</dd>
        <dt>{t.kind}</dt>
        <dd>
          {PATROL_KIND_LABELS[route.kind]} {locate(route.checkpoints, route.name)}
        </dd>
      </dl>
      <ol className="field-patrols__checkpoints" aria-label={t.routeDetail(route.name)}>
        {route.checkpoints.map((point: CheckpointOfDay) => (
          <li key={point.checkpointId} className={point.checkpointId === highlighted ? 'is-highlighted' : undefined}>
            <span className="field-patrols__checkpoint-name">{t.checkpointLine(point.seq, point.name)}</span>
            <span className="field-patrols__checkpoint-window">{t.window(clockOf(point.dueFromMinute), clockOf(point.dueToMinute))}</span>
            {point.state === 'done' && point.checkInId !== null ? (
              <Button
                size="small"
                variant="minimal"
                intent="success"
                aria-label={t.openCheckIn(route.memberName, point.name)}
                onClick={() => onOpenCheckIn(point.checkInId!)}
              >
                {formatTime(point.checkedInAt)}
              </Button>
            ) : (
              <Tag minimal intent={STATE_INTENTS[point.state]}>
                {t.states[point.state]}
              </Tag>
            )}
            {point.checkpointId === highlighted ? locate([point], point.name) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function CheckInDetail({
  checkIn,
  onOpenRoute,
  onLocate,
  loadPhoto,
}: {
  checkIn: CheckIn;
  onOpenRoute(routeId: number): void;
  onLocate(places: { longitude: number; latitude: number }[]): void;
  loadPhoto(checkInId: number): Promise<string>;
}) {
  return (
    <div className="field-patrols__detail">
      <CheckInPhoto
        checkInId={checkIn.checkInId}
        hasPhoto={checkIn.hasPhoto}
        checkpointName={checkIn.checkpointName}
        load={loadPhoto}
        size="large"
      />
      <dl className="field-patrols__facts">
        <dt>{t.time}</dt>
        <dd>{formatDateTime(checkIn.at)}</dd>
        <dt>{t.member}</dt>
        <dd>{t.routeMeta(checkIn.memberName, checkIn.team)}</dd>
        <dt>{t.checkpoint}</dt>
        <dd>
          {checkIn.checkpointName}（{t.distance(checkIn.distanceM)}）
        </dd>
        <dt>{t.note}</dt>
        <dd>{checkIn.note || t.noNote}</dd>
      </dl>
      <div className="field-patrols__actions">
        <Button size="small" icon="locate" aria-label={t.flyToLabel(checkIn.checkpointName)} onClick={() => onLocate([checkIn])}>
          {t.flyTo}
        </Button>
        <Button size="small" icon="arrow-left" aria-label={t.routeDetail(checkIn.routeName)} onClick={() => onOpenRoute(checkIn.routeId)}>
          {t.back}
        </Button>
      </div>
    </div>
  );
}
