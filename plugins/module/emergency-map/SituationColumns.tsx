import type { ReactNode } from 'react';
import { AlarmList, PanelBox, Ranking, StatGroup, Table, Timeline } from '@ops/sdk';
import { flyToArea } from './emergencyGlobeLayer';
import { emergencyMapStrings as t } from './emergencyMapStrings';
import { SensorTrendPanel } from './SensorTrendPanel';
import { crowdRanking, historyTimeline, hydrantTable, routeTable, shelterTable, waterTable } from './situationData';
import type { SituationPage } from './situationEffects';
import { WARNING_LINE } from './situationPages';
import type { Loadable } from '@ops/sdk';
import type { SituationData } from './useSituationData';

export interface SituationColumnsProps {
  page: SituationPage;
  focusedId: number | null;
  data: SituationData;
  /** The page's active events, and the focused one's handling (built by the page, which owns the actions). */
  eventList: ReactNode;
  eventDetail: ReactNode;
  /** 现场视频 of a focused fire, if the page plays one. */
  videoPanel: ReactNode;
  /** An alarm of 火灾处置's list was clicked. */
  onOpenAlarm(alarmId: string): void;
}

/** The panels of each map page, in its left and right columns over the globe. */
export function SituationColumns({ page, focusedId, data, eventList, eventDetail, videoPanel, onOpenAlarm }: SituationColumnsProps) {
  const {
    detail,
    reloadDetail,
    resources,
    reloadResources,
    crowd,
    reloadCrowd,
    levelReadings,
    reloadLevelReadings,
    pressureReadings,
    reloadPressureReadings,
    stats,
    reloadStats,
    fireAlarms,
    reloadFireAlarms,
    smoke,
    reloadSmoke,
  } = data;
  const locateDevice = (rows: readonly { deviceId: number; longitude: number; latitude: number }[]) => (key: string) => {
    const found = rows.find((row) => String(row.deviceId) === key);
    if (found) void flyToArea(found.longitude, found.latitude, 120);
  };
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
            <AlarmList {...widget(fireAlarms, reloadFireAlarms)} onOpen={onOpenAlarm} />
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
    <>
      <div className="emergency-map__column is-left">{left}</div>
      <div className="emergency-map__column is-right">{right}</div>
    </>
  );
}
