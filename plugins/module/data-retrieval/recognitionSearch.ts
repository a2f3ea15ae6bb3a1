import { formatDate, shanghaiDayEnd, shanghaiDayStart, type Dictionary } from '@ops/sdk';
import {
  formatPlate,
  normalizePlate,
  PLATE_TEXT_MAX_LENGTH,
  RECOGNITION_MAX_RANGE_DAYS,
  type RecognitionKind,
  type RecognitionQuery,
  type RecognitionRecord,
} from '@ops/contracts';
import { dataRetrievalStrings as t } from './dataRetrievalStrings';

/** The coded fields a search may filter by (each a dictionary). */
export type AttributeField = keyof typeof t.fields;

/** Which attributes each kind offers in the form (and the plate input for vehicles). */
export const KIND_ATTRIBUTES: Record<RecognitionKind, readonly AttributeField[]> = {
  face: ['ageBand', 'gender', 'faceAttribute'],
  vehicle: ['plateColor', 'vehicleType', 'vehicleColor', 'powerType'],
  nonMotor: ['nonMotorType'],
  peopleCount: [],
  target: ['targetType'],
};

/** What the form holds until 查询: days, camera, kind, attribute codes, plate text as typed. */
export interface SearchDraft {
  begin?: number;
  end?: number;
  deviceId?: number;
  kind?: RecognitionKind;
  attributes: Partial<Record<AttributeField, string>>;
  plate: string;
}

/** The last 7 Shanghai days up to today (a week: the most searched span). */
export function initialDraft(now: number): SearchDraft {
  const today = formatDate(now);
  const weekAgo = formatDate(now - 6 * 86_400_000);
  return { begin: shanghaiDayStart(weekAgo) ?? undefined, end: shanghaiDayEnd(today) ?? undefined, attributes: {}, plate: '' };
}

/**
 * A link's focus on one record (`?recordId=&at=&deviceId=`, from a watchlist hit): the search of its
 * camera at its instant, which finds it on the first page; undefined when the link names none.
 */
export function focusedDraft(params: URLSearchParams): { draft: SearchDraft; recordId: number } | undefined {
  const recordId = Number(params.get('recordId'));
  const at = Number(params.get('at'));
  const deviceId = Number(params.get('deviceId'));
  if (!Number.isSafeInteger(recordId) || recordId < 1 || !Number.isSafeInteger(at) || at < 0) return undefined;
  const draft: SearchDraft = { begin: at, end: at, attributes: {}, plate: '' };
  if (Number.isSafeInteger(deviceId) && deviceId > 0) draft.deviceId = deviceId;
  return { draft, recordId };
}

/** What is wrong with the draft (a Chinese message), or the query it searches. */
export function draftQuery(draft: SearchDraft): { problem: string } | { query: RecognitionQuery } {
  if (draft.begin === undefined || draft.end === undefined) return { problem: t.rangeRequired };
  if (draft.end < draft.begin) return { problem: t.rangeOrder };
  if (draft.end - draft.begin > RECOGNITION_MAX_RANGE_DAYS * 86_400_000) return { problem: t.rangeTooLong };
  const plate = normalizePlate(draft.plate);
  if (plate && (!/^[\u4e00-\u9fa5A-Z0-9]+$/.test(plate) || plate.length > PLATE_TEXT_MAX_LENGTH)) return { problem: t.plateInvalid };
  const query: RecognitionQuery = { beginTime: draft.begin, endTime: draft.end };
  if (draft.deviceId !== undefined) query.deviceIds = String(draft.deviceId);
  if (draft.kind) {
    query.kind = draft.kind;
    // Only the attributes of the chosen kind: a face's age never filters vehicles.
    for (const field of KIND_ATTRIBUTES[draft.kind]) {
      const value = draft.attributes[field];
      if (value) Object.assign(query, { [field]: value });
    }
  }
  if (plate && (draft.kind === undefined || draft.kind === 'vehicle')) query.plate = plate;
  return { query };
}

/** The query as a query string (the CSV export is fetched as a file, not through api.call). */
export const queryString = (query: RecognitionQuery) =>
  new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();

export type RecognitionDictionaries = Record<AttributeField | 'kind', Dictionary>;

/** One line saying what was recognised, in the dictionaries' words: 浙A·12345 蓝牌 白色 轿车 (燃油), 青年 女 戴眼镜… */
export function recordSummary(record: RecognitionRecord, dictionaries: RecognitionDictionaries): string {
  const label = (field: AttributeField, value: string | null) => (value ? dictionaries[field].label(value) : '');
  const parts: string[] = [];
  switch (record.kind) {
    case 'vehicle':
      parts.push(
        record.plate ? formatPlate(record.plate) : '',
        label('plateColor', record.plateColor),
        label('vehicleColor', record.vehicleColor),
      );
      parts.push(label('vehicleType', record.vehicleType), label('powerType', record.powerType));
      break;
    case 'face':
      parts.push(
        label('ageBand', record.ageBand),
        label('gender', record.gender),
        ...record.faceAttributes.map((code) => label('faceAttribute', code)),
      );
      break;
    case 'nonMotor':
      parts.push(label('nonMotorType', record.nonMotorType));
      break;
    case 'peopleCount':
      parts.push(t.peopleCount(record.peopleCount ?? 0));
      break;
    case 'target':
      parts.push(label('targetType', record.targetType));
  }
  return parts.filter(Boolean).join(' ');
}
