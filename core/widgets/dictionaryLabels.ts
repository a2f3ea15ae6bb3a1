/**
 * Labels of coded values in panel data: a panel whose query answers codes (kinds, power types, age
 * bands …) names the server dictionaries that label them in its `dictionaries` option, and the panel
 * shows and exports the labels. Every widget family is covered: category items (by `key`, else
 * `name`), series names and category-axis values, heatmap axes and figure names. A value no named
 * dictionary knows stays as it is.
 */

/** A code's label, or undefined when no dictionary knows it. */
export type Labeller = (code: string) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dictionary types a panel's options name (`dictionaries: ["vehicle_power_type"]`); none when absent or malformed. */
export function dictionaryTypesOf(options: Record<string, unknown> | undefined): string[] {
  const value = options?.dictionaries;
  return Array.isArray(value) ? value.filter((type): type is string => typeof type === 'string' && type !== '') : [];
}

/** One labeller over several dictionaries (value → label maps): the first that knows a code labels it. */
export function labellerOf(dictionaries: readonly ReadonlyMap<string, string>[]): Labeller {
  return (code) => dictionaries.find((dictionary) => dictionary.has(code))?.get(code);
}

/** A copy of panel data with every coded value the labeller knows replaced by its label. */
export function labelWithDictionaries<T>(data: T, label: Labeller): T {
  if (!isRecord(data)) return data;
  const copy = structuredClone(data);
  relabel(copy, label);
  return copy;
}

function relabel(data: Record<string, unknown>, label: Labeller): void {
  const swap = (code: unknown): unknown => (typeof code === 'string' ? (label(code) ?? code) : code);
  if (Array.isArray(data.items))
    for (const item of data.items) {
      if (!isRecord(item)) continue;
      const labelled = label(typeof item.key === 'string' ? item.key : String(item.name));
      if (labelled !== undefined) item.name = labelled;
    }
  if (Array.isArray(data.series))
    for (const series of data.series) {
      if (!isRecord(series)) continue;
      series.name = swap(series.name);
      if (data.axis === 'category' && Array.isArray(series.points))
        for (const point of series.points) if (Array.isArray(point)) point[0] = swap(point[0]);
    }
  for (const axis of ['x', 'y'] as const) {
    const values = data[axis];
    if (Array.isArray(values)) data[axis] = values.map(swap);
  }
}
