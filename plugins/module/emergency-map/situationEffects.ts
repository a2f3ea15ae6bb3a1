import { OPEN_EMERGENCY_TASK_STATUSES, type EmergencyEventDetail, type EmergencyEventRow, type EmergencyResources } from '@ops/contracts';
import { EFFECT_PREFIX } from './emergencyGlobeLayer';
import type { EffectSpec } from '@ops/sdk';
import { offsetPosition } from './offsetPosition';

/** The five map pages of 安全应急 (their child menu names). */
export type SituationPage = 'evacuate' | 'fire' | 'fireFighting' | 'floodPrevention' | 'water';

/** A place with a count of people (a Wi-Fi access point's clients, a bus stop's waiting passengers). */
export interface CrowdPoint {
  deviceId: number;
  name: string;
  longitude: number;
  latitude: number;
  people: number;
  source: string;
}

export interface SituationData {
  page: SituationPage;
  /** Active events of the page's kinds. */
  events: readonly EmergencyEventRow[];
  focused: EmergencyEventDetail | null;
  resources: EmergencyResources | null;
  crowd: readonly CrowdPoint[];
}

/** Fires drawn at once: fire and smoke are the dearest effect in software WebGL. */
export const MAX_FIRES = 6;
const GROUND = 5;
const WATER_COLOR = '#3da5ff';
const ALERT_COLOR = '#ff3b30';
const SHELTER_COLOR = '#0cfd11';

const at = (longitude: number, latitude: number) => ({ longitude, latitude, height: GROUND });
const eventId = (event: { eventId: number }, part: string) => `${EFFECT_PREFIX}event-${event.eventId}:${part}`;

/**
 * What a page draws for its situation, all through the map-effect plugins: fire and smoke at each
 * active fire, a flashing point at other events, the focused event's affected area as a scan circle and
 * its open tasks as pulsing circles on its edge (one per task); low-pressure hydrants and water levels
 * over the warning line flash; 人群疏散 adds evacuation routes (line trails), shelters (green points) and
 * crowd density (pulsing circles reaching 1 m per person counted there).
 */
export function situationEffects({ page, events, focused, resources, crowd }: SituationData): EffectSpec[] {
  const specs: EffectSpec[] = [];
  let fires = 0;
  for (const event of events) {
    if (event.kind === 'FIRE' && fires < MAX_FIRES) {
      fires++;
      specs.push({ id: eventId(event, 'fire'), effect: 'fireSmoke', options: { position: at(event.longitude, event.latitude) } });
    } else if (event.kind !== 'FIRE') {
      specs.push({
        id: eventId(event, 'point'),
        effect: 'flashingPoint',
        options: { position: at(event.longitude, event.latitude), color: event.kind === 'FLOOD' ? WATER_COLOR : ALERT_COLOR },
      });
    }
  }
  if (focused && focused.status === 'ACTIVE') {
    specs.push({
      id: eventId(focused, 'scan'),
      effect: 'scanCircle',
      options: {
        position: at(focused.longitude, focused.latitude),
        radius: focused.radius,
        color: focused.kind === 'FLOOD' ? WATER_COLOR : '#ff6a3d',
      },
    });
    const open = focused.tasks.filter((task) => OPEN_EMERGENCY_TASK_STATUSES.includes(task.status));
    open.forEach((task, index) => {
      const place = offsetPosition(focused.longitude, focused.latitude, focused.radius, (2 * Math.PI * index) / open.length);
      specs.push({
        id: eventId(focused, `task-${task.taskId}`),
        effect: 'pulsingCircle',
        options: {
          position: at(place.longitude, place.latitude),
          maxRadius: Math.max(30, focused.radius / 5),
          step: Math.max(2, focused.radius / 60),
        },
      });
    });
  }
  if (resources) {
    const showHydrants = page === 'fire' || page === 'fireFighting' || page === 'water';
    const showWater = page === 'floodPrevention' || page === 'water';
    if (showHydrants) {
      for (const hydrant of resources.hydrants.filter((candidate) => candidate.low)) {
        specs.push({
          id: `${EFFECT_PREFIX}hydrant-${hydrant.deviceId}`,
          effect: 'flashingPoint',
          options: { position: at(hydrant.longitude, hydrant.latitude), color: ALERT_COLOR },
        });
      }
    }
    if (showWater) {
      for (const level of resources.waterLevels.filter((candidate) => candidate.high)) {
        specs.push({
          id: `${EFFECT_PREFIX}water-${level.deviceId}`,
          effect: 'flashingPoint',
          options: { position: at(level.longitude, level.latitude), color: WATER_COLOR },
        });
      }
    }
    if (page === 'evacuate') {
      for (const route of resources.routes.filter((candidate) => candidate.path.length >= 2)) {
        specs.push({
          id: `${EFFECT_PREFIX}route-${route.routeId}`,
          effect: 'lineTrail',
          options: {
            tag: route.routeId,
            positions: route.path.flatMap(([longitude, latitude]) => [longitude, latitude, GROUND]),
            width: 8,
          },
        });
      }
      for (const shelter of resources.shelters) {
        specs.push({
          id: `${EFFECT_PREFIX}shelter-${shelter.shelterId}`,
          effect: 'flashingPoint',
          options: { position: at(shelter.longitude, shelter.latitude), color: SHELTER_COLOR },
        });
      }
    }
  }
  if (page === 'evacuate') {
    for (const point of crowd) {
      specs.push({
        id: `${EFFECT_PREFIX}crowd-${point.deviceId}`,
        effect: 'pulsingCircle',
        // A circle's reach grows with the people there: 1 m per person, readable from 20 to 300 m.
        options: { position: at(point.longitude, point.latitude), maxRadius: Math.min(300, Math.max(20, point.people)), step: 3 },
      });
    }
  }
  return specs;
}

/** People at one place from which it counts as crowded (its circle turns red, its row is flagged). */
export const CROWDED = 150;
