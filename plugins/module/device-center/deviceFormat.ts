import type { DeviceKind, TelemetryField } from '@ops/sdk';

/** Label of a state value, e.g. power=on → 开, falling back to the raw value. */
export function stateLabel(kind: DeviceKind, key: string, value: unknown): string {
  return kind.stateLabels?.[`${key}.${String(value)}`] ?? String(value ?? '—');
}

export function formatTelemetry(field: TelemetryField, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return field.unit ? `${String(value)} ${field.unit}` : String(value);
}
