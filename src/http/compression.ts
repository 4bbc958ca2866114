import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/*
 * Compressed answers (issue 34, decision 0063): brotli or gzip for a client whose `Accept-Encoding`
 * takes them, on text answers of at least COMPRESS_MIN_BYTES. A compressed answer is another
 * representation: its `ETag` is the identity one's with `-br` or `-gzip` before the closing quote
 * (`If-Match` still compares the record's version before the first dash: entity-tags.ts), and every
 * compressible answer says `Vary: Accept-Encoding`. The bytes of a cached answer (the read cache's
 * `Buffer`, the same object on every hit) are compressed once per encoding and kept beside it for
 * as long as it lives, so a hit costs no compression.
 */

export type Encoding = 'br' | 'gzip';

/** Below this an answer goes as it is: a few hundred bytes gain less than the compressing costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli's quality: 5 makes 10–25% fewer bytes than gzip's default on the archive's answers in
 * about its time on large ones (at most a millisecond more on small ones); 11, the library's
 * default, takes 50–150 times longer (decision 0063).
 */
const BROTLI_QUALITY = 5;

/**
 * A stream's compression (decision 0136): brotli's quality 2, gzip's level 1. A stream (the CSV
 * export, the iCalendar feed) is as long as its list and compressed as fast as the server makes
 * it: for the 25 MB CSV export of 100k events, brotli's quality 5 took 0.51 s of a core beside the
 * export's own 1.6 s; quality 2 takes 0.22 s for 24% more bytes (4.2 MB, not 3.4), gzip's level 1
 * 0.15 s where its default took 0.33 s, for 29% more.
 */
const STREAM_BROTLI_QUALITY = 2;
const STREAM_GZIP_LEVEL = 1;

/** Text the service sends (JSON, JSON-LD, HTML, CSS, scripts, XML sitemaps, iCalendar); images and media are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|ld\+json|javascript|xml|[\w.-]+\+(?:json|xml))\b|image\/svg\+xml\b)/i;

/** Preferred on equal quality: brotli's bytes are smaller for the same time. */
const OFFERED: readonly Encoding[] = ['br', 'gzip'];

/**
 * The coding `Accept-Encoding` prefers among those offered (RFC 9110 12.5.3): the highest `q`
 * above 0, brotli on a tie, `*` standing for a coding not named, `x-gzip` for gzip; none without
 * the header, or when `identity` is named with a higher quality than any of them.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined || header === '') return undefined;
  const quality = new Map<string, number>();
  for (const range of header.split(',')) {
    const [coding, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    // An unreadable quality counts as 0: the client did not clearly accept the coding.
    quality.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(value) ? value : 0);
  }
  let chosen: Encoding | undefined;
  let best = 0;
  for (const encoding of OFFERED) {
    const value = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (value > best) {
      chosen = encoding;
      best = value;
    }
  }
  const identity = quality.get('identity');
  if (identity !== undefined && identity > best) return undefined;
  return chosen;
}

/** The `ETag` of the answer's representation in that encoding. */
export const encodedTag = (tag: string, encoding: Encoding | undefined): string =>
  encoding === undefined ? tag : `${tag.slice(0, -1)}-${encoding}"`;

const compressibleType = (reply: FastifyReply): boolean =>
  COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const present = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(present)) return;
  reply.header('vary', present === '' ? 'Accept-Encoding' : `${present}, Accept-Encoding`);
}

/** What was decided for a request's answer, when an `ETag` was chosen before the body's last form. */
const decided = new WeakMap<FastifyRequest, Encoding | undefined>();

/**
 * The encoding the answer will be sent in, decided once per request: a compressible type of at
 * least COMPRESS_MIN_BYTES (`Infinity` for a stream) in the coding the client prefers. Adds `Vary`
 * for a compressible type, so that a 304 says it too.
 */
