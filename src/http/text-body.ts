import type { Readable } from 'node:stream';
import { ApiError } from '../errors.ts';

/**
 * A request body read as UTF-8 text up to `limit` bytes, for a media type with a limit of its own
 * (the iCalendar import's, decision 0028): a larger body, declared or sent, is a 413 that names
 * that limit rather than the JSON bodies'.
 */
export async function readTextBody(payload: Readable, declaredLength: string | undefined, limit: number): Promise<string> {
  const tooLarge = () => new ApiError('rest_payload_too_large', { args: [String(limit)] });
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > limit) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
