import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { Upload, type UploadedFile } from '../modules/media/upload.ts';
import { addField } from './multipart.ts';
import { readBody } from './text-body.ts';

/*
 * The two forms of an upload (decision 0052), read into an Upload: a multipart form with the image
 * in its `file` part, and WordPress' raw form, the image as the whole body with its name in
 * Content-Disposition (as /wp/v2/media takes it). Both stop reading at the size limit.
 */

const tooLarge = (limit: number) => () => new ApiError('media_too_large', { args: [String(limit)] });

/** The file name of `Content-Disposition: attachment; filename="..."` (or RFC 5987's `filename*=UTF-8''...`, preferred). */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name === undefined || name === '' ? undefined : name;
}

/** The raw form: the body's bytes (a content-type parser's payload) with the name its Content-Disposition gives. */
export async function readRawUpload(request: FastifyRequest, payload: Readable, limit: number): Promise<Upload> {
  const name = dispositionFileName(request.headers['content-disposition']);
  if (name === undefined) throw new ApiError('rest_upload_no_content_disposition');
  const bytes = await readBody(payload, request.headers['content-length'], limit, tooLarge(limit));
  return new Upload({ name, bytes }, request.query as Record<string, unknown>);
}

/** The multipart form: the `file` part (one file at most) and the other fields, the query string's under them. */
export async function readMultipartUpload(request: FastifyRequest, limit: number): Promise<Upload> {
  const fields = Object.create(null) as Record<string, unknown>;
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: limit } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { name: part.filename, bytes };
        continue;
      }
      addField(fields, part);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit)();
    if (code === 'FST_FILES_LIMIT')
      throw new ApiError('rest_bad_request', { args: ['an upload takes one file, in the "file" field'] });
    if ((error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new ApiError('rest_bad_request', { args: ['the multipart body is malformed'] });
  }
  return new Upload(file, { ...(request.query as Record<string, unknown>), ...fields });
}
