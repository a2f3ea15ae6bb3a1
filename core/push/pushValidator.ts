import Ajv, { type ValidateFunction } from 'ajv';
import type { PushTopic, PushTopicDeclaration } from '../../contracts/push';

/** Checks push data at the edge; no coercion or defaults, so what a handler gets is what was sent. */
const ajv = new Ajv({ allErrors: false });

/**
 * The compiled check of a topic's data. Compiled on first use; ajv keeps compiled schemas by schema
 * object, so every later call for the same topic returns the same function.
 */
export function pushValidator<T extends object>(topic: PushTopic<T>): ValidateFunction<T> {
  return ajv.compile<T>(topic.schema);
}

/** The same check for a topic whose payload type is set aside (the client's list of declared topics). */
export function declaredPushValidator(topic: PushTopicDeclaration): ValidateFunction {
  return ajv.compile(topic.schema);
}

/** The first schema error, for the log. */
export function pushSchemaError(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors?.slice(0, 1), { dataVar: 'data' });
}
