import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Api, CameraStreams, EventBus, Notifier, PluginRegistry, PUSH_TOPIC_ALL, subscribePush, useService } from '@ops/sdk';
import { alarmEmergencies, emergencyPushTopic, type EmergencyEventDetail } from '@ops/contracts';
import { EventDetailPanel } from './EventDetailPanel';
import { EventListPanel } from './EventListPanel';
import { LiveVideoPanel } from './LiveVideoPanel';
import { SituationColumns } from './SituationColumns';
import { SituationLegend } from './SituationLegend';
import { createEmergencyMapApi } from './emergencyMapApi';
import { areaAround, flyToArea } from './emergencyGlobeLayer';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import { useMapEffects } from '@ops/sdk';
import { situationEffects, type SituationPage } from './situationEffects';
import { ALARM_LOOKUP_GAP_MS, ALARM_LOOKUPS, PAGE_CONFIG, PAGES, positiveInteger } from './situationPages';
import { useLoadable } from '@ops/sdk';
import { useSituationData } from './useSituationData';
import './EmergencyMap.css';

export { PAGE_CONFIG } from './situationPages';

/** 安全应急's map pages; each child keeps its own state (a page switch starts afresh). */
export default function EmergencyMapPage({ childName }: { moduleName?: string; childName?: string }) {
  const page = PAGES.find((name) => name === childName) ?? 'fireFighting';
  return <SituationView key={page} page={page} />;
}