function decide(request: FastifyRequest, reply: FastifyReply, length: number): Encoding | undefined {
  if (decided.has(request)) return decided.get(request);
  const encoding =
    compressibleType(reply) && length >= COMPRESS_MIN_BYTES
      ? negotiateEncoding(request.headers['accept-encoding'])
      : undefined;
  if (compressibleType(reply)) addVary(reply);
  decided.set(request, encoding);
  return encoding;
}

const isStream = (payload: unknown): payload is Readable =>
  payload !== null && typeof payload === 'object' && typeof (payload as Readable).pipe === 'function';

const byteLength = (payload: string | Buffer): number =>
  typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;

const lengthOf = (payload: string | Buffer | Readable): number =>
  isStream(payload) ? Number.POSITIVE_INFINITY : byteLength(payload);

/**
 * The `ETag` a conditional GET is compared with and that the answer carries: the representation's
 * (`tag` is the identity one's). For a route that tags its answer and answers `If-None-Match`
 * itself, before compressAnswer sees the body (a stream, of unknown length, is compressed whatever its length).
 */
export function representationTag(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
  payload: string | Buffer | Readable,
): string {
  return encodedTag(tag, decide(request, reply, lengthOf(payload)));
}

/** Encoded bytes of long-lived payloads (the read cache's answers), by encoding, for as long as the payload lives. */
const encodedOf = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function encode(payload: string | Buffer, encoding: Encoding): Buffer {
  const kept = Buffer.isBuffer(payload) ? encodedOf.get(payload) : undefined;
  const known = kept?.[encoding];
  if (known) return known;
  const bytes =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: byteLength(payload),
          },
        })
      : zlib.gzipSync(payload);
  if (Buffer.isBuffer(payload)) encodedOf.set(payload, { ...kept, [encoding]: bytes });
  return bytes;
}

/**
 * The last `onSend` of every route: compresses the body when the client takes it. An answer
 * already encoded (a HEAD route sharing its GET route's hooks) or of an incompressible type goes
 * as it is; a route that chose its `ETag` before (representationTag) has it already, any other
 * `ETag` gets the encoding's suffix here.
 */
async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // Last, after Fastify typed the empty body of a 304 answered in a handler (conditional-get.ts): it has no type.
  if (reply.statusCode === 304) reply.removeHeader('content-type');
  if (
    reply.hasHeader('content-encoding') ||
    reply.statusCode < 200 ||
    reply.statusCode === 204 ||
    reply.statusCode === 304
  )
    return payload;
  if (!isStream(payload) && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const chosenBefore = decided.has(request);
  const encoding = decide(request, reply, lengthOf(payload));
  if (encoding === undefined) return payload;
  const tag = reply.getHeader('etag');
  if (!chosenBefore && typeof tag === 'string') reply.header('etag', encodedTag(tag, encoding));
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (!isStream(payload)) return encode(payload, encoding);
  // A HEAD's stream is only drained (Fastify's HEAD hook): its headers say what a GET would get, nothing is compressed.
  if (request.method === 'HEAD') return payload;
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY } })
      : zlib.createGzip({ level: STREAM_GZIP_LEVEL });
  // A failing source fails the compressed stream too, which ends the answer as the source's failure would.
  return pipeline(payload, compressor, () => undefined);
}

/** The `onSend` Fastify appends to the HEAD route it makes of a GET route: it drops the body, keeping its length. */
const FASTIFY_HEAD_HOOK = 'headRouteOnSendHandler';

/**
 * Makes compressAnswer the last `onSend` of every route registered after this (route hooks run
 * after the instance's); on a HEAD route Fastify made, just before the hook that drops the body,
 * so that `Content-Length` and `ETag` are the compressed GET's.
 */
export function compressRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own: onSendHookHandler[] =
      route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    const hook = compressAnswer as onSendHookHandler;
    if (own.includes(hook)) return;
    const last = own.at(-1);
    route.onSend = last?.name === FASTIFY_HEAD_HOOK ? [...own.slice(0, -1), hook, last] : [...own, hook];
  });
}
