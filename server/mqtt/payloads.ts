import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ALARM_GRADES } from '../../contracts/alarms';
import type { DeviceCatalog, DeviceKind } from '../catalog/deviceCatalog';

/**
 * Payload schemas of the MQTT channels (README "MQTT"). Every message is UTF-8 JSON, at most
 * MAX_PAYLOAD_BYTES; a message that breaks its schema is dropped whole, with the reason logged.
 */
export const MAX_PAYLOAD_BYTES = 8 * 1024;

type Scalar = string | number | boolean;

export interface TelemetryMessage {
  values: Record<string, Scalar>;
}
export interface StatusMessage {
  online: boolean;
}
export interface AlarmMessage {
  alarmType: string;
  content?: string;
  description?: string;
  grade?: string;
}
/** `id` may be left out by a device that answers on the response topic with the correlation data (MQTT 5). */
export interface AckMessage {
  id?: string;
  success: boolean;
  message?: string;
  state?: Record<string, Scalar>;
}
/** An ack whose command id is known (from the payload's `id` or the MQTT 5 correlation data). */
export interface DeviceAck extends AckMessage {
  id: string;
}

/** Server → device. */
export interface CommandMessage {
  id: string;
  command: number;
  commandType: string;
  params: Record<string, unknown>;
}

const FIELD_NAME = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
const scalar = { type: ['number', 'string', 'boolean'], maxLength: 256 };
const scalarMap = (max: number) => ({
  type: 'object',
  minProperties: 1,
  maxProperties: max,
  propertyNames: { pattern: FIELD_NAME },
  additionalProperties: scalar,
});
/** Correlation ids: the server sends UUIDs; devices echo them. */
export const CORRELATION_ID = '^[A-Za-z0-9_-]{1,64}$';

export const PAYLOAD_SCHEMAS = {
  telemetry: { type: 'object', required: ['values'], additionalProperties: false, properties: { values: scalarMap(64) } },
  status: { type: 'object', required: ['online'], additionalProperties: false, properties: { online: { type: 'boolean' } } },
  alarm: {
    type: 'object',
    required: ['alarmType'],
    additionalProperties: false,
    properties: {
      alarmType: { type: 'string', pattern: FIELD_NAME },
      content: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: 'string', maxLength: 1000 },
      grade: { type: 'string', enum: [...ALARM_GRADES] },
    },
  },
  ack: {
    type: 'object',
    required: ['success'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: CORRELATION_ID },
      success: { type: 'boolean' },
      message: { type: 'string', maxLength: 200 },
      state: scalarMap(32),
    },
  },
  command: {
    type: 'object',
    required: ['id', 'command', 'commandType', 'params'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: CORRELATION_ID },
      command: { type: 'integer', minimum: 0 },
      commandType: { type: 'string', maxLength: 40 },
      params: { type: 'object' },
    },
  },
} as const;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const CORRELATION = new RegExp(CORRELATION_ID);

/**
 * The command an ack answers: the MQTT 5 correlation data (the command's id, as the command carried
 * it) or the payload's `id`; both, when given, must agree.
 */
export function ackedCommand(ack: AckMessage, correlationData: Uint8Array | undefined): Parsed<DeviceAck> {
  let correlated: string | undefined;
  if (correlationData !== undefined) {
    correlated = Buffer.from(correlationData).toString('utf8');
    if (!CORRELATION.test(correlated)) return { ok: false, reason: '应答的关联数据（correlationData）不是命令编号' };
    if (ack.id !== undefined && ack.id !== correlated) return { ok: false, reason: '应答的 id 与关联数据（correlationData）不一致' };
  }
  const id = correlated ?? ack.id;
  if (id === undefined) return { ok: false, reason: '缺少字段 id（MQTT 5 设备也可在关联数据 correlationData 中带回命令编号）' };
  return { ok: true, value: { ...ack, id } };
}

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = {
  telemetry: ajv.compile<TelemetryMessage>(PAYLOAD_SCHEMAS.telemetry),
  status: ajv.compile<StatusMessage>(PAYLOAD_SCHEMAS.status),
  alarm: ajv.compile<AlarmMessage>(PAYLOAD_SCHEMAS.alarm),
  ack: ajv.compile<AckMessage>(PAYLOAD_SCHEMAS.ack),
  command: ajv.compile<CommandMessage>(PAYLOAD_SCHEMAS.command),
};

export interface ChannelMessages {
  telemetry: TelemetryMessage;
  status: StatusMessage;
  alarm: AlarmMessage;
  ack: AckMessage;
  command: CommandMessage;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON value of a payload, or why it is not one. */
export function decodeJson(payload: Uint8Array, maxBytes = MAX_PAYLOAD_BYTES): Parsed<unknown> {
  if (payload.byteLength > maxBytes) return { ok: false, reason: `消息过大（${payload.byteLength} 字节，上限 ${maxBytes} 字节）` };
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return { ok: false, reason: '消息不是 UTF-8 文本' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: '消息不是有效的 JSON' };
  }
}

