import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { AppError } from './envelope';

// Which failure to report first when a field breaks several rules.
const PRIORITY = ['required', 'minLength', 'type', 'maxLength', 'pattern', 'minimum', 'maximum', 'enum'];

const keywordOf = (error: FastifySchemaValidationError) =>
  error.keyword === 'errorMessage' ? String((error.params as { errors?: { keyword: string }[] }).errors?.[0]?.keyword ?? '') : error.keyword;

/** Turns ajv errors into one Chinese message (schemas carry their messages via ajv-errors). */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): AppError {
  const ranked = [...errors].sort((a, b) => rank(a) - rank(b));
  const custom = ranked.find((error) => error.keyword === 'errorMessage');
  if (custom?.message) return new AppError(400, custom.message);
  const first = ranked[0];
  const field = first?.instancePath ? first.instancePath.slice(1) : ((first?.params as { missingProperty?: string } | undefined)?.missingProperty ?? dataVar);
  return new AppError(400, `请求参数 ${field} 不正确`);
}

function rank(error: FastifySchemaValidationError): number {
  const index = PRIORITY.indexOf(keywordOf(error));
  return (error.keyword === 'errorMessage' ? 0 : 100) + (index === -1 ? PRIORITY.length : index);
}

/** A required string field with Chinese messages for each rule. */
export function stringField(messages: { required: string; pattern?: string; invalid?: string }, rules: { pattern?: string; maxLength?: number } = {}) {
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

const SCALAR_TYPES = ['string', 'integer', 'number'];

/**
 * ajv's type coercion (needed for form bodies, where every value is a string) would turn a JSON
 * `true` into the number 1 and `[2]` into 2. A preValidation hook refuses those before coercion,
 * with the field's own message: a boolean for a number field, an array or object for a scalar one.
 */
export async function refuseWrongBodyTypes(request: { body?: unknown; routeOptions: { schema?: { body?: unknown } } }): Promise<void> {
  const body = request.body;
  const properties = (request.routeOptions.schema?.body as { properties?: Record<string, PropertySchema> } | undefined)?.properties;
  if (!properties || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const [name, property] of Object.entries(properties)) {
    const types = (Array.isArray(property.type) ? property.type : [property.type]).filter((type): type is string => typeof type === 'string');
    if (types.length === 0 || !types.every((type) => SCALAR_TYPES.includes(type))) continue;
    const value = (body as Record<string, unknown>)[name];
    const numeric = types.some((type) => type === 'integer' || type === 'number');
    const wrong = (typeof value === 'object' && value !== null) || (numeric && typeof value === 'boolean');
    if (!wrong) continue;
    const message = typeof property.errorMessage === 'string' ? property.errorMessage : property.errorMessage?.type;
    throw new AppError(400, message ?? `请求参数 ${name} 不正确`);
  }
}
