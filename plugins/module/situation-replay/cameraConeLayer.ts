import { mapDeviceOpenedTopic, PUSH_TOPIC_ALL, type MapLayer } from '@ops/sdk';
import { errorMessage, type DevicePoint } from '@ops/contracts';
import { replayStrings as t } from './replayStrings';

/** An alarm this close to a camera (metres) shows that camera's cone. */
export const NEAR_ALARM_METRES = 200;
/** How long a cone shown for a nearby alarm stays. */
export const NEAR_ALARM_CONE_MS = 30_000;
/** The camera's height above the ground for the cone's apex (a pole), metres. */
const CAMERA_HEIGHT = 8;
export const SELECTED_CONE_ID = 'camera-cone-selected';
export const nearConeId = (deviceId: number) => `camera-cone-near-${deviceId}`;

/** Where a camera looks: heading in radians clockwise from north, pitch in degrees below the horizon (the view-cone effect's units). */
export interface ConeOrientation {
  heading: number;
  pitch: number;
}

/**
 * A camera's cone orientation from its stored state where it has one (`heading` in degrees clockwise from
 * north, `pitch` in degrees below the horizon), else the view-cone effect's defaults (plugin.json).
 */
export function coneOrientation(state: Readonly<Record<string, unknown>> | undefined, defaults: ConeOrientation): ConeOrientation {
  const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const heading = finite(state?.heading);
  const pitch = finite(state?.pitch);
  return {
    heading: heading === undefined ? defaults.heading : (((heading % 360) + 360) % 360) * (Math.PI / 180),
    pitch: pitch === undefined ? defaults.pitch : Math.min(90, Math.max(-90, pitch)),
  };
}

/** Great-circle distance in metres. */
export function metresBetween(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLng = (b.longitude - a.longitude) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface CameraConeSources {
  /** Whether a device kind (its page name) is a camera (its manifest says `liveVideo`). */
  isCamera(kind: string): boolean;
  /** The stored state of a device (its orientation, if it has one). */
  stateOf(deviceId: number): Promise<Record<string, unknown> | undefined>;
  /** The devices the user may see, with their positions (read once per globe, when an alarm first needs them). */
  devices(): Promise<readonly DevicePoint[]>;
  /** The view-cone effect's default heading and pitch. */
  defaults: ConeOrientation;
}

/**
 * Camera view cones on the globe: the camera whose panel is open shows its cone (mapDeviceOpenedTopic),
 * and a pushed alarm within NEAR_ALARM_METRES of cameras shows theirs for NEAR_ALARM_CONE_MS.
 */
export function cameraConeLayer(sources: CameraConeSources): MapLayer {
  return {
    id: 'situation-replay:camera-cones',
    attach({ bus, effects }) {
      let stopped = false;
      let selected = 0;
      const timers = new Map<number, ReturnType<typeof setTimeout>>();
      let cameras: Promise<readonly DevicePoint[]> | undefined;
      const draw = (id: string, device: DevicePoint, orientation: ConeOrientation) => {
        try {
          effects.add('viewCone', id, {
            position: { longitude: device.longitude, latitude: device.latitude, height: CAMERA_HEIGHT },
            ...orientation,
          });
        } catch (error) {
          console.warn(t.coneFailed(errorMessage(error)));
        }
      };
      const orientationOf = async (deviceId: number) =>
        coneOrientation(await sources.stateOf(deviceId).catch(() => undefined), sources.defaults);

      const stopSelection = bus.subscribe(mapDeviceOpenedTopic, (device) => {
        selected = device && sources.isCamera(device.kind) ? device.deviceId : 0;
        if (!device || !selected) return effects.remove(SELECTED_CONE_ID);
        void orientationOf(device.deviceId).then((orientation) => {
          if (!stopped && selected === device.deviceId) draw(SELECTED_CONE_ID, device, orientation);
        });
      });

      const stopAlarms = bus.subscribe(PUSH_TOPIC_ALL, ({ message, route }) => {
        const { longitude, latitude } = message.data;
        if (route.action !== 'toast' || typeof longitude !== 'number' || typeof latitude !== 'number') return;
        cameras ??= sources.devices().then((list) => list.filter((device) => sources.isCamera(device.kind)));
        void cameras.then(
          async (list) => {
            for (const camera of list.filter((device) => metresBetween(device, { longitude, latitude }) <= NEAR_ALARM_METRES)) {
              const orientation = await orientationOf(camera.deviceId);
              if (stopped) return;
              draw(nearConeId(camera.deviceId), camera, orientation);
              clearTimeout(timers.get(camera.deviceId));
              timers.set(
                camera.deviceId,
                setTimeout(() => {
                  timers.delete(camera.deviceId);
                  effects.remove(nearConeId(camera.deviceId));
                }, NEAR_ALARM_CONE_MS),
              );
            }
          },
          (error: unknown) => {
            cameras = undefined;
            console.warn(t.coneFailed(errorMessage(error)));
          },
        );
      });

      return () => {
        stopped = true;
        stopSelection();
        stopAlarms();
        for (const [deviceId, timer] of timers) {
          clearTimeout(timer);
          effects.remove(nearConeId(deviceId));
        }
        effects.remove(SELECTED_CONE_ID);
      };
    },
  };
}
