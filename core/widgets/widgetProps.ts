import type { BuiltinWidgetId, WidgetData } from '../../contracts/panels';

export type { BuiltinWidgetId, WidgetData };

/** Where a widget's data stands: the panel-data hook sets it; `ready` with no data is the empty state. */
export type WidgetStatus = 'loading' | 'error' | 'ready';

/**
 * What every widget takes, built in or contributed, `Data` being what its panel's query answers.
 * Widgets are pure: the panel-data hook reads the panel's query and hands them its answer, its status
 * and a retry; they never fetch.
 */
export interface WidgetComponentProps<Data> {
  /** The query's answer (undefined before the first one arrives). */
  data: Data | undefined;
  /** The panel's `options` from its manifest; each widget documents the keys it reads. */
  options?: Record<string, unknown>;
  status: WidgetStatus;
  /** Why the last read failed (status `error`). */
  error?: string | Error;
  /** Read the query again (the error state's 重试 button). */
  onRetry?(): void;
  /** An item was clicked: its key (ranking/pie/bar item key or name, table row key, alarm id, device kind, stat name). */
  onOpen?(key: string): void;
  /** Wall-screen mode: bigger type for reading across a control room. */
  wall?: boolean;
}

/** The props of a built-in widget, its data typed by `WidgetData`. */
export type WidgetProps<N extends BuiltinWidgetId> = WidgetComponentProps<WidgetData[N]>;

// ── Reading panel options (from JSON manifests: anything may be there) ────────────────────────────────

export function stringOption(options: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = options?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function numberOption(options: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = options?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function booleanOption(options: Record<string, unknown> | undefined, key: string): boolean | undefined {
  const value = options?.[key];
  return typeof value === 'boolean' ? value : undefined;
}

export function enumOption<T extends string>(
  options: Record<string, unknown> | undefined,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = options?.[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The message of an error as the error state shows it. */
export function errorMessage(error: unknown): string | undefined {
  if (error == null || error === '') return undefined;
  if (error instanceof Error) return error.message;
  return String(error);
}
