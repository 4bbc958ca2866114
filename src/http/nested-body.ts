import type { InvalidParam } from '../errors.ts';
import { standaloneValidator } from './compiled-schemas.ts';
import { fromValidation, type ValidationIssue } from './error-handler.ts';
import { coerceToSchema } from './params.ts';

/**
 * What is wrong with a body written inside another route's body (a venue written inline in an
 * event's), by the route's own body schema and exactly as that route checks it: WordPress'
 * spellings read first, then the same compiled validator. Problems by field name, none when valid;
 * like a route's body, `input` is left coerced for the handler.
 */
export function nestedBodyCheck(schema: object): (input: Record<string, unknown>) => Record<string, InvalidParam> {
  const validate = standaloneValidator(schema);
  const required = (schema as { required?: string[] }).required ?? [];
  return (input) => {
    coerceToSchema(schema, input);
    if (validate(input)) return {};
    const error = fromValidation(validate.errors as ValidationIssue[], required);
    const params = error.data.params;
    if (Array.isArray(params))
      return Object.fromEntries(params.map((name: string) => [name, { message: 'Missing parameter.' }]));
    return Object.fromEntries(
      Object.entries(params as Record<string, string>).map(([name, message]) => [name, { message }]),
    );
  };
}
