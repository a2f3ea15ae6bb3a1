import type { FlightTaskKind, Waypoint } from '../../contracts/lowAltitude';

/** Metres per degree of latitude, and of longitude at the equator (an equirectangular approximation: routes are a few km). */
const METRES_PER_DEGREE_LAT = 110_540;
const METRES_PER_DEGREE_LNG = 111_320;
/** A simulated UAV's battery: full at take-off, this many per cent a minute in the air, never below the reserve. */
const BATTERY_DRAIN_PER_MINUTE = 1.5;
const BATTERY_RESERVE = 5;

/** Where a UAV is along its route: the point, its height, its heading and its speed. */
export interface PathPoint {
  longitude: number;
  latitude: number;
  altitude: number;
  heading: number;
  speed: number;
}

function legOf(from: Waypoint, to: Waypoint): { east: number; north: number; length: number } {
  const cosLat = Math.cos((((from[1] + to[1]) / 2) * Math.PI) / 180);
  const east = (to[0] - from[0]) * METRES_PER_DEGREE_LNG * cosLat;
  const north = (to[1] - from[1]) * METRES_PER_DEGREE_LAT;
  return { east, north, length: Math.hypot(east, north) };
}

/** The route's length over the ground (metres). */
export function routeLength(route: readonly Waypoint[]): number {
  let total = 0;
  for (let index = 1; index < route.length; index++) total += legOf(route[index - 1]!, route[index]!).length;
  return total;
}

/** A flight's cruising speed (8–12 m/s), fixed by its id so every instance and restart flies it alike. */
export const speedOf = (flightId: number): number => 8 + ((flightId * 7) % 9) / 2;

/** How long flying the route takes at the flight's speed (ms). */
export const flightDurationMs = (route: readonly Waypoint[], flightId: number): number =>
  Math.ceil((routeLength(route) / speedOf(flightId)) * 1000);

export const batteryAt = (startedAt: number, at: number): number =>
  Math.max(BATTERY_RESERVE, Math.round(100 - (Math.max(0, at - startedAt) / 60_000) * BATTERY_DRAIN_PER_MINUTE));

/** The point `elapsedMs` after take-off along the route (the route's end once it is flown). */
export function pointAlong(route: readonly Waypoint[], flightId: number, elapsedMs: number): PathPoint {
  const speed = speedOf(flightId);
  let remaining = Math.max(0, (elapsedMs / 1000) * speed);
  for (let index = 1; index < route.length; index++) {
    const from = route[index - 1]!;
    const to = route[index]!;
    const leg = legOf(from, to);
    const heading = (((Math.atan2(leg.east, leg.north) * 180) / Math.PI + 360) % 360) % 360;
    if (remaining <= leg.length || index === route.length - 1) {
      const share = leg.length === 0 ? 1 : Math.min(1, remaining / leg.length);
      return {
        longitude: from[0] + (to[0] - from[0]) * share,
        latitude: from[1] + (to[1] - from[1]) * share,
        altitude: from[2] + (to[2] - from[2]) * share,
        heading: Math.round(heading * 10) / 10,
        speed: share >= 1 ? 0 : speed,
      };
    }
    remaining -= leg.length;
  }
  const [longitude, latitude, altitude] = route[0]!;
  return { longitude, latitude, altitude, heading: 0, speed: 0 };
}

/** A deterministic 0…n-1 from a flight id and a salt (the simulated findings). */
const pick = (flightId: number, salt: number, n: number) => Math.abs((flightId * 2_654_435_761 + salt * 40_503) % 2_147_483_647) % n;

/** What a simulated task found, by task kind: the counts and the text stored as the flight's result. */
export function simulatedFindings(flightId: number, taskKind: FlightTaskKind): { text: string; notable: boolean } {
  if (taskKind === 'river_inspection') {
    const debris = pick(flightId, 1, 6);
    const outlets = pick(flightId, 2, 5) === 0 ? 1 : 0;
    const text = `发现水面漂浮物 ${debris} 处${outlets ? `、排污口异常 ${outlets} 处` : '、未见排污口异常'}`;
    return { text, notable: outlets > 0 };
  }
  const parking = pick(flightId, 3, 5);
  const stalls = pick(flightId, 4, 3);
  return { text: `发现违规停车 ${parking} 起、占道经营 ${stalls} 起`, notable: false };
}

/** The result a simulated flight lands with: its findings, its fence entries and its battery. */
export const landingResult = (findings: string, fenceEntries: number, battery: number): string =>
  `${findings}；闯入禁飞区 ${fenceEntries} 次；降落时电量 ${battery}%`;
