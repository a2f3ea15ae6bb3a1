/** A device as the gateway sees it. */
export interface GatewayDevice {
  deviceId: number;
  tenantId: number;
  kind: string;
  online: boolean;
}

export interface GatewayResult {
  success: boolean;
  message: string;
  /** State the device reports after applying the command. */
  state?: Record<string, string | number | boolean>;
}

/**
 * Path from the server to field devices: MQTT (server/mqtt/MqttDeviceGateway.ts: commands out, acks
 * back) when a broker is configured, else the in-process simulator behind the same interface.
 */
export interface DeviceGateway {
  execute(device: GatewayDevice, command: number, params: Record<string, unknown>): Promise<GatewayResult>;
  /** Starts what the gateway runs in the background (the simulator's reports, the MQTT connection); called once the server is ready. */
  start?(): void | Promise<void>;
  /** Stops it and lets go of its connections; called when the server closes. */
  stop?(): void | Promise<void>;
}

/** What a command's per-device result says when the gateway itself could not get an answer. */
export const GATEWAY_MESSAGES = {
  offline: '设备离线，命令未执行',
  timeout: '设备响应超时',
  notConnected: '设备网关未连接，命令未发送',
  sendFailed: '命令发送失败',
  closed: '设备网关已关闭，未收到设备应答',
} as const;

/**
 * Devices outside the process (the MQTT broker): connected when the server is ready; taking over the
 * sessions of instances that went away is a leader job (startSweeping / stopSweeping).
 */
export interface RemoteDeviceGateway extends DeviceGateway {
  start(): Promise<void>;
  stop(): Promise<void>;
  startSweeping(): void;
  stopSweeping(): void;
}
