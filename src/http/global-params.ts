import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidParams, typeMismatch } from '../errors.ts';

/*
 * The parameters WordPress' REST server applies to every route (wire-format 10.7), whatever the
 * route declares: `_method` / `X-HTTP-Method-Override`, `_fields`, `_envelope`, and `context`
 * (decision 0021).
 */

/**
 * Method tunnelling for clients that cannot send PUT/PATCH/DELETE: a POST carrying `_method` in
 * the query string (first) or an `X-HTTP-Method-Override` header is handled as that method, in
 * upper case, as WordPress' `set_method`. Fastify routes by method before any hook runs, so this
 * runs in `rewriteUrl`, the one step Fastify offers before routing; a method no route serves then
 * answers `rest_no_route`, as the original. Only POST tunnels: a GET never turns into a write.
 */
export function tunnelMethod(raw: IncomingMessage): void {
  if (raw.method !== 'POST') return;
  const url = raw.url ?? '';
  const query = url.indexOf('?');
  const fromQuery = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('_method');
  const header = raw.headers['x-http-method-override'];
  const override = fromQuery ?? (Array.isArray(header) ? header[0] : header);
  if (override !== undefined && override.trim() !== '') raw.method = override.trim().toUpperCase();
}

/** A `rewriteUrl` that tunnels the method first. */
export const withMethodTunnel =
  (rewrite: (raw: IncomingMessage) => string) =>
  (raw: IncomingMessage): string => {
    tunnelMethod(raw);
    return rewrite(raw);
  };

/** The field names of `_fields` as a tree: `true` keeps a whole value, an object keeps some of its keys. */
export type FieldTree = { [name: string]: FieldTree | true };

/** `wp_parse_list`: a string split on commas and white space, or a list as given; none is no filter. */
export function fieldNames(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  const names = items
    .flatMap((item) => (typeof item === 'string' ? item.split(/[\s,]+/) : []))
    .filter((name) => name !== '');
  return names.length > 0 ? names : undefined;
}

/** As `rest_filter_response_fields`: a parent named whole wins over any of its sub-fields. */
export function fieldTree(names: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const name of names) {
    const parts = name.split('.');
    let node = tree;
    let skip = false;
    while (parts.length > 1) {
      const next = parts.shift()!;
      const existing = node[next];
      if (existing === true) {
        skip = true;
        break;
      }
      node = node[next] = existing ?? {};
    }
    if (!skip) node[parts[0]!] = true;
  }
  return tree;
}

/**
 * `_rest_array_intersect_key_recursive` on JSON: keeps the named keys (in the value's own order),
 * recursing into objects and lists alike, since PHP does not tell them apart: a list keeps only
 * the items whose index is named, so `organizer.id` leaves `[]`, as the original. What filtering
 * leaves empty is an empty PHP array, emitted as `[]`. It recurses only as deep as both the names
 * and the answer go: the answer is ours, and a body that went into it is 512 levels at most (decision 0088).
 */
export function filterFields(value: unknown, tree: FieldTree): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key]) => Object.hasOwn(tree, key))
    .map(([key, item]) => {
      const sub = tree[key]!;
      return [key, sub === true ? item : filterFields(item, sub)] as const;
    });
  if (entries.length === 0) return [];
  const sequential = entries.every(([key], index) => key === String(index));
  return sequential && Array.isArray(value) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

/**
 * `_fields` on a body. A top-level list is filtered item by item (WordPress). On an archive
 * envelope (the records under `collection`), unlike WordPress, the names select the fields of each
 * record and the envelope keeps its paging keys; `events.id` is read as `id` (decision 0021).
 */
export function applyFields(body: unknown, names: readonly string[], collection: string | undefined): unknown {
  if (Array.isArray(body)) return body.map((item) => filterFields(item, fieldTree(names)));
  const envelope = body as Record<string, unknown> | null;
  if (
    collection !== undefined &&
    envelope !== null &&
    typeof envelope === 'object' &&
    Array.isArray(envelope[collection])
  ) {
    if (names.includes(collection)) return body;
    const prefix = `${collection}.`;
    const tree = fieldTree(names.map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name)));
    return {
      ...envelope,
      [collection]: (envelope[collection] as unknown[]).map((record) => filterFields(record, tree)),
    };
  }
  return filterFields(body, fieldTree(names));
}

const isJson = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('application/json');

/**
 * `_fields` on a successful JSON answer of a namespace route, serialized text or UTF-8 bytes (records
 * from the record cache); errors are never filtered (WordPress).
 */
export function filterPayload(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  collection: string | undefined,
): unknown {
  const names = fieldNames((request.query as Record<string, unknown> | undefined)?._fields);
  if (
    names === undefined ||
    (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
    reply.statusCode >= 300 ||
    !isJson(reply)
  )
    return payload;
  return JSON.stringify(applyFields(JSON.parse(payload.toString()), names, collection));
}

/** Whether the request asks for the envelope (`_envelope`, any value, as WordPress' isset). */
export const wantsEnvelope = (request: FastifyRequest): boolean =>
  Object.hasOwn((request.query as object | undefined) ?? {}, '_envelope');

/**
 * Headers that belong to the transport and stay HTTP headers under `_envelope`; the others (the
 * answer's own: `Allow`, `ETag`, totals, `Retry-After`, ...) move into the envelope, as WordPress
 * moves its response object's headers there.
 */
const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-language',
  'x-request-id',
  'x-robots-tag',
  'x-content-type-options',
  'link',
  'vary',
  'expires',
  'cache-control',
  'connection',
]);
const HEADER_SPELLING: Record<string, string> = {
  etag: 'ETag',
  'x-wp-total': 'X-WP-Total',
  'x-wp-totalpages': 'X-WP-TotalPages',
  'x-tec-total': 'X-TEC-Total',
  'x-tec-totalpages': 'X-TEC-TotalPages',
  'www-authenticate': 'WWW-Authenticate',
};
const spell = (name: string) =>
  HEADER_SPELLING[name] ??
  name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/** `_envelope`: `{"body": …, "status": N, "headers": {…}}` answered with 200, errors included. */
export function envelopePayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!wantsEnvelope(request) || !isJson(reply)) return payload;
  // A cached answer is its UTF-8 bytes.
  const body = Buffer.isBuffer(payload) ? payload.toString() : payload;
  if (typeof body !== 'string') return payload;
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (TRANSPORT_HEADERS.has(name) || name.startsWith('access-control-') || value === undefined) continue;
    headers[spell(name)] = value;
    reply.removeHeader(name);
  }
  const status = reply.statusCode;
  reply.code(200);
  return `{"body":${body === '' ? 'null' : body},"status":${status},"headers":${JSON.stringify(headers)}}`;
}

export const CONTEXTS = ['view', 'edit', 'embed'] as const;

/** `context` on a route that does not declare it: the values WordPress' context parameter takes. */
export function checkContext(query: unknown): void {
  const context = (query as Record<string, unknown> | undefined)?.context;
  if (context === undefined || (typeof context === 'string' && (CONTEXTS as readonly string[]).includes(context)))
    return;
  throw invalidParams({
    context: typeMismatch('context', `context is not one of ${CONTEXTS.join(', ')}.`, 'rest_not_in_enum'),
  });
}