function SituationView({ page }: { page: SituationPage }) {
  const config = PAGE_CONFIG[page];
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const streams = useService(CameraStreams);
  const caller = useService(Api);
  const api = useMemo(() => createEmergencyMapApi(caller), [caller]);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const linkedEvent = positiveInteger(params.get('eventId'));
  const linkedAlarm = positiveInteger(params.get('alarmId'));

  const [events, reloadEvents] = useLoadable(
    () =>
      Promise.all(config.kinds.map((kind) => api.events({ kind, status: 'ACTIVE' }))).then((lists) =>
        lists.flat().sort((a, b) => b.createTime - a.createTime),
      ),
    page,
  );

  // ?alarmId= (an alarm toast): the event the alarm opened or joined.
  const [alarmEvent, setAlarmEvent] = useState<{ alarmId: number; eventId: number | null; looking: boolean } | null>(null);
  useEffect(() => {
    if (!linkedAlarm || linkedEvent) return setAlarmEvent(null);
    let live = true;
    setAlarmEvent({ alarmId: linkedAlarm, eventId: null, looking: true });
    const look = async (attempt: number): Promise<void> => {
      try {
        const found = await api.byAlarm(linkedAlarm);
        if (live) setAlarmEvent({ alarmId: linkedAlarm, eventId: found.eventId, looking: false });
      } catch {
        if (!live) return;
        if (attempt + 1 < ALARM_LOOKUPS) {
          await new Promise((resolve) => setTimeout(resolve, ALARM_LOOKUP_GAP_MS));
          return look(attempt + 1);
        }
        setAlarmEvent((current) =>
          current && current.eventId === null ? { alarmId: linkedAlarm, eventId: null, looking: false } : current,
        );
      }
    };
    void look(0);
    return () => {
      live = false;
    };
  }, [api, linkedAlarm, linkedEvent]);

  const focusedId =
    linkedEvent ?? (linkedAlarm ? (alarmEvent?.eventId ?? null) : config.autoFocus ? (events.data?.[0]?.eventId ?? null) : null);
  const registry = useService(PluginRegistry);
  // The alarm types that open events, and those 火灾处置 lists: from the alarm plugins' manifests.
  const emergencies = useMemo(() => alarmEmergencies(registry.list('alarm').map((plugin) => plugin.manifest.contributes)), [registry]);
  const fireAlarmTypes = useMemo(() => emergencies.codesOf('FIRE'), [emergencies]);
  const situation = useSituationData({ page, api, focusedId, fireAlarmTypes });
  const { detail, reloadDetail, resources, reloadResources, teams, reloadTeams, fireResources, reloadFireResources } = situation;
  const { reloadStats, reloadFireAlarms, fireAlarms } = situation;
  const fire = page === 'fire';
  // 现场视频 on the fire pages: the cameras near the focused fire.
  const videoPage = page === 'fire' || page === 'fireFighting';
  const nearby = page === 'fire' ? fireResources : resources;
  const cameras = { ...nearby, data: nearby.data?.center ? nearby.data.cameras : undefined };

  // Live: every task and event change of the tenant, and (火灾处置) new fire alarms.
  const focusedRef = useRef(focusedId);
  focusedRef.current = focusedId;
  useEffect(
    () =>
      subscribePush(bus, emergencyPushTopic, (data) => {
        reloadEvents();
        reloadTeams();
        if (data.eventId === focusedRef.current) reloadDetail();
        if (fire) reloadStats();
        // The toast's alarm opened (or joined) this event: focus it.
        if (linkedAlarm && !linkedEvent && data.event.alarmIds.includes(linkedAlarm))
          setAlarmEvent({ alarmId: linkedAlarm, eventId: data.eventId, looking: false });
      }),
    [bus, fire, linkedAlarm, linkedEvent, reloadDetail, reloadEvents, reloadStats, reloadTeams],
  );
  useEffect(() => {
    if (!fire) return;
    // Any event type whose data names a fire alarm type (a production backend's FIRE_FIGHTING_EVENT too).
    return bus.subscribe(PUSH_TOPIC_ALL, ({ message: { data } }) => {
      if (typeof data.alarmType !== 'string' || !fireAlarmTypes.includes(data.alarmType)) return;
      reloadFireAlarms();
      reloadStats();
    });
  }, [bus, fire, fireAlarmTypes, reloadFireAlarms, reloadStats]);
  // The camera goes to an event once when it is focused (and again on 定位); on 人群疏散 it takes in the
  // nearest shelter too, once the resources near the event are in, so the way out is in view.
  const frame = useCallback(
    (event: EmergencyEventDetail) => {
      const near =
        resources.data?.center && resources.data.center.longitude === event.longitude && resources.data.center.latitude === event.latitude
          ? resources.data
          : null;
      const shelter = page === 'evacuate' ? near?.shelters[0] : undefined;
      const area = shelter ? areaAround([event, shelter]) : null;
      void (area ? flyToArea(area.longitude, area.latitude, area.radius) : flyToArea(event.longitude, event.latitude, event.radius));
    },
    [page, resources.data],
  );
  const flown = useRef<number | null>(null);
  useEffect(() => {
    const focused = detail.data;
    if (!focused || focused.eventId !== focusedId || flown.current === focused.eventId) return;
    if (page === 'evacuate' && resources.status === 'loading') return;
    flown.current = focused.eventId;
    frame(focused);
  }, [detail.data, focusedId, frame, page, resources.status]);

  // Nothing focused (火灾处置, 水位监测): once, the camera takes in every active event of the page.
  const overviewFlown = useRef(false);
  useEffect(() => {
    if (focusedId || overviewFlown.current || !events.data?.length) return;
    const area = areaAround(events.data);
    if (!area) return;
    overviewFlown.current = true;
    void flyToArea(area.longitude, area.latitude, area.radius);
  }, [events.data, focusedId]);

  const specs = useMemo(
    () =>
      situationEffects({
        page,
        events: events.data ?? [],
        focused: detail.data && detail.data.eventId === focusedId ? detail.data : null,
        resources: resources.data ?? null,
        crowd: situation.crowd.data ?? [],
      }),
    [page, events.data, detail.data, focusedId, resources.data, situation.crowd.data],
  );
  const drawn = useMapEffects(specs);

  const focus = useCallback((eventId: number) => setParams({ eventId: String(eventId) }), [setParams]);
  // A fire alarm opens its event here; a smoke alarm (no event of its own) opens in the event center.
  const openAlarm = (alarmId: string) => {
    const alarm = fireAlarms.data?.rows.find((row) => String(row.alarmId) === alarmId);
    if (alarm && emergencies.opening.has(alarm.alarmType)) setParams({ alarmId });
    else navigate(`/alarmManage/eventcenter?alarmId=${alarmId}`);
  };
  const afterChange = useCallback(() => {
    reloadDetail();
    reloadEvents();
    reloadTeams();
  }, [reloadDetail, reloadEvents, reloadTeams]);
  const notice =
    linkedAlarm && !linkedEvent && alarmEvent?.eventId === null ? (alarmEvent.looking ? t.eventOpening : t.eventNotFound) : undefined;
  const eventList = (
    <EventListPanel
      kindLabel={config.label}
      events={events}
      focusedId={focusedId}
      onFocus={focus}
      onRetry={reloadEvents}
      className="emergency-map__panel is-events"
    />
  );
  const eventDetail = (
    <EventDetailPanel
      event={focusedId ? detail : null}
      teams={teams.data ?? []}
      {...(notice ? { notice } : {})}
      onRetry={reloadDetail}
      onLocate={frame}
      onDispatch={async (body) => {
        const task = await api.dispatch(body);
        notifier.show('success', t.dispatched(task.title, task.teamName));
        afterChange();
      }}
      onFinish={async (task) => {
        await api.finish(task.taskId);
        notifier.show('success', t.taskFinished(task.title));
        afterChange();
      }}
      onCancel={async (task, reason) => {
        await api.cancel(task.taskId, reason);
        notifier.show('success', t.taskCancelled(task.title));
        afterChange();
      }}
      onClose={async (event, result) => {
        await api.close(event.eventId, result);
        notifier.show('success', t.closed(event.title));
        afterChange();
      }}
      className="emergency-map__panel is-detail"
    />
  );
  const videoPanel =
    videoPage && focusedId ? (
      <LiveVideoPanel cameras={cameras} streams={streams} onRetry={page === 'fire' ? reloadFireResources : reloadResources} />
    ) : null;

  return (
    <div className={`emergency-map is-${page}`} data-map-effects={drawn.join(' ')} data-focused-event={focusedId ?? ''}>
      <SituationColumns
        page={page}
        focusedId={focusedId}
        data={situation}
        eventList={eventList}
        eventDetail={eventDetail}
        videoPanel={videoPanel}
        onOpenAlarm={openAlarm}
      />
      <SituationLegend page={page} />
    </div>
  );
}
