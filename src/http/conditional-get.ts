import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { representationTag } from './compression.ts';
import { notModified, type Validators } from './entity-tags.ts';

/**
 * The one conditional GET (decision 0012), for API answers, pages, assets and media files alike:
 * sends the answer's validators, the tag being the representation's that is sent (compression.ts),
 * and answers a GET (or HEAD) of a 200 whose validators the client holds with 304 and no body (a stream is
 * dropped unread). An answer under `_envelope` carries its status in its body: it is never a 304,
 * and its tag is the identity one, as the envelope is compressed as a whole.
 */
export function answerConditionally(
  request: FastifyRequest,
  reply: FastifyReply,
  validators: Validators,
  body: string | Buffer | Readable,
  options: { readonly envelope?: boolean } = {},
): string | Buffer | Readable {
  const envelope = options.envelope ?? false;
  const tag = envelope ? validators.tag : representationTag(request, reply, validators.tag, body);
  reply.header('etag', tag);
  if (validators.lastModified) reply.header('last-modified', validators.lastModified.toUTCString());
  const held = { ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'] };
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    reply.statusCode !== 200 ||
    envelope ||
    !notModified(held, { ...validators, tag })
  )
    return body;
  if (typeof body === 'object' && !Buffer.isBuffer(body)) body.destroy();
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-disposition');
  return '';
}
