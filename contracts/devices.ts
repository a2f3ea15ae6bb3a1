/** A device as the device calls return it (`/devi/aep/child`, `/devi/aep/info` …). */
export interface DeviceRow {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  deviceType: string;
  kind: string;
  online: boolean;
  longitude: number;
  latitude: number;
  height: number;
  telemetry: Record<string, unknown>;
  state: Record<string, unknown>;
  updateTime: number;
}

/** A device as the map shows it: the fields of a device row that `GET /devi/aep/positions` returns. */
export type DevicePoint = Pick<DeviceRow, 'deviceId' | 'kind' | 'online' | 'longitude' | 'latitude'> &
  Partial<Pick<DeviceRow, 'deviceName'>>;

export interface DeviceGroup {
  groupId: number;
  groupName: string;
  kind: string;
  deviceCount: number;
}

/** `GET /devi/aep/summary`: devices per kind. */
export interface DeviceKindSummary {
  kind: string;
  total: number;
  online: number;
}

/** One device's outcome of `POST /device/control/execute`. */
export interface ControlResult {
  deviceId: number;
  deviceName: string;
  success: boolean;
  message: string;
  state?: Record<string, unknown>;
}

/**
 * `GET /getInfo` → `deviceGrants`: the device kinds (page names, e.g. `lamp`) the caller may read and
 * control in the active tenant, `'all'` for every kind. The server enforces the same grants
 * (server/access/DeviceGrants.ts); the web app uses them to show only the controls that will work.
 */
export interface DeviceKindGrants {
  read: string[] | 'all';
  control: string[] | 'all';
}

/** One command of `GET /device/control/log`, newest first. */
export interface ControlLogRow {
  id: number;
  userId: number;
  time: number;
  deviceType: string;
  /** Null when the command was refused before it had a number. */
  command: number | null;
  commandType: string;
  params: unknown;
  target: unknown;
  outcome: string;
  message: string;
  results: unknown;
}

/** `GET /guide/getSystemInfo`: a navigation screen's system, from its kind's manifest and its state. */
export interface DeviceSystemInfo {
  deviceId: number;
  deviceName: string;
  model: string;
  resolution: string;
  firmware: string;
  online: boolean;
  power: unknown;
  temperature: unknown;
  updateTime: number;
}
