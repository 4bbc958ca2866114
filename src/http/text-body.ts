import type { Readable } from 'node:stream';
import { ApiError } from '../errors.ts';

/**
 * A request body read whole up to `limit` bytes, for a media type with a limit of its own: a
 * larger body, declared or sent, is refused with `tooLarge`'s error before more of it is read.
 */
export async function readBody(
  payload: Readable,
  declaredLength: string | undefined,
  limit: number,
  tooLarge: () => ApiError,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > limit) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * A request body read as UTF-8 text up to `limit` bytes (the iCalendar import's, decision 0028): a
 * larger body is a 413 that names that limit rather than the JSON bodies'.
 */
export async function readTextBody(
  payload: Readable,
  declaredLength: string | undefined,
  limit: number,
): Promise<string> {
  return (
    await readBody(
      payload,
      declaredLength,
      limit,
      () => new ApiError('rest_payload_too_large', { args: [String(limit)] }),
    )
  ).toString('utf8');
}
