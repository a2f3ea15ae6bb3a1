/**
 * The one module of JSON-schema builders and limits the API routes are declared with. Each builder
 * gives the plain JSON schema ajv validates (no coercion; ajv-errors reads `errorMessage`, one
 * Chinese message per rule) and, through TypeBox, the TypeScript type both sides derive from it.
 * Builders come from `typebox/type` one by one, so the web bundle carries ~3 KB of TypeBox, not 20.
 */
import type { Static, TSchema, TUnsafe } from 'typebox';
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Number as NumberType,
  Object as ObjectOf,
  String as StringType,
  Unsafe,
} from 'typebox/type';

/** The largest id a table holds (a PostgreSQL `integer`); ids in paths, queries and bodies stay within it. */
export const MAX_ID = 2147483647;
/** The latest time a JavaScript Date can hold (epoch ms). */
export const MAX_TIME = 8_640_000_000_000_000;
export const MAX_PAGE_NUM = 1_000_000;
export const MAX_PAGE_SIZE = 200;
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';

/** An id: a positive integer up to MAX_ID. */
export const id = (label: string) =>
  Integer({
    minimum: 1,
    maximum: MAX_ID,
    errorMessage: { type: `${label}必须是正整数`, minimum: `${label}必须是正整数`, maximum: `${label}必须是正整数` },
  });

/** An id with one message for every rule (the older routes word it so). */
export const plainId = (message: string) => Integer({ minimum: 1, maximum: MAX_ID, errorMessage: message });

/** A list of ids (a JSON array, or a repeated form field). */
export const idList = (message: string, maxItems: number) =>
  ArrayOf(Integer({ minimum: 1, maximum: MAX_ID }), { maxItems, errorMessage: message });

/** A time as epoch milliseconds. */
export const time = (label: string) =>
  Integer({
    minimum: 0,
    maximum: MAX_TIME,
    errorMessage: { type: `${label}必须是毫秒时间戳`, minimum: `${label}必须是毫秒时间戳`, maximum: `${label}必须是毫秒时间戳` },
  });

/** One of a fixed list of codes; its type is the union of the codes. `message` replaces the worded-from-label ones. */
export const oneOf = <const Values extends readonly string[]>(label: string, values: Values, message?: string) =>
  Unsafe<Values[number]>({
    type: 'string',
    enum: [...values],
    errorMessage: message
      ? { type: message, enum: message }
      : { type: `${label}不正确`, enum: `${label}不正确（可选：${values.join('、')}）` },
  });

/** Free text up to `maxLength` characters; `required` also refuses the empty string. */
export const text = (label: string, maxLength: number, required = false) =>
  StringType({
    ...(required ? { minLength: 1 } : {}),
    maxLength,
    errorMessage: {
      type: `${label}必须是文字`,
      ...(required ? { minLength: `请填写${label}` } : {}),
      maxLength: `${label}不能超过 ${maxLength} 个字符`,
    },
  });

/** '0' or '1', as RuoYi's filters write a yes/no. */
export const flag = (label: string) =>
  Unsafe<'0' | '1'>({ type: 'string', enum: ['0', '1'], errorMessage: { type: `${label}只能是 0 或 1`, enum: `${label}只能是 0 或 1` } });

export const bool = (label: string) => BooleanType({ errorMessage: { type: `${label}只能是 true 或 false` } });

/** A number within [minimum, maximum]. */
export const range = (label: string, minimum: number, maximum: number, unit = '') =>
  NumberType({ minimum, maximum, errorMessage: rangeMessages(label, minimum, maximum, unit, `${label}必须是数字`) });

/** An integer within [minimum, maximum]. */
export const integerRange = (label: string, minimum: number, maximum: number, unit = '') =>
  Integer({ minimum, maximum, errorMessage: rangeMessages(label, minimum, maximum, unit, `${label}必须是整数`) });

/** An integer within [minimum, maximum], with one message for every rule. */
export const boundedInteger = (message: string, minimum: number, maximum: number) =>
  Integer({ minimum, maximum, errorMessage: { type: message, minimum: message, maximum: message } });

const rangeMessages = (label: string, minimum: number, maximum: number, unit: string, type: string) => ({
  type,
  minimum: `${label}必须在 ${minimum} 到 ${maximum}${unit} 之间`,
  maximum: `${label}必须在 ${minimum} 到 ${maximum}${unit} 之间`,
});

