import { ApiError } from './errors.ts';

/*
 * How deeply a request's JSON may nest arrays and objects (issue 43, decision 0088). WordPress reads
 * JSON bodies with PHP's json_decode, which refuses more than 512 levels; the same bound here keeps
 * every walk over a body (the NUL check, validation, storing it as JSON) shallow and cheap.
 */

/** The deepest nesting of arrays and objects a request's JSON may have: json_decode's default depth. */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests deeper than `limit`, in one pass over it before it is parsed, so that a
 * deep body costs no more than reading it once: brackets inside strings do not count. Text that is
 * not JSON is left to the parser to refuse.
 */
export function textNestsDeeperThan(text: string, limit: number): boolean {
  // Fewer characters than levels cannot open them all.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === BACKSLASH) at++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth--;
  }
  return false;
}

/**
 * Whether a value parsed already (a multipart field sent as `application/json`, which the parser
 * reads as JSON) nests deeper than `limit`: walked with a list of its own, never by recursion.
 */
export function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const item = pending.pop();
    const depth = depths.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) {
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** What a body nested too deeply answers: WordPress' `rest_invalid_json`, with json_decode's own error (JSON_ERROR_DEPTH). */
export const tooDeep = (): ApiError =>
  new ApiError('rest_invalid_json', {
    data: { json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' },
  });
