import type { RecognitionRow } from './recognitionModel';

/** A record for tests: a vehicle of `tenantId`'s camera `deviceId` at `at` with every attribute empty, then `patch`. */
export const recognitionRow = (tenantId: number, deviceId: number, at: number, patch: Partial<RecognitionRow> = {}): RecognitionRow => ({
  tenant_id: tenantId,
  device_id: deviceId,
  at,
  longitude: 120.2,
  latitude: 30.2,
  kind: 'vehicle',
  age_band: null,
  gender: null,
  attributes: '',
  plate: null,
  plate_color: null,
  vehicle_type: null,
  vehicle_color: null,
  power_type: null,
  non_motor_type: null,
  people_count: null,
  target_type: null,
  snapshot: null,
  ...patch,
});
