import { formatDateTime } from '../format/timeFormat';
import { panelStrings as t } from './panelStrings';

/** One panel as it is exported: its title and what its query answered (undefined while none came). */
export interface PanelExport {
  title: string;
  data: unknown;
  /** The widget's unit option, for figures whose data carries none. */
  unit?: string;
}

type Cell = string | number | null | undefined;
type Rows = Cell[][];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);
const timeText = (value: unknown): Cell => (typeof value === 'number' ? formatDateTime(value) : textOf(value));
const textOf = (value: unknown): Cell =>
  typeof value === 'number' || typeof value === 'string' ? value : value == null ? '' : String(value);

/** Rows of one panel's data, by the shape it has (contracts/panels.ts), or undefined when it has none of them. */
function rowsOf(data: unknown, unit: string | undefined): Rows | undefined {
  if (!isObject(data)) return undefined;
  const columns = list(data.columns);
  const rows = list(data.rows);
  if (columns && rows) {
    // table: its own columns, times written out.
    const keys = columns
      .filter(isObject)
      .map((column) => ({ key: String(column.key), title: String(column.title), time: column.format === 'dateTime' }));
    return [
      keys.map((column) => column.title),
      ...rows.filter(isObject).map((row) => keys.map((column) => (column.time ? timeText(row[column.key]) : textOf(row[column.key])))),
    ];
  }
  const series = list(data.series);
  if (series) {
    // lineChart, barChart: one row per x value, one column per series.
    const named = series
      .filter(isObject)
      .map((entry) => ({ name: String(entry.name), points: (list(entry.points) ?? []).filter(Array.isArray) }));
    const xs: (string | number)[] = [];
    for (const entry of named)
      for (const [x] of entry.points) if ((typeof x === 'string' || typeof x === 'number') && !xs.includes(x)) xs.push(x);
    const header = data.axis === 'time' ? t.csvTime : t.csvCategory;
    const suffix = typeof data.unit === 'string' && data.unit ? `（${data.unit}）` : unit ? `（${unit}）` : '';
    return [
      [header, ...named.map((entry) => `${entry.name}${suffix}`)],
      ...xs.map((x) => [
        data.axis === 'time' ? timeText(x) : textOf(x),
        ...named.map((entry) => textOf(entry.points.find(([at]) => at === x)?.[1])),
      ]),
    ];
  }
  const items = list(data.items);
  if (items) {
    // statGroup, ranking, barChart, pieChart: name, value, unit; timeline: time, title, detail.
    const entries = items.filter(isObject);
    if (entries.every((entry) => typeof entry.at === 'number'))
      return [
        [t.csvTime, t.csvTitle, t.csvDetail],
        ...entries.map((entry) => [timeText(entry.at), textOf(entry.title), textOf(entry.detail)]),
      ];
    return [
      [t.csvName, t.csvValue, t.csvUnit],
      ...entries.map((entry) => [textOf(entry.name), textOf(entry.value), textOf(entry.unit ?? data.unit ?? unit)]),
    ];
  }
  const kinds = list(data.kinds);
  if (kinds)
    return [
      [t.csvName, t.csvOnline, t.csvOffline],
      ...kinds.filter(isObject).map((kind) => [textOf(kind.name), textOf(kind.online), textOf(kind.offline)]),
    ];
  if (Array.isArray(data.x) && Array.isArray(data.y) && Array.isArray(data.cells)) {
    // heatmap: y down, x across.
    const x = data.x.map(textOf);
    const grid = data.y.map((label) => [textOf(label), ...x.map(() => 0 as Cell)]);
    for (const cell of data.cells.filter(Array.isArray)) {
      const row = grid[Number(cell[1])];
      if (row) row[Number(cell[0]) + 1] = textOf(cell[2]);
    }
    return [['', ...x], ...grid];
  }
  if (typeof data.value === 'number') {
    // statCard, gauge.
    const figureUnit = textOf(data.unit ?? unit);
    return [
      [
        t.csvValue,
        t.csvUnit,
        ...(typeof data.previous === 'number' ? [t.csvPrevious] : []),
        ...(typeof data.max === 'number' ? [t.csvMax] : []),
      ],
      [
        data.value,
        figureUnit,
        ...(typeof data.previous === 'number' ? [data.previous] : []),
        ...(typeof data.max === 'number' ? [data.max] : []),
      ],
    ];
  }
  return undefined;
}

/** A cell as CSV: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula is kept as text. */
function csvCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A page's figures as one CSV text: the page's title and range, then each panel in turn (its title, a
 * header row and its rows; a panel without data or of a shape the export does not know says so), a blank
 * line between panels. Lines end with CRLF; the caller adds the BOM.
 */
export function panelsCsv(heading: readonly string[], panels: readonly PanelExport[]): string {
  const lines: Rows = heading.map((line) => [line]);
  for (const panel of panels) {
    lines.push([]);
    lines.push([panel.title]);
    const rows = panel.data === undefined ? undefined : rowsOf(panel.data, panel.unit);
    if (rows) lines.push(...rows);
    else lines.push([panel.data === undefined ? t.csvNoData : t.csvNotExportable]);
  }
  return lines.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a UTF-8 CSV file with a byte order mark, so Excel reads its Chinese. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns: let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