/** A required string with Chinese messages for each rule (the login forms). */
export const stringField = (
  messages: { required: string; pattern?: string; invalid?: string },
  rules: { pattern?: string; maxLength?: number } = {},
) =>
  StringType({
    minLength: 1,
    maxLength: rules.maxLength ?? 256,
    ...(rules.pattern ? { pattern: rules.pattern } : {}),
    errorMessage: {
      type: messages.invalid ?? messages.pattern ?? messages.required,
      minLength: messages.required,
      maxLength: messages.invalid ?? messages.pattern ?? messages.required,
      ...(rules.pattern ? { pattern: messages.pattern ?? messages.required } : {}),
    },
  });

/** Text matching `pattern` (a code, a file name), with one message for every rule. */
export const patterned = (message: string, pattern: string) => StringType({ pattern, errorMessage: { type: message, pattern: message } });

/**
 * Ids as a JSON list, a form's repeated field, one id, or text such as "2,3" (the intercom host's
 * forms): the handler splits the text. One message for every rule.
 */
export const idsOrText = (message: string, maxItems: number) =>
  Unsafe<number[] | string | number>({
    type: ['array', 'string', 'integer'],
    maxItems,
    maxLength: maxItems * 11,
    pattern: '^\\s*(\\d{1,10}(\\s*,\\s*\\d{1,10})*)?\\s*$',
    minimum: 1,
    maximum: MAX_ID,
    items: { type: 'integer', minimum: 1, maximum: MAX_ID },
    errorMessage: message,
  });

/** A field the validator fills in when it is absent (ajv `useDefaults`): the handler always sees it. */
export type Defaulted<Schema extends TSchema> = Schema & { default: Static<Schema> };
export const withDefault = <Schema extends TSchema>(schema: Schema, value: Static<Schema>): Defaulted<Schema> => ({
  ...schema,
  default: value,
});

/** RuoYi paging: pageNum from 1, pageSize up to `maxPageSize` (MAX_PAGE_SIZE unless given; 20 a page unless asked). */
export const paging = (pageSize = 20, maxPageSize = MAX_PAGE_SIZE) => ({
  pageNum: withDefault(
    Integer({
      minimum: 1,
      maximum: MAX_PAGE_NUM,
      errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数', maximum: '页码过大' },
    }),
    1,
  ),
  pageSize: withDefault(
    Integer({
      minimum: 1,
      maximum: maxPageSize,
      errorMessage: { type: '每页条数必须是正整数', minimum: '每页条数必须是正整数', maximum: `每页条数不能超过 ${maxPageSize}` },
    }),
    pageSize,
  ),
});

type Properties = Record<string, TSchema>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Required: the fields named in the messages and those the validator defaults; the rest optional. */
type AlwaysPresent<P extends Properties, Required extends string> = {
  [K in keyof P]: K extends Required ? K : P[K] extends { default: unknown } ? K : never;
}[keyof P];
export type FieldsType<P extends Properties, Required extends string> = Simplify<
  { [K in AlwaysPresent<P, Required>]: Static<P[K]> } & { [K in Exclude<keyof P, AlwaysPresent<P, Required>>]?: Static<P[K]> }
>;

/**
 * An object of named fields (a query string, a body, path parameters): `required` names the fields
 * that must be sent, each with the message that says so.
 */
export function fields<P extends Properties, Required extends keyof P & string = never>(
  properties: P,
  required: { readonly [K in Required]: string } = {} as { readonly [K in Required]: string },
): TUnsafe<FieldsType<P, Required>> {
  return Unsafe<FieldsType<P, Required>>(
    ObjectOf(properties, { required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } }),
  );
}

/** Path parameters (`/workOrder/detail/:orderId`): always present, so every one is required. */
export function pathParams<P extends Properties>(properties: P): TUnsafe<FieldsType<P, keyof P & string>> {
  return Unsafe<FieldsType<P, keyof P & string>>(ObjectOf(properties, { required: Object.keys(properties) }));
}

/** Exactly one of the named fields: each the field's own type, the others absent. */
type ExactlyOne<P extends Properties> = {
  [K in keyof P]: Simplify<{ [J in K]: Static<P[J]> } & { [J in Exclude<keyof P, K>]?: undefined }>;
}[keyof P];

/** A query or body that names exactly one of its fields (a device or an operator), with the message that says so. */
export function exactlyOneOf<P extends Properties>(properties: P, message: string): TUnsafe<ExactlyOne<P>> {
  return Unsafe<ExactlyOne<P>>(
    // No field is required by itself (TypeBox would require every one): `oneOf` asks for exactly one.
    ObjectOf(properties, {
      required: [],
      oneOf: Object.keys(properties).map((name) => ({ required: [name] })),
      errorMessage: { type: '请求参数格式不正确', oneOf: message },
    }),
  );
}
