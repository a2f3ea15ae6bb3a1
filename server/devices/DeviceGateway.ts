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
 * Path from the server to field devices. In the field this is MQTT (commands out, acks back); the
 * reference server ships a simulator behind the same interface.
 */
export interface DeviceGateway {
  execute(device: GatewayDevice, command: number, params: Record<string, unknown>): Promise<GatewayResult>;
}
