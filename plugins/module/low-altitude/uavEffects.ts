import type { FlightTrackPoint, Geofence, UavLive, UavLiveFlight, Waypoint } from '@ops/contracts';
import { fenceEffectId, EFFECT_PREFIX } from './lowAltitudeGlobeLayer';

import type { EffectSpec } from '@ops/sdk';
export type { EffectSpec };

/** The planned route is drawn faint, the flown trail bright; an inactive fence grey. */
const ROUTE_COLOR = 'rgba(56, 189, 248, 0.55)';
const TRAIL_COLOR = '#facc15';
const FENCE_COLOR = '#ff3b30';
const INACTIVE_FENCE_COLOR = '#8a9ba8';
/** A trail is redrawn once it grew by this many points (a line-trail is replaced whole, not moved): every few seconds, not every second. */
export const TRAIL_REDRAW_POINTS = 5;
/** The live trail: the last this many positions. */
export const TRAIL_MAX_POINTS = 180;

const flat = (points: readonly Waypoint[]) => points.flatMap(([longitude, latitude, altitude]) => [longitude, latitude, altitude]);

/** The fences as extruded volumes (geofence-volume), clickable by id. */
export function fenceEffects(fences: readonly Geofence[]): EffectSpec[] {
  return fences.map((fence) => ({
    id: fenceEffectId(fence.fenceId),
    effect: 'geofenceVolume',
    options: {
      polygon: fence.polygon,
      floor: fence.floorM,
      ceiling: fence.ceilingM,
      color: fence.active ? FENCE_COLOR : INACTIVE_FENCE_COLOR,
    },
  }));
}

/** Each flying UAV's planned route (faint) and its trail of the last minutes (bright), as line-trails. */
export function flightEffects(flights: readonly UavLiveFlight[]): EffectSpec[] {
  return flights.flatMap((flight) => {
    const specs: EffectSpec[] = [
      {
        id: `${EFFECT_PREFIX}route-${flight.flightId}`,
        effect: 'lineTrail',
        options: { tag: flight.flightId, positions: flat(flight.route), color: ROUTE_COLOR, width: 6 },
      },
    ];
    // Redrawn only every few points: the trail's length rounded down.
    const shown = flight.trail.slice(0, flight.trail.length - (flight.trail.length % TRAIL_REDRAW_POINTS));
    if (shown.length >= 2)
      specs.push({
        id: `${EFFECT_PREFIX}trail-${flight.flightId}`,
        effect: 'lineTrail',
        options: { tag: flight.flightId, positions: flat(shown), color: TRAIL_COLOR, width: 10, cycleMs: 3000 },
      });
    return specs;
  });
}

/** A past flight's route and its whole stored track (the replay). */
export function replayEffects(flightId: number, route: readonly Waypoint[], track: readonly FlightTrackPoint[]): EffectSpec[] {
  const specs: EffectSpec[] = [
    {
      id: `${EFFECT_PREFIX}replay-route`,
      effect: 'lineTrail',
      options: { tag: flightId, positions: flat(route), color: ROUTE_COLOR, width: 6 },
    },
  ];
  if (track.length >= 2)
    specs.push({
      id: `${EFFECT_PREFIX}replay-track`,
      effect: 'lineTrail',
      options: {
        tag: flightId,
        positions: track.flatMap((point) => [point.longitude, point.latitude, point.altitude]),
        color: TRAIL_COLOR,
        width: 8,
      },
    });
  return specs;
}

/** The movingSubjects subjects of the live UAVs: an arrow along the heading, the name and height as the label. */
export function uavSubjects(uavs: readonly UavLive[], selectedDeviceId: number | null, label: (uav: UavLive) => string) {
  return uavs.map((uav) => ({
    id: String(uav.deviceId),
    kind: 'uav' as const,
    longitude: uav.longitude,
    latitude: uav.latitude,
    altitude: uav.altitude,
    heading: uav.heading,
    label: label(uav),
    selected: uav.deviceId === selectedDeviceId,
  }));
}

/** A live flight moved to a pushed position: its trail grows by the point (the last TRAIL_MAX_POINTS kept). */
export function movedFlight(flight: UavLiveFlight, position: UavLive): UavLiveFlight {
  const point: Waypoint = [position.longitude, position.latitude, position.altitude];
  const last = flight.trail.at(-1);
  const trail = last && last[0] === point[0] && last[1] === point[1] ? flight.trail : [...flight.trail, point].slice(-TRAIL_MAX_POINTS);
  return { ...flight, ...position, trail };
}
