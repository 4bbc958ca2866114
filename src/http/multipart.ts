import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/**
 * The fields of a multipart body, a repeated name becoming a list (as @fastify/multipart's
 * `keyValues` gives them). The parser reports a malformed stream (no boundary, a truncated part)
 * as a bare Error; that is the client's mistake, so it becomes a 400 here instead of a 500. Its
 * own limit and prototype errors carry a status and go to the error handler as they are.
 */
export async function readMultipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = Object.create(null) as Record<string, unknown>;
  try {
    for await (const part of request.parts()) {
      // Files are refused by the `files: 0` limit before they get here; drain one all the same.
      if (part.type === 'file') {
        await part.toBuffer();
        continue;
      }
      addField(fields, part.fieldname, part.value);
    }
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new ApiError('rest_bad_request', { args: ['the multipart body is malformed'] });
  }
  return fields;
}

/** Adds a part's value to the fields, a repeated name becoming a list. */
export function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const existing = fields[name];
  fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? (existing as unknown[]) : [existing]), value];
}
