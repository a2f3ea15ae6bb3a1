import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  AlarmList,
  CameraStreams,
  EventBus,
  formatDate,
  Api,
  HttpClient,
  Notifier,
  PanelBox,
  PUSH_TOPIC_ALL,
  Ranking,
  shanghaiDayStart,
  StatGroup,
  Table,
  Timeline,
  useService,
  type RoutedPush,
} from '@ops/sdk';
import {
  EMERGENCY_ALARM_KINDS,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_PUSH_TOPIC,
  EMERGENCY_WATER_LEVEL_HIGH_CM,
  type AlarmRow,
  type EmergencyEventDetail,
  type EmergencyKind,
  type EmergencyPushData,
} from '@ops/contracts';
import { EventDetailPanel } from './EventDetailPanel';
import { EventListPanel } from './EventListPanel';
import { LiveVideoPanel } from './LiveVideoPanel';
import { SensorTrendPanel } from './SensorTrendPanel';
import { levelTrendSensors, nearbyLevelSensors, pressureTrendSensors } from './sensorTrends';
import { SituationLegend } from './SituationLegend';
import { createEmergencyMapApi } from './emergencyMapApi';
import { areaAround, flyToArea } from './emergencyGlobeLayer';
import { emergencyMapStrings, emergencyMapStrings as t } from './emergencyMapStrings';
import { useMapEffects } from './mapEffectSync';
import {
  crowdPoints,
  crowdRanking,
  fireOverview,
  historyTimeline,
  hydrantTable,
  routeTable,
  shelterTable,
  smokeRanking,
  waterTable,
} from './situationData';
import { situationEffects, type SituationPage } from './situationEffects';
import { useLoadable, type Loadable } from './useLoadable';
import './EmergencyMap.css';

/** How each page reads its situation. */
interface PageConfig {
  kinds: readonly EmergencyKind[];
  /** The name in 「…事件」. */
  label: string;
  /** Focus the newest active event when none is named (the rescue pages follow one operation). */
  autoFocus: boolean;
  /** Resources near the focused event rather than all of the tenant's. */
  nearEvent: boolean;
}
export const PAGE_CONFIG: Record<SituationPage, PageConfig> = {
  fireFighting: { kinds: ['FIRE'], label: EMERGENCY_KIND_LABELS.FIRE, autoFocus: true, nearEvent: true },
  fire: { kinds: ['FIRE'], label: EMERGENCY_KIND_LABELS.FIRE, autoFocus: false, nearEvent: false },
  evacuate: { kinds: ['STAMPEDE'], label: EMERGENCY_KIND_LABELS.STAMPEDE, autoFocus: true, nearEvent: true },
  floodPrevention: { kinds: ['FLOOD'], label: EMERGENCY_KIND_LABELS.FLOOD, autoFocus: true, nearEvent: true },
  water: { kinds: ['HYDRANT', 'FLOOD'], label: '水情', autoFocus: false, nearEvent: false },
};
const PAGES = Object.keys(PAGE_CONFIG) as SituationPage[];
/** The alarm types 火灾处置 lists and counts. */
export const FIRE_ALARM_TYPES = ['FIRE_FIGHTING', 'FIRE', 'SMOKE', 'ELECTRICAL_FIRE'] as const;
/** Device readings (pressure, levels, people) change all the time: read again this often. */
const READINGS_REFRESH_MS = 30_000;
/** An alarm's event is opened just after the alarm is stored: look again a few times before saying there is none. */
const ALARM_LOOKUPS = 6;
const ALARM_LOOKUP_GAP_MS = 700;
/** The trends' window (hours). */
const TREND_HOURS = 24;
const WARNING_LINE = { value: EMERGENCY_WATER_LEVEL_HIGH_CM, label: emergencyMapStrings.warningLine(EMERGENCY_WATER_LEVEL_HIGH_CM) };

const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};
/** Today's first millisecond in Asia/Shanghai (今日火警 counts from it). */
const shanghaiMidnight = () => shanghaiDayStart(formatDate(Date.now())) ?? Date.now();

