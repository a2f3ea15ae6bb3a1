/**
 * A few JSON-schema builders that carry the TypeScript type of what they accept, so a push topic's schema
 * and its payload type cannot drift: `definePushTopic<T>` only takes a schema whose type is exactly `T`
 * (mutually assignable: a missing, extra, mistyped or wrongly nullable field fails to compile). What they
 * build is plain JSON schema (draft 7) for ajv; objects name every property `required` unless it is
 * optional in `T`, and leave other properties open so the server may add fields without breaking clients.
 */
declare const schemaType: unique symbol;

/** Any JSON schema object, its type set aside. */
export interface JsonSchemaObject {
  readonly [keyword: string]: unknown;
}

/**
 * A JSON schema of values of type `T`. Only the builders below make one, so a hand-written schema
 * object (whose type nothing checks) is refused where a `PushSchema<T>` is expected.
 */
export interface PushSchema<T> extends JsonSchemaObject {
  /** Type only (never set at run time): invariant, so a schema of one type is never taken for another. */
  readonly [schemaType]: (value: T) => T;
}

/** The type a schema accepts. */
export type SchemaType<S> = S extends PushSchema<infer T> ? T : never;

/** The one place a schema is given its type; each builder's signature says what its JSON accepts. */
const typed = <T>(schema: JsonSchemaObject): PushSchema<T> => schema as PushSchema<T>;

export const integer = (): PushSchema<number> => typed({ type: 'integer' });
export const number = (): PushSchema<number> => typed({ type: 'number' });
export const text = (): PushSchema<string> => typed({ type: 'string' });
export const flag = (): PushSchema<boolean> => typed({ type: 'boolean' });
/** Any JSON object (tests of the channel itself; a feature's topic names its fields). */
export const anyObject = (): PushSchema<Record<string, unknown>> => typed({ type: 'object' });

/** One of a contract's `as const` list of strings. */
export const enumOf = <const V extends string>(values: readonly V[]): PushSchema<V> => typed({ type: 'string', enum: [...values] });

/** `schema` or null. */
export const orNull = <T>(schema: PushSchema<T>): PushSchema<T | null> => typed({ anyOf: [schema, { type: 'null' }] });

export const arrayOf = <T>(items: PushSchema<T>): PushSchema<T[]> => typed({ type: 'array', items });

type Properties = Record<string, JsonSchemaObject>;
type Flatten<T> = { [K in keyof T]: T[K] };
type ObjectType<R extends Properties, O extends Properties> = Flatten<
  { [K in keyof R]: SchemaType<R[K]> } & { [K in keyof O]?: SchemaType<O[K]> }
>;

/** An object with the `required` properties (and the `optional` ones, which may be missing). */
export function object<R extends Properties, O extends Properties = Record<never, never>>(
  required: R,
  optional?: O,
): PushSchema<NoInfer<ObjectType<R, O>>> {
  return typed({ type: 'object', properties: { ...required, ...optional }, required: Object.keys(required) });
}

/** An object with an integer for each key (counts by status). */
export function countsOf<const K extends string>(keys: readonly K[]): PushSchema<Record<K, number>> {
  return typed({ type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'integer' }])), required: [...keys] });
}
