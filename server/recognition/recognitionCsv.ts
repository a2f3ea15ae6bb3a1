import { Readable } from 'node:stream';
import { formatPlate, RECOGNITION_DICTS, type RecognitionDictField, type RecognitionRecord } from '../../contracts/recognition';
import { SHANGHAI_OFFSET_MS } from '../stats/periods';

/** The export's columns: Chinese header and the cell of a record (coded fields by their dictionary labels). */
type Labels = (field: RecognitionDictField, code: string | null) => string;
const COLUMNS: readonly [string, (record: RecognitionRecord, label: Labels) => string | number][] = [
  ['记录编号', (r) => r.recordId],
  ['识别时间', (r) => shanghaiTime(r.at)],
  ['摄像机', (r) => r.deviceName],
  ['设备编号', (r) => r.deviceId],
  ['识别类型', (r, label) => label('kind', r.kind)],
  ['车牌号码', (r) => (r.plate ? formatPlate(r.plate) : '')],
  ['车牌颜色', (r, label) => label('plateColor', r.plateColor)],
  ['车辆类型', (r, label) => label('vehicleType', r.vehicleType)],
  ['车身颜色', (r, label) => label('vehicleColor', r.vehicleColor)],
  ['动力类型', (r, label) => label('powerType', r.powerType)],
  ['年龄段', (r, label) => label('ageBand', r.ageBand)],
  ['性别', (r, label) => label('gender', r.gender)],
  ['人脸属性', (r, label) => r.faceAttributes.map((code) => label('faceAttribute', code)).join('、')],
  ['非机动车类型', (r, label) => label('nonMotorType', r.nonMotorType)],
  ['人数', (r) => r.peopleCount ?? ''],
  ['目标类型', (r, label) => label('targetType', r.targetType)],
  ['经度', (r) => r.longitude.toFixed(6)],
  ['纬度', (r) => r.latitude.toFixed(6)],
];

/** 2026-11-27 08:30:05 in Shanghai time. */
export const shanghaiTime = (at: number) => new Date(at + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines sent per chunk: fewer, larger writes without holding more than a batch. */
const LINES_PER_CHUNK = 500;

/**
 * The records as a CSV stream (UTF-8 with a BOM so spreadsheet programs read the Chinese, CRLF lines,
 * Chinese headers, coded fields as their dictionary labels). Pulls from `records` only as fast as the
 * reply is read, so an export of a million rows holds one batch.
 */
export function recognitionCsv(
  records: AsyncIterable<RecognitionRecord>,
  labels: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Readable {
  const label: Labels = (field, code) => (code === null ? '' : (labels.get(RECOGNITION_DICTS[field])?.get(code) ?? code));
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${COLUMNS.map(([header]) => header).join(',')}\r\n`;
    let chunk: string[] = [];
    for await (const record of records) {
      chunk.push(COLUMNS.map(([, cell]) => csvCell(cell(record, label))).join(','));
      if (chunk.length >= LINES_PER_CHUNK) {
        yield `${chunk.join('\r\n')}\r\n`;
        chunk = [];
      }
    }
    if (chunk.length) yield `${chunk.join('\r\n')}\r\n`;
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
