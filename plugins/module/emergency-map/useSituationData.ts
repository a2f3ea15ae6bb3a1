import { useEffect } from 'react';
import type { EmergencyMapApi } from './emergencyMapApi';
import { levelTrendSensors, nearbyLevelSensors, pressureTrendSensors } from './sensorTrends';
import { crowdPoints, fireOverview, smokeRanking } from './situationData';
import type { SituationPage } from './situationEffects';
import { PAGE_CONFIG, READINGS_REFRESH_MS, shanghaiMidnight, TREND_HOURS } from './situationPages';
import { useLoadable } from '@ops/sdk';

/**
 * What a map page shows besides its event list: the focused event, the resources (near it, or all),
 * the teams, the cameras near a focused fire, the crowd, the sensor trends and 火灾处置's figures, fire
 * alarms and smoke sensors; device readings are read again every READINGS_REFRESH_MS.
 */
export function useSituationData({
  page,
  api,
  focusedId,
  fireAlarmTypes,
}: {
  page: SituationPage;
  api: EmergencyMapApi;
  focusedId: number | null;
  /** The alarm types 火灾处置 lists and counts (the alarm manifests' `emergency.kind` FIRE). */
  fireAlarmTypes: readonly string[];
}) {
  const config = PAGE_CONFIG[page];
  const [detail, reloadDetail] = useLoadable(focusedId ? () => api.detail(focusedId) : null, String(focusedId));
  const nearId = config.nearEvent && focusedId ? focusedId : undefined;
  const [resources, reloadResources] = useLoadable(() => api.resources(nearId), String(nearId ?? 'all'));
  const [teams, reloadTeams] = useLoadable(() => api.teams(), 'teams');
  // 现场视频 on the fire pages: the cameras near the focused fire (消防救援 has them in its resources; 火灾处置 reads them for the event).
  const [fireResources, reloadFireResources] = useLoadable(
    page === 'fire' && focusedId ? () => api.resources(focusedId) : null,
    String(focusedId),
  );
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
  const fireKey = `${page}:${fireAlarmTypes.join(',')}`;
  const [stats, reloadStats] = useLoadable(
    fire
      ? () =>
          Promise.all([api.stats(), api.alarmCount(fireAlarmTypes, shanghaiMidnight())]).then(([figures, today]) =>
            fireOverview(figures, today),
          )
      : null,
    fireKey,
  );
  const [fireAlarms, reloadFireAlarms] = useLoadable(
    fire ? () => api.alarms(fireAlarmTypes, 10).then((rows) => ({ rows: rows.slice(0, 20), total: rows.length })) : null,
    fireKey,
  );
  const [smoke, reloadSmoke] = useLoadable(fire ? () => api.devices('smoke').then(smokeRanking) : null, page);

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

  return {
    detail,
    reloadDetail,
    resources,
    reloadResources,
    teams,
    reloadTeams,
    fireResources,
    reloadFireResources,
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
  };
}

/** What `useSituationData` gives a page. */
export type SituationData = ReturnType<typeof useSituationData>;
