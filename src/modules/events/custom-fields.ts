/*
 * An event's custom fields (decision 0036): TEC Pro's "additional fields" as the original's API
 * shows them (wire-format 2.1, field 40), an object keyed by the field's meta key of
 * `{ label, value }`. Written here through the API and by `import-tec`, stored as JSON in the order given.
 */

export interface CustomField {
  readonly label: string;
  readonly value: string;
}

export type CustomFields = Readonly<Record<string, CustomField>>;

export const MAX_CUSTOM_FIELDS = 50;
const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_LABEL_LENGTH = 200;
const MAX_VALUE_LENGTH = 10_000;

/** What is wrong with one field, or undefined when it can be kept. */
function fieldProblem(key: string, field: unknown): string | undefined {
  if (!KEY.test(key))
    return `The custom field key ${JSON.stringify(key.slice(0, 80))} is not 1-64 letters, digits, "_" or "-".`;
  if (typeof field !== 'object' || field === null || Array.isArray(field))
    return `The custom field ${key} must be an object with a label and a value.`;
  const { label, value, ...rest } = field as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    return `The custom field ${key} has properties other than label and value: ${Object.keys(rest).join(', ')}.`;
  if (typeof label !== 'string' || label.length > MAX_LABEL_LENGTH)
    return `The custom field ${key} needs a label of at most ${MAX_LABEL_LENGTH} characters.`;
  if (typeof value !== 'string' && typeof value !== 'number')
    return `The custom field ${key} needs a value that is a string or a number.`;
  if (String(value).length > MAX_VALUE_LENGTH)
    return `The custom field ${key} has a value longer than ${MAX_VALUE_LENGTH} characters.`;
  return undefined;
}

/**
 * Reads the `custom_fields` of a write: the fields to keep (those with a value once `filter` has
 * run on labels and values; none is `null`) and what is wrong with each field refused. `null`, `{}`
 * and `[]` mean none.
 */
export function readCustomFields(
  input: unknown,
  filter: (text: string) => string = (text) => text,
): { fields: CustomFields | null; problems: string[] } {
  if (input === null || (Array.isArray(input) && input.length === 0)) return { fields: null, problems: [] };
  if (typeof input !== 'object' || Array.isArray(input))
    return {
      fields: null,
      problems: ["Custom fields must be an object keyed by each field's key, or null to remove them."],
    };
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_CUSTOM_FIELDS)
    return {
      fields: null,
      problems: [`An event has at most ${MAX_CUSTOM_FIELDS} custom fields, got ${entries.length}.`],
    };
  const fields: Record<string, CustomField> = {};
  const problems: string[] = [];
  for (const [key, field] of entries) {
    const problem = fieldProblem(key, field);
    if (problem !== undefined) {
      problems.push(problem);
      continue;
    }
    const { label, value } = field as { label: string; value: string | number };
    const shown = filter(String(value));
    // The original shows no field whose value is empty.
    if (shown !== '') fields[key] = { label: filter(label), value: shown };
  }
  return { fields: Object.keys(fields).length > 0 ? fields : null, problems };
}

/** The stored column: the fields' JSON, or null when there are none. */
export function storedCustomFields(fields: CustomFields | null): string | null {
  return fields === null ? null : JSON.stringify(fields);
}

/** The wire's `custom_fields`: the object, or `[]` when there are none (wire-format 2.1). */
export function customFieldsWire(stored: string | null): CustomFields | [] {
  return stored === null ? [] : (JSON.parse(stored) as CustomFields);
}