/** A payload of a channel, decoded and checked against the channel's schema. */
export function parsePayload<C extends keyof ChannelMessages>(
  channel: C,
  payload: Uint8Array,
  maxBytes = MAX_PAYLOAD_BYTES,
): Parsed<ChannelMessages[C]> {
  const decoded = decodeJson(payload, maxBytes);
  if (!decoded.ok) return decoded;
  return check(validators[channel] as ValidateFunction<ChannelMessages[C]>, decoded.value);
}

function check<T>(validate: ValidateFunction<T>, value: unknown): Parsed<T> {
  if (validate(value)) return { ok: true, value };
  return { ok: false, reason: describeError(validate.errors?.[0]) };
}

/** One ajv error in Chinese, naming the field as a dotted path. */
export function describeError(error: ErrorObject | undefined): string {
  if (!error) return '消息格式不正确';
  const path = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
  // "字段 a.b 类型不正确", or "消息类型不正确" for the message itself.
  const field = path ? `字段 ${path} ` : '消息';
  const params = error.params as { missingProperty?: string; additionalProperty?: string; type?: string | string[] };
  switch (error.keyword) {
    case 'required':
      return `缺少字段 ${path ? `${path}.` : ''}${params.missingProperty ?? ''}`;
    case 'additionalProperties':
      return `不支持的字段 ${path ? `${path}.` : ''}${params.additionalProperty ?? ''}`;
    case 'type':
      return `${field}类型不正确（应为${[params.type ?? '']
        .flat()
        .map((type) => TYPE_NAMES[type] ?? type)
        .join('或')}）`;
    case 'enum':
      return `${field}不是可选值`;
    case 'pattern':
    case 'propertyNames':
      return `${field}格式不正确`;
    case 'minimum':
    case 'maximum':
      return `${field}超出允许范围`;
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties':
      return `${field}长度或数量不正确`;
    default:
      return `${field}不正确`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  object: '对象',
  string: '文本',
  number: '数值',
  integer: '整数',
  boolean: '布尔值',
  array: '数组',
};

/** What a device of one kind may report: its declared telemetry fields with their types, and its state keys. */
export interface KindRules {
  telemetry: ValidateFunction<Record<string, Scalar>>;
  stateKeys: ReadonlySet<string>;
}

/**
 * Per kind, from the device plugins' manifests: telemetry `values` may hold only the kind's declared
 * fields, each of its declared type (an enum one of its options); an ack's `state` only the kind's
 * state keys and the keys its commands' effects set.
 */
export function kindRules(catalog: DeviceCatalog): Map<string, KindRules> {
  const kindAjv = new Ajv({ allErrors: false, strict: true });
  const rules = new Map<string, KindRules>();
  for (const kind of catalog.kinds) {
    rules.set(kind.page, {
      telemetry: kindAjv.compile<Record<string, Scalar>>({
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries((kind.telemetry ?? []).map((field) => [field.key, telemetrySchema(field)])),
      }),
      stateKeys: new Set([
        ...Object.keys(kind.state ?? {}),
        ...(kind.commands ?? []).flatMap((command) => Object.keys(command.effect ?? {})),
      ]),
    });
  }
  return rules;
}

function telemetrySchema(field: NonNullable<DeviceKind['telemetry']>[number]): object {
  switch (field.type) {
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: field.options ?? [] };
    default:
      return { type: 'string', maxLength: 256 };
  }
}

/** Telemetry values checked against the device's kind; the reason names the field. */
export function checkTelemetry(rules: KindRules | undefined, values: Record<string, Scalar>): Parsed<Record<string, Scalar>> {
  if (!rules) return { ok: false, reason: '设备类型未加载，无法校验遥测' };
  const result = check(rules.telemetry, values);
  if (result.ok) return result;
  const error = rules.telemetry.errors?.[0];
  if (error?.keyword === 'additionalProperties')
    return {
      ok: false,
      reason: `遥测字段 ${(error.params as { additionalProperty?: string }).additionalProperty ?? ''} 未在设备类型中声明`,
    };
  return { ok: false, reason: result.reason.replace(/^字段 /, '遥测字段 values.') };
}

/** An ack's state, checked against the device's kind. */
export function checkState(rules: KindRules | undefined, state: Record<string, Scalar>): Parsed<Record<string, Scalar>> {
  const unknown = Object.keys(state).find((key) => !rules?.stateKeys.has(key));
  return unknown === undefined ? { ok: true, value: state } : { ok: false, reason: `状态字段 ${unknown} 未在设备类型中声明` };
}