/** 安全应急's map pages; each child keeps its own state (a page switch starts afresh). */
export default function EmergencyMapPage({ childName }: { moduleName?: string; childName?: string }) {
  const page = PAGES.find((name) => name === childName) ?? 'fireFighting';
  return <SituationView key={page} page={page} />;
}

function SituationView({ page }: { page: SituationPage }) {
  const config = PAGE_CONFIG[page];
  const http = useService(HttpClient);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const streams = useService(CameraStreams);
  const caller = useService(Api);
  const api = useMemo(() => createEmergencyMapApi(http, caller), [http, caller]);
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
  const [detail, reloadDetail] = useLoadable(focusedId ? () => api.detail(focusedId) : null, String(focusedId));
  const nearId = config.nearEvent && focusedId ? focusedId : undefined;
  const [resources, reloadResources] = useLoadable(() => api.resources(nearId), String(nearId ?? 'all'));
  const [teams, reloadTeams] = useLoadable(() => api.teams(), 'teams');
  // 现场视频 on the fire pages: the cameras near the focused fire (消防救援 has them in its resources; 火灾处置 reads them for the event).
  const videoPage = page === 'fire' || page === 'fireFighting';
  const [fireResources, reloadFireResources] = useLoadable(
    page === 'fire' && focusedId ? () => api.resources(focusedId) : null,
    String(focusedId),
  );
  const nearby = page === 'fire' ? fireResources : resources;
  const cameras = { ...nearby, data: nearby.data?.center ? nearby.data.cameras : undefined };
  const [crowd, reloadCrowd] = useLoadable(
    page === 'evacuate'
      ? () => Promise.all([api.devices('wifi'), api.devices('smartStation')]).then(([wifi, stations]) => crowdPoints(wifi, stations))
      : null,
    page,
  );
  // 水情 trends from the stored readings: 水位监测 the levels over the line and the highest and the lowest
  // pressures; 防汛抗洪 the levels nearest its event. Which sensors follows the latest resources; in id
  // order, so readings that only reorder them (every refresh) do not read the trend again.
  const byId = (ids: number[]) => ids.sort((a, b) => a - b);
  const levelIds = byId(
    resources.data
      ? page === 'water'
        ? levelTrendSensors(resources.data.waterLevels)
        : page === 'floodPrevention' && resources.data.center
          ? nearbyLevelSensors(resources.data.waterLevels)
          : []
      : [],
  );
  const pressureIds = byId(resources.data && page === 'water' ? pressureTrendSensors(resources.data.hydrants) : []);
  const [levelReadings, reloadLevelReadings] = useLoadable(
    levelIds.length ? () => api.readings('waterLevel', TREND_HOURS, levelIds) : null,
    `waterLevel:${levelIds.join(',')}`,
  );
  const [pressureReadings, reloadPressureReadings] = useLoadable(
    pressureIds.length ? () => api.readings('pressure', TREND_HOURS, pressureIds) : null,
    `pressure:${pressureIds.join(',')}`,
  );
  const fire = page === 'fire';
  const [stats, reloadStats] = useLoadable(
    fire
      ? () =>
          Promise.all([api.stats(), api.alarmCount(FIRE_ALARM_TYPES, shanghaiMidnight())]).then(([figures, today]) =>
            fireOverview(figures, today),
          )
      : null,
    page,
  );
  const [fireAlarms, reloadFireAlarms] = useLoadable(
    fire ? () => api.alarms(FIRE_ALARM_TYPES, 10).then((rows) => ({ rows: rows.slice(0, 20), total: rows.length })) : null,
    page,
  );
  const [smoke, reloadSmoke] = useLoadable(fire ? () => api.devices('smoke').then(smokeRanking) : null, page);

  // Live: every task and event change of the tenant, and (火灾处置) new fire alarms.
  const focusedRef = useRef(focusedId);
  focusedRef.current = focusedId;
  useEffect(
    () =>
      bus.subscribe(EMERGENCY_PUSH_TOPIC, (payload) => {
        const data = (payload as RoutedPush).message?.data as unknown as EmergencyPushData | undefined;
        if (!data) return;
        reloadEvents();
        reloadTeams();
        if (data.eventId === focusedRef.current) reloadDetail();
        if (fire) reloadStats();
        // The toast's alarm opened (or joined) this event: focus it.
        if (linkedAlarm && !linkedEvent && data.event?.alarmIds?.includes(linkedAlarm))
          setAlarmEvent({ alarmId: linkedAlarm, eventId: data.eventId, looking: false });
      }),
    [bus, fire, linkedAlarm, linkedEvent, reloadDetail, reloadEvents, reloadStats, reloadTeams],
  );
  useEffect(() => {
    if (!fire) return;
    return bus.subscribe(PUSH_TOPIC_ALL, (payload) => {
      const data = (payload as RoutedPush).message?.data as Partial<AlarmRow> | undefined;
      if (!data || !FIRE_ALARM_TYPES.includes(String(data.alarmType) as (typeof FIRE_ALARM_TYPES)[number])) return;
      reloadFireAlarms();
      reloadStats();
    });
  }, [bus, fire, reloadFireAlarms, reloadStats]);
  useEffect(() => {
    const timer = setInterval(() => {
      reloadResources();
      reloadFireResources();
      reloadLevelReadings();
      reloadPressureReadings();
      reloadCrowd();
      if (fire) reloadSmoke();
    }, READINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [fire, reloadCrowd, reloadFireResources, reloadLevelReadings, reloadPressureReadings, reloadResources, reloadSmoke]);

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
        crowd: crowd.data ?? [],
      }),
    [page, events.data, detail.data, focusedId, resources.data, crowd.data],
  );
  const drawn = useMapEffects(specs);

  const focus = useCallback((eventId: number) => setParams({ eventId: String(eventId) }), [setParams]);
  // A fire alarm opens its event here; a smoke alarm (no event of its own) opens in the event center.
  const openAlarm = (alarmId: string) => {
    const alarm = fireAlarms.data?.rows.find((row) => String(row.alarmId) === alarmId);
    if (alarm && alarm.alarmType in EMERGENCY_ALARM_KINDS) setParams({ alarmId });
    else navigate(`/alarmManage/eventcenter?alarmId=${alarmId}`);
  };
  const afterChange = useCallback(() => {
    reloadDetail();
    reloadEvents();
    reloadTeams();
  }, [reloadDetail, reloadEvents, reloadTeams]);
  const locateDevice = (rows: readonly { deviceId: number; longitude: number; latitude: number }[]) => (key: string) => {
    const found = rows.find((row) => String(row.deviceId) === key);
    if (found) void flyToArea(found.longitude, found.latitude, 120);
  };

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
  const widget = <T,>(state: Loadable<T>, reload: () => void) => ({
    data: state.data,
    status: state.status,
    ...(state.error ? { error: state.error } : {}),
    onRetry: reload,
  });
  const hydrants = resources.data?.hydrants ?? [];
  const levels = resources.data?.waterLevels ?? [];
  const hydrantPanel = (title: string) => (
    <PanelBox title={title} className="emergency-map__panel is-table">
      <Table
        {...widget({ ...resources, data: resources.data && hydrantTable(hydrants) }, reloadResources)}
        options={{ label: title, rowKey: 'id' }}
        onOpen={locateDevice(hydrants)}
      />
    </PanelBox>
  );
  const waterPanel = (
    <PanelBox title={t.waterLevels} className="emergency-map__panel is-table">
      <Table
        {...widget({ ...resources, data: resources.data && waterTable(levels) }, reloadResources)}
        options={{ label: t.waterLevels, rowKey: 'id' }}
        onOpen={locateDevice(levels)}
      />
    </PanelBox>
  );
  const videoPanel =
    videoPage && focusedId ? (
      <LiveVideoPanel cameras={cameras} streams={streams} onRetry={page === 'fire' ? reloadFireResources : reloadResources} />
    ) : null;
  // Before the resources say which sensors: the trend waits with them.
  const trendState = <T,>(readings: Loadable<T>): Loadable<T> =>
    resources.status !== 'ready' && !readings.data ? { ...resources, data: undefined } : readings;
  const byName = (rows: readonly { deviceId: number; name: string; longitude: number; latitude: number }[]) => (name: string) => {
    const found = rows.find((row) => row.name === name);
    if (found) locateDevice(rows)(String(found.deviceId));
  };
  const levelTrend = (title: string) => (
    <SensorTrendPanel
      title={title}
      readings={trendState(levelReadings)}
      warning={WARNING_LINE}
      onRetry={resources.status === 'error' ? reloadResources : reloadLevelReadings}
      onOpen={byName(levels)}
    />
  );
  const historyPanel = detail.data ? (
    <PanelBox title={t.history} label={t.historyLabel} className="emergency-map__panel is-history">
      <Timeline {...widget({ ...detail, data: historyTimeline(detail.data.history) }, reloadDetail)} />
    </PanelBox>
  ) : null;

  let left: ReactNode;
  let right: ReactNode;
  switch (page) {
    case 'fire':
      left = (
        <>
          <PanelBox title={t.fireOverview} className="emergency-map__panel is-stats">
            <StatGroup {...widget(stats, reloadStats)} options={{ columns: 2 }} />
          </PanelBox>
          {eventList}
          <PanelBox title={t.recentFireAlarms} className="emergency-map__panel is-alarms">
            <AlarmList {...widget(fireAlarms, reloadFireAlarms)} onOpen={openAlarm} />
          </PanelBox>
        </>
      );
      // A focused fire: its live picture over its handling (the smoke ranking returns when none is focused).
      right = focusedId ? (
        <>
          {videoPanel}
          {eventDetail}
        </>
      ) : (
        <>
          {hydrantPanel(t.hydrantsAll)}
          <PanelBox title={t.smokeSensors} className="emergency-map__panel is-ranking">
            <Ranking {...widget(smoke, reloadSmoke)} options={{ limit: 8 }} />
          </PanelBox>
        </>
      );
      break;
    case 'evacuate':
      left = (
        <>
          {eventList}
          {eventDetail}
        </>
      );
      right = (
        <>
          <PanelBox title={t.crowd} label={t.crowdLabel} className="emergency-map__panel is-ranking">
            <Ranking
              {...widget({ ...crowd, data: crowd.data && crowdRanking(crowd.data) }, reloadCrowd)}
              options={{ limit: 8 }}
              onOpen={locateDevice(crowd.data ?? [])}
            />
          </PanelBox>
          <PanelBox title={t.shelters} className="emergency-map__panel is-table">
            <Table
              {...widget({ ...resources, data: resources.data && shelterTable(resources.data.shelters) }, reloadResources)}
              options={{ label: t.shelters, rowKey: 'id' }}
            />
          </PanelBox>
          <PanelBox title={t.routes} className="emergency-map__panel is-table">
            <Table
              {...widget({ ...resources, data: resources.data && routeTable(resources.data.routes) }, reloadResources)}
              options={{ label: t.routes, rowKey: 'id' }}
            />
          </PanelBox>
        </>
      );
      break;
    case 'floodPrevention':
      left = (
        <>
          {eventList}
          {eventDetail}
        </>
      );
      right = (
        <>
          {waterPanel}
          {focusedId ? levelTrend(t.nearbyLevelTrend) : null}
          {historyPanel}
        </>
      );
      break;
    case 'water':
      left = (
        <>
          {waterPanel}
          {levelTrend(t.levelTrend)}
          {focusedId ? eventDetail : eventList}
        </>
      );
      right = (
        <>
          {hydrantPanel(t.hydrantsAll)}
          <SensorTrendPanel
            title={t.pressureTrend}
            readings={trendState(pressureReadings)}
            onRetry={resources.status === 'error' ? reloadResources : reloadPressureReadings}
            onOpen={byName(hydrants)}
          />
        </>
      );
      break;
    default:
      left = (
        <>
          {eventList}
          {eventDetail}
        </>
      );
      right = (
        <>
          {videoPanel}
          {hydrantPanel(focusedId ? t.hydrants : t.hydrantsAll)}
          {historyPanel}
        </>
      );
  }

  return (
    <div className={`emergency-map is-${page}`} data-map-effects={drawn.join(' ')} data-focused-event={focusedId ?? ''}>
      <div className="emergency-map__column is-left">{left}</div>
      <div className="emergency-map__column is-right">{right}</div>
      <SituationLegend page={page} />
    </div>
  );
}
