import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, ApiFiles, useLoaded, usePush, useService } from '@ops/sdk';
import { patrolCheckInPushTopic, patrolMissedPushTopics, type PatrolCheckedIn, type PatrolMissedPushed } from '@ops/contracts';
import { CheckInListPanel } from './CheckInListPanel';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';
import { PatrolDetailPanel, type PatrolDetail } from './PatrolDetailPanel';
import { PatrolFiguresPanel } from './PatrolFiguresPanel';
import { PatrolLegend } from './PatrolLegend';
import { createPatrolApi } from './patrolApi';
import { patrolEffects } from './patrolEffects';
import { flyToPlaces } from './patrolGlobeLayer';
import { isPatrolPage, PATROL_PAGES, positiveInteger, type PatrolPage } from './patrolPages';
import { RouteListPanel } from './RouteListPanel';
import { useMapEffects } from '@ops/sdk';
import './FieldPatrols.css';

/** 城市巡查, 绿化打卡, 环卫打卡 and the law pages: one page by the kind of routes it shows; each keeps its own state. */
export default function FieldPatrolPage({ childName }: { moduleName?: string; childName?: string }) {
  const page: PatrolPage = isPatrolPage(childName) ? childName : 'cityPatrol';
  return <PatrolView key={page} page={page} />;
}

function PatrolView({ page }: { page: PatrolPage }) {
  const { kind, title } = PATROL_PAGES[page];
  const caller = useService(Api);
  const files = useService(ApiFiles);
  const api = useMemo(() => createPatrolApi(caller, files), [caller, files]);
  const [params, setParams] = useSearchParams();
  const linkedRoute = positiveInteger(params.get('routeId'));
  const linkedCheckIn = positiveInteger(params.get('checkInId'));
  const linkedAlarm = positiveInteger(params.get('alarmId'));
  const [pageNum, setPageNum] = useState(1);

  const [routes, reloadRoutes] = useLoaded(useCallback(() => api.routes(kind), [api, kind]));
  const [figures, reloadFigures] = useLoaded(useCallback(() => api.statistics(kind), [api, kind]));
  const [checkIns, reloadCheckIns] = useLoaded(useCallback(() => api.checkIns(kind, pageNum, Date.now()), [api, kind, pageNum]));
  const [checkIn, reloadCheckIn] = useLoaded(
    useCallback(() => (linkedCheckIn ? api.checkIn(linkedCheckIn) : Promise.resolve(undefined)), [api, linkedCheckIn]),
  );
  // ?alarmId= (a missed-checkpoint toast): the checkpoint whose miss raised it.
  const [alarmMiss, reloadAlarmMiss] = useLoaded(
    useCallback(() => (linkedAlarm ? api.missedOfAlarm(linkedAlarm) : Promise.resolve(null)), [api, linkedAlarm]),
  );

  const reloadAll = () => {
    void reloadRoutes();
    void reloadFigures();
    void reloadCheckIns();
  };
  usePush(patrolCheckInPushTopic, (data: PatrolCheckedIn) => {
    if (data.kind === kind) reloadAll();
  });
  usePush(patrolMissedPushTopics[kind], (data: PatrolMissedPushed) => {
    if (data.kind !== kind) return;
    reloadAll();
    if (data.alarmId === linkedAlarm) void reloadAlarmMiss();
  });

  const missed = linkedAlarm && !linkedRoute && !linkedCheckIn ? (alarmMiss.data ?? null) : null;
  const focusedRouteId = linkedRoute ?? missed?.routeId ?? null;
  const focusedRoute = routes.data?.find((route) => route.routeId === focusedRouteId) ?? null;
  const detail: PatrolDetail = linkedCheckIn
    ? { kind: 'checkIn', checkIn }
    : focusedRoute
      ? { kind: 'route', route: focusedRoute, highlightedCheckpointId: missed?.checkpointId ?? null }
      : { kind: 'none' };
  const notice =
    linkedAlarm && !linkedRoute && !linkedCheckIn
      ? alarmMiss.status === 'loading' && !alarmMiss.data
        ? t.alarmLooking
        : missed
          ? t.alarmLinked
          : t.alarmNotFound
      : undefined;

  // The camera: once over the page's routes, then to what is opened (a missed checkpoint, a route, a check-in).
  const flown = useRef<string | null>(null);
  useEffect(() => {
    const target = missed
      ? { key: `miss-${missed.checkpointId}`, places: [missed] }
      : linkedCheckIn && checkIn.data
        ? { key: `checkIn-${linkedCheckIn}`, places: [checkIn.data] }
        : focusedRoute
          ? { key: `route-${focusedRoute.routeId}`, places: focusedRoute.checkpoints }
          : routes.data?.length
            ? { key: 'overview', places: routes.data.flatMap((route) => route.checkpoints) }
            : null;
    if (!target || flown.current === target.key || (flown.current !== null && target.key === 'overview')) return;
    flown.current = target.key;
    void flyToPlaces(target.places);
  }, [missed, linkedCheckIn, checkIn.data, focusedRoute, routes.data]);

  const specs = useMemo(() => patrolEffects(routes.data ?? [], focusedRouteId), [routes.data, focusedRouteId]);
  const drawn = useMapEffects(specs);
  const loadPhoto = useCallback((checkInId: number) => api.photoUrl(checkInId), [api]);
  const openRoute = (routeId: number) => setParams({ routeId: String(routeId) });
  const openCheckIn = (checkInId: number) => setParams({ checkInId: String(checkInId) });

  return (
    <div
      className={`field-patrols is-${page}`}
      data-map-effects={drawn.join(' ')}
      data-focused-route={focusedRouteId ?? ''}
      data-focused-checkpoint={missed?.checkpointId ?? ''}
    >
      <div className="field-patrols__column">
        <PatrolFiguresPanel title={title} figures={figures} onRetry={() => void reloadFigures()} />
        <RouteListPanel title={title} routes={routes} focusedId={focusedRouteId} onOpen={openRoute} onRetry={() => void reloadRoutes()} />
      </div>
      <div className="field-patrols__column">
        <CheckInListPanel
          title={title}
          checkIns={checkIns}
          pageNum={pageNum}
          focusedId={linkedCheckIn}
          onPage={setPageNum}
          onOpen={openCheckIn}
          onRetry={() => void reloadCheckIns()}
          loadPhoto={loadPhoto}
        />
        <PatrolDetailPanel
          detail={detail}
          {...(notice ? { notice } : {})}
          onOpenCheckIn={openCheckIn}
          onOpenRoute={openRoute}
          onLocate={(places) => void flyToPlaces(places)}
          onRetry={() => void (linkedCheckIn ? reloadCheckIn() : reloadRoutes())}
          loadPhoto={loadPhoto}
        />
      </div>
      <PatrolLegend />
    </div>
  );
}
