import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { MAX_JSON_DEPTH, tooDeep, valueNestsDeeperThan } from '../json-depth.ts';

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
      addField(fields, part);
    }
  } catch (error) {
    if (error instanceof ApiError || (error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new ApiError('rest_bad_request', { args: ['the multipart body is malformed'] });
  }
  return fields;
}

/** A multipart field as the parser gives it: a part sent as `application/json` has its value parsed. */
interface FieldPart {
  readonly fieldname: string;
  readonly value: unknown;
  readonly mimetype: string;
}

/** Adds a part's value to the fields, a repeated name becoming a list; JSON nested too deeply is refused as a JSON body is. */
export function addField(fields: Record<string, unknown>, part: FieldPart): void {
  if (part.mimetype === 'application/json' && valueNestsDeeperThan(part.value, MAX_JSON_DEPTH)) throw tooDeep();
  const existing = fields[part.fieldname];
  fields[part.fieldname] =
    existing === undefined
      ? part.value
      : [...(Array.isArray(existing) ? (existing as unknown[]) : [existing]), part.value];
}

/**
 * Reads a multipart body with `read` (which iterates `request.parts()`), the whole body bounded to
 * `limit` bytes, fields and files together (issue 43): a larger declared length is refused before
 * anything is read, and a body that passes the limit while arriving is refused at that byte, the
 * rest left unread and the connection closed once answered. The parser counts each field and file
 * but not their sum, and reads the request itself, past Fastify's body limit.
 */
export async function readBoundedMultipart<T>(
  request: FastifyRequest,
  limit: number,
  read: () => Promise<T>,
): Promise<T> {
  const tooLarge = () =>
    new ApiError('rest_payload_too_large', { args: [String(limit)], headers: { connection: 'close' } });
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw tooLarge();
  const raw = request.raw;
  let received = 0;
  let count: (chunk: Buffer) => void = () => undefined;
  const passed = new Promise<never>((_resolve, reject) => {
    count = (chunk) => {
      received += chunk.length;
      if (received <= limit) return;
      raw.unpipe();
      raw.pause();
      reject(tooLarge());
    };
  });
  // `read` pipes the request into the parser as it starts, before any chunk is delivered (chunks
  // come on later ticks): this listener and the parser see the same chunks.
  const reading = read();
  raw.on('data', count);
  try {
    return await Promise.race([reading, passed]);
  } finally {
    raw.removeListener('data', count);
  }
}
