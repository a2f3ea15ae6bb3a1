import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import type { DeviceDataVersion } from '../db/DeviceDataVersion';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { OrderCounters } from '../workOrders/OrderCounters';
import type { DeviceGateway, RemoteDeviceGateway } from './DeviceGateway';
import { deviceRoutes } from './deviceRoutes';
import { DeviceService } from './DeviceService';
import { FleetSimulator } from './FleetSimulator';

export interface DevicesFeature extends FeatureLifecycle {
  /** The in-process fleet (it stays for the dev endpoints even when devices speak MQTT). */
  simulator: FleetSimulator;
  devices: DeviceService;
  /** Connects to the broker (before the leader starts its jobs). */
  start(): Promise<void>;
}

/**
 * Devices (server/devices/): over the MQTT broker when one is configured (their background reports come
 * from the devices), else the in-process simulator; the device lists, control and their routes.
 */
export async function registerDevices(
  api: FastifyInstance,
  { config, db, now, ctx, catalog, pushHub, reportError }: ServerDeps,
  {
    alarms,
    deviceVersion,
    orderCounters,
    remote,
  }: {
    alarms: AlarmService;
    deviceVersion: DeviceDataVersion;
    orderCounters: OrderCounters;
    /** The devices' broker (MQTT_URL) when one is configured; else the in-process simulator answers. */
    remote: RemoteDeviceGateway | undefined;
  },
): Promise<DevicesFeature> {
  const simulator = new FleetSimulator(
    db,
    catalog,
    {
      tickMs: config.simulator?.tickMs ?? 0,
      commandDelayMs: config.simulator?.commandDelayMs ?? [0, 0],
      alarmsPerMinute: config.simulator?.alarmsPerMinute ?? 0,
      onError: reportError('设备模拟器本轮失败'),
    },
    now,
    alarms,
    pushHub,
  );
  const gateway: DeviceGateway = remote ?? simulator;
  const devices = new DeviceService(db, catalog, gateway, now, {
    version: deviceVersion,
    ...(config.deviceListCacheMs !== undefined ? { cacheMs: config.deviceListCacheMs } : {}),
  });
  await deviceRoutes(api, ctx, devices, orderCounters);
  return {
    simulator,
    devices,
    // The MQTT gateway is not a leader job: every instance sends commands and shares the broker's
    // subscriptions; only draining the sessions of instances that went away is the leader's.
    jobs: remote
      ? [{ name: 'MQTT 遗留会话接管', start: () => remote.startSweeping(), stop: () => remote.stopSweeping() }]
      : [{ name: '设备模拟器', start: () => simulator.start(), stop: () => simulator.stop(), runs: simulator.runs }],
    start: async () => {
      await remote?.start();
    },
    stop: async () => {
      simulator.stop();
      await remote?.stop();
    },
  };
}
