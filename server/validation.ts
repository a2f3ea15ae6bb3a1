import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { AppError } from './envelope';

// Which failure to report first when a field breaks several rules.
const PRIORITY = ['required', 'minLength', 'type', 'maxLength', 'pattern', 'minimum', 'maximum', 'enum'];

const keywordOf = (error: FastifySchemaValidationError) =>
  error.keyword === 'errorMessage'
    ? String((error.params as { errors?: { keyword: string }[] }).errors?.[0]?.keyword ?? '')
    : error.keyword;

/** Turns ajv errors into one Chinese message (schemas carry their messages via ajv-errors). */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): AppError {
  const ranked = [...errors].sort((a, b) => rank(a) - rank(b));
  const custom = ranked.find((error) => error.keyword === 'errorMessage');
  if (custom?.message) return new AppError(400, custom.message);
  const first = ranked[0];
  const field = first?.instancePath
    ? first.instancePath.slice(1)
    : ((first?.params as { missingProperty?: string } | undefined)?.missingProperty ?? dataVar);
  return new AppError(400, `请求参数 ${field} 不正确`);
}

function rank(error: FastifySchemaValidationError): number {
  const index = PRIORITY.indexOf(keywordOf(error));
  return (error.keyword === 'errorMessage' ? 0 : 100) + (index === -1 ? PRIORITY.length : index);
}

/** A required string field with Chinese messages for each rule. */
export function stringField(
  messages: { required: string; pattern?: string; invalid?: string },
  rules: { pattern?: string; maxLength?: number } = {},
) {
  return {
    type: 'string',
    minLength: 1,
    maxLength: rules.maxLength ?? 256,
    ...(rules.pattern ? { pattern: rules.pattern } : {}),
    errorMessage: {
      type: messages.invalid ?? messages.pattern ?? messages.required,
      minLength: messages.required,
      maxLength: messages.invalid ?? messages.pattern ?? messages.required,
      ...(rules.pattern ? { pattern: messages.pattern ?? messages.required } : {}),
    },
  };
}

export function objectSchema(properties: Record<string, object>, requiredMessages: Record<string, string>) {
  return {
    type: 'object',
    properties,
    required: Object.keys(requiredMessages),
    errorMessage: { type: '请求参数格式不正确', required: requiredMessages },
  };
}

export const PHONE_PATTERN = '^1[3-9]\\d{9}$';

interface PropertySchema {
  type?: string | string[];
  errorMessage?: { type?: string } | string;
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

/** How deep and how big a JSON body (or a JSON-text field such as a command's `params`) may be. */
export const MAX_JSON_DEPTH = 8;
export const MAX_JSON_NODES = 5000;

// Numbers as a form or query string writes them: plain decimals only (no 1e3, 0x10, " 5", Infinity).
const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d{1,16}(\.\d{1,20})?$/;

const typesOf = (property: PropertySchema): string[] =>
  (Array.isArray(property.type) ? property.type : [property.type]).filter((type): type is string => typeof type === 'string');
const messageOf = (name: string, property: PropertySchema | undefined) =>
  (typeof property?.errorMessage === 'string' ? property.errorMessage : property?.errorMessage?.type) ?? `请求参数 ${name} 不正确`;

/**
 * Query strings, path parameters and form bodies carry only text. Each declared number or boolean
 * field written the plain way is turned into its type here; anything else stays as it came and the
 * schema (validated without coercion) refuses it with the field's own message. JSON bodies keep
 * their types: `true`, `null`, `[1]` or `{}` for a number is a type error, never a 1 or a 0.
 */
export function convertTextFields(values: unknown, schema: unknown): void {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || typeof values !== 'object' || values === null || Array.isArray(values)) return;
  const target = values as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const value = target[name];
    if (typeof value !== 'string') continue;
    const types = typesOf(property);
    if (types.includes('string')) continue;
    if (types.includes('integer') && INTEGER_TEXT.test(value) && Number.isSafeInteger(Number(value))) target[name] = Number(value);
    else if (types.includes('number') && NUMBER_TEXT.test(value) && Number.isFinite(Number(value))) target[name] = Number(value);
    else if (types.includes('boolean') && (value === 'true' || value === 'false')) target[name] = value === 'true';
  }
}

/**
 * Checks a parsed JSON value before anything walks or serialises it: at most MAX_JSON_DEPTH levels
 * and MAX_JSON_NODES values, and no non-finite number (JSON.parse turns 1e400 into Infinity).
 * Iterative, so a deeply nested body cannot overflow the stack here.
 */
export function checkJsonShape(value: unknown, describe: (path: string) => string = (path) => `请求参数 ${path} 不正确`): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  let nodes = 0;
  while (stack.length) {
    const { value: current, depth, path } = stack.pop()!;
    if (++nodes > MAX_JSON_NODES) throw new AppError(400, `请求参数过多（最多 ${MAX_JSON_NODES} 个值）`);
    if (typeof current === 'number' && !Number.isFinite(current)) throw new AppError(400, describe(path || '请求体'));
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new AppError(400, `请求参数嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`);
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (const [key, item] of entries) stack.push({ value: item, depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
}

interface InputRequest {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  headers: Record<string, string | string[] | undefined>;
  routeOptions: { schema?: { body?: unknown; querystring?: unknown; params?: unknown } };
}

/** preValidation hook: shapes every input the same strict way before the schema sees it. */
export async function normalizeInput(request: InputRequest): Promise<void> {
  const schema = request.routeOptions.schema ?? {};
  convertTextFields(request.query, schema.querystring);
  convertTextFields(request.params, schema.params);
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded')) convertTextFields(request.body, schema.body);
  else if (request.body !== undefined && request.body !== null) {
    const properties = (schema.body as ObjectSchema | undefined)?.properties;
    checkJsonShape(request.body, (path) => messageOf(path, properties?.[path.split('.')[0]!]));
  }
}
