import type { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permits, type Caller } from '../auth/roles.ts';
import type { Clock } from '../clock.ts';
import type { Deadline } from '../deadline.ts';
import { ApiError } from '../errors.ts';
import type { LanguageCode } from '../languages.ts';
import type { DialectCapabilities, Storage } from '../storage/types.ts';
import { NAMESPACE, type Urls } from '../urls.ts';
import { answerConditionally } from './conditional-get.ts';
import { throttledGuess, type GuessThrottle } from './password-guesses.ts';
import { entityTag, matchesVersion, type Validators } from './entity-tags.ts';
import { checkContext, envelopePayload, filterPayload, wantsEnvelope } from './global-params.ts';
import { CachedReads, type CacheSlot } from './cached-read.ts';
import { secondOf, type CachedAnswer, type Dependencies, type ReadCache } from './read-cache.ts';
import type { RecordCache, RenderedRecords } from './record-cache.ts';
import { representationOf } from './representation.ts';
import {
  methodsOf,
  type AnyRoute,
  type Frame,
  type ReadRoute,
  type Result,
  type RouteSchema,
  type WriteResult,
  type WriteRoute,
} from './route-definition.ts';
import type { RouteTable } from './route-table.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The namespace route this Fastify route serves, for the `Allow` header. */
    apiPath?: string;
    /** The namespace it is mounted under (each route is mounted under every namespace served). */
    namespace?: string;
    /** The route's own onSend applies `_fields` and `_envelope` (global-params.ts); the app's covers other answers. */
    globalParams?: boolean;
    /** The table of the routes mounted with this one, whose permissions make its `Allow` header and OpenAPI `security`. */
    routeTable?: RouteTable;
  }
}

export interface RouteContext {
  readonly table: RouteTable;
  readonly prefix: string;
  /** The namespaces every route is mounted under, the first being ours (default: NAMESPACE only). */
  readonly namespaces?: readonly string[];
  /** Units of work, and the content version and changes the read cache follows (Storage). */
  readonly storage: Pick<Storage, 'read' | 'write' | 'contentVersion' | 'contentChanges' | 'touchContent'> & {
    readonly dialect: Pick<DialectCapabilities, 'lockRow'>;
  };
  readonly clock: Clock;
  /** Answers to anonymous reads; undefined when caching is off. */
  readonly readCache: ReadCache | undefined;
  /** Records rendered for anonymous readers; undefined when off. */
  readonly recordCache?: RecordCache;
  /** How long a handler may run before the request is answered 503 `request_timeout` (decision 0023). */
  readonly requestTimeoutMs: number;
  /** Counts the wrong passwords of reads that take one (`passwordGuess`); the app always gives it, route-only tests need not. */
  readonly guessThrottle?: GuessThrottle;
  frameOf(request: FastifyRequest): Omit<Frame, 'params' | 'query' | 'body' | 'allowedMethods' | 'representation'>;
}

/**
 * A parameter with a default is optional for the client (WordPress lists it as `required: false`)
 * but always present for the handler, since validation fills it in; the schema types keep it
 * required, and this drops it from the JSON Schema's `required` list.
 */
function defaultsAreOptional(schema: TSchema | undefined): void {
  const object = schema as { properties?: Record<string, { default?: unknown }>; required?: string[] } | undefined;
  if (!object?.properties || !object.required) return;
  object.required = object.required.filter((name) => object.properties![name]?.default === undefined);
  if (object.required.length === 0) delete object.required;
}

/** The key of an archive envelope's records: the list beside `total_pages` in the 200 answer's schema. */
function collectionOf(route: AnyRoute): string | undefined {
  const properties = (route.schema.response[200] as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  if (!properties || !('total_pages' in properties)) return undefined;
  return Object.keys(properties).find((name) => properties[name]!.type === 'array');
}

/** The time part of a cached answer's key, for a route that is not timeless. */
function clockKeyOf(route: ReadRoute<RouteSchema, unknown>, query: unknown, now: Date): string {
  return route.clockKey ? route.clockKey(query) : secondOf(now);
}

/**
 * What a computed answer depends on: the route's own tags, the records its body shows, found by
 * walking it (each record carries its numeric `id`, a term its `taxonomy`, an occurrence its
 * `series_id`), and those it withholds; 'everything' for a route that names no tags or a body that
 * is not JSON to walk.
 */
function dependenciesOf(
  route: ReadRoute<RouteSchema, unknown>,
  query: unknown,
  { body, withheld = [], shows }: Result,
): Dependencies {
  const own = route.dependsOn?.(query) ?? 'everything';
  if (own === 'everything') return 'everything';
  if (shows !== undefined) return [...new Set([...own, ...shows, ...withheld.map((id) => `post:${id}`)])];
  if (body === null || typeof body !== 'object') return 'everything';
  return [...new Set([...own, ...withheld.map((id) => `post:${id}`), ...tagsShownBy(body)])];
}

/** The tags of the records a body shows, found by walking it: each record's numeric `id` (a term's with its `taxonomy`), an occurrence's `series_id`. */
export function tagsShownBy(body: unknown): Set<string> {
  const tags = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'number') tags.add(`${'taxonomy' in record ? 'term' : 'post'}:${record.id}`);
    if (typeof record.series_id === 'number') tags.add(`post:${record.series_id}`);
    for (const field of Object.values(record)) if (field !== null && typeof field === 'object') walk(field);
  };
  walk(body);
  return tags;
}

const refused = (route: AnyRoute, caller: Caller | null, headers?: Record<string, string>) =>
  new ApiError(route.refusal ?? 'rest_forbidden', { status: caller ? 403 : 401, ...(headers ? { headers } : {}) });

/** The request carries a body (a length other than 0, or chunks), which its route would read. */
export const sendsBody = (request: FastifyRequest) => {
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  return chunked !== undefined || (length !== undefined && length !== '0');
};

export function registerRoutes(app: FastifyInstance, context: RouteContext, routes: readonly AnyRoute[]): void {
  const { storage } = context;
  const versions = new WeakMap<FastifyRequest, number>();
  /** Anonymous reads computed this time, to be cached as the bytes onSend receives. */
  const toCache = new WeakMap<
    FastifyRequest,
    Omit<CachedAnswer, 'payload' | 'entityTag'> & { slot: CacheSlot; dependencies: Dependencies }
  >();
  /** Reads answered from the cache: their payload is already filtered by `_fields`; the ETag a single record's answer was cached with. */
  const fromCache = new WeakMap<FastifyRequest, { entityTag?: string }>();
  const respond = (request: FastifyRequest, reply: FastifyReply, result: Result): unknown => {
    reply.code(result.status ?? 200);
    if (result.headers) {
      // `Vary` adds to what is there already (CORS' `Origin`), as the answer varies by both.
      const { vary, ...headers } = result.headers;
      reply.headers(headers);
      if (vary !== undefined)
        reply.header(
          'vary',
          [reply.getHeader('vary'), vary].filter((value) => value !== undefined && value !== '').join(', '),
        );
    }
    if (result.version !== undefined) versions.set(request, result.version);
    return result.validators ? conditional(request, reply, result.validators, result.body) : result.body;
  };
  const frameFor = (request: FastifyRequest, rendered?: { reply: FastifyReply; version: number }): Frame => {
    const base = context.frameOf(request);
    return {
      ...base,
      params: request.params,
      query: request.query,
      body: request.body,
      allowedMethods: (path) => context.table.allowedMethods(path, base.caller),
      representation: representationOf(request.headers.accept),
      ...(rendered === undefined
        ? {}
        : { records: renderedRecords(base.urls, base.language, rendered.reply, rendered.version) }),
    };
  };
  /** The record cache bound to a request: its keys prefixed by what the request's URLs and language make a rendering depend on. */
  const renderedRecords = (
    urls: Urls,
    language: LanguageCode,
    reply: FastifyReply,
    version: number,
  ): RenderedRecords => {
    const cache = context.recordCache!;
    const prefix = `${urls.key} ${language} `;
    return {
      get: (key) => cache.get(prefix + key),
      keep: (key, record) => cache.set(prefix + key, record, record.tags, version),
      serializer: (schema) => reply.compileSerializationSchema(schema, '200') as (value: unknown) => string,
    };
  };
  /** The read path every GET takes (cached-read.ts): its deadline, the read cache, the content version read once for both caches. */
  const reads = new CachedReads(context);
  /** A read's validators, permission and handler, on one snapshot. */
  const read = (route: ReadRoute<RouteSchema, unknown>, frame: Frame) =>
    storage.read(async (tx) => {
      const loaded = await route.validate?.(frame, tx);
      if (!permits(route.permission, frame.caller)) throw refused(route, frame.caller);
      return route.handle(frame, tx, loaded);
    });
  /**
   * A write's validators, `If-Match`, handler and the new content version that retires the
   * cached answer on every node, as one unit: they commit together or not at all. A caller the
   * permission refuses never takes the write lock: the validators run on a snapshot (their errors
   * come first, as the original's), then the refusal. A permitted caller's external check runs
   * next, outside any unit. The unit commits only if the request's deadline has not answered 503
   * first; what the handler left to follow the commit runs after it.
   */
  const write = async (
    route: WriteRoute<RouteSchema, unknown, unknown>,
    frame: Frame,
    ifMatch: string | undefined,
    deadline: Deadline,
    log: FastifyBaseLogger,
  ) => {
    if (!permits(route.permission, frame.caller)) {
      await storage.read(async (tx) => route.validate?.(frame, tx));
      throw refused(route, frame.caller);
    }
    await route.externalCheck?.(frame);
    const prepared = await route.prepare?.(frame, deadline);
    let result: WriteResult;
    try {
      result = await storage.write(async (tx) => {
        let loaded = await route.validate?.(frame, tx);
        const record = route.lockedRecord?.(loaded);
        if (record && (await storage.dialect.lockRow(tx, record))) loaded = await route.validate?.(frame, tx, loaded);
        const version = ifMatch === undefined ? undefined : route.currentVersion?.(loaded);
        if (version !== undefined && !matchesVersion(ifMatch!, version)) throw new ApiError('rest_precondition_failed');
        const answer = await route.handle(frame, tx, loaded, prepared?.made);
        await storage.touchContent(tx, context.clock.now());
        return answer;
      }, deadline);
    } catch (error) {
      await prepared?.undo?.();
      throw error;
    }
    try {
      await result.afterCommit?.();
    } catch (error) {
      log.error({ err: error, route: route.path }, 'work after a committed write failed; the write stands');
    }
    return result;
  };
  // One route table, mounted once per namespace (decision 0018): an alias route is the same route,
  // hidden from the OpenAPI document, whose paths are relative to the namespace anyway.
  const mounts = (context.namespaces ?? [NAMESPACE]).flatMap((namespace, at) =>
    routes.map((route) => ({ route, namespace, alias: at > 0 })),
  );
  for (const route of routes) {
    context.table.add(route);
    defaultsAreOptional(route.schema.querystring);
    defaultsAreOptional(route.schema.body);
  }
  for (const { route, namespace, alias } of mounts) {
    context.table.mount(route.path, namespace);
    const collection = collectionOf(route);
    const declaresContext = Array.isArray(
      (route.schema.querystring as { properties?: { context?: { enum?: unknown } } }).properties?.context?.enum,
    );
    const dropped = alias ? (route.ownNamespaceQuery ?? []) : [];
    const preValidation = async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      for (const name of dropped) delete query[name];
      // WordPress' global `context` parameter, on routes whose schema does not declare its values.
      if (!declaresContext) checkContext(query);
    };
    /**
     * A caller the route's permission refuses is answered before its body is read or parsed
     * (issue 43, decision 0089): in `preParsing`, after every `onRequest` (authentication, then
     * the rate limit, which counts the request first), 401 or 403 as the handler would answer,
     * and the connection closed, so that nothing of the body is read. A request without a body
     * keeps the original's order (wire-format 7.6): its validators, then the permission.
     */
    const refuseBeforeBody = async (request: FastifyRequest) => {
      if (!sendsBody(request) || permits(route.permission, request.caller)) return;
      const missing =
        route.method === 'GET' ? undefined : await route.missingRecord?.(request.params as Record<string, string>);
      if (missing !== undefined) throw new ApiError(missing, { headers: { connection: 'close' } });
      throw refused(route, request.caller, { connection: 'close' });
    };
    app.route({
      method: [...methodsOf(route)],
      url: `${context.prefix}/${namespace}${route.path}`,
      schema: alias ? { ...route.schema, hide: true } : route.schema,
      config: {
        apiPath: route.path,
        namespace,
        routeTable: context.table,
        globalParams: true,
        readsSession: route.readsSession ?? false,
        anonymousWrite: route.method !== 'GET' && route.anonymousWrite === true,
      },
      ...(route.permission === 'public' ? {} : { preParsing: refuseBeforeBody }),
      ...(declaresContext && dropped.length === 0 ? {} : { preValidation }),
      handler: async (request, reply) => {
        if (route.method !== 'GET') {
          // From here the request has its time limit: past it, the answer is a 503 and the work is abandoned.
          const deadline = reads.deadline();
          return respond(
            request,
            reply,
            await deadline.race(write(route, frameFor(request), request.headers['if-match'], deadline, request.log)),
          );
        }
        const anonymous = request.caller === null && !route.readsSession;
        const records = anonymous && route.rendersRecords ? context.recordCache : undefined;
        return reads.answer(request, {
          shared: anonymous,
          time: () => (route.timeless ? 'timeless' : clockKeyOf(route, request.query, context.clock.now())),
          representation: representationOf(request.headers.accept),
          wantsVersion: records !== undefined,
          ...(route.prepare ? { prepare: (deadline: Deadline) => route.prepare!(frameFor(request), deadline) } : {}),
          hit: (cached) => {
            reply.type('application/json; charset=utf-8');
            const { payload, entityTag: tag, ...answer } = cached;
            fromCache.set(request, tag === undefined ? {} : { entityTag: tag });
            // Sent as stored: bytes skip serialization and encoding.
            return respond(request, reply, { ...answer, body: payload });
          },
          compute: async (deadline, { contentVersion, slot }) => {
            if (records) await deadline.race(records.refreshTo(contentVersion!, storage));
            const guess = route.passwordGuess?.(request.params, request.query);
            const attempt = () => read(route, frameFor(request, records && { reply, version: contentVersion! }));
            const result = await deadline.race(
              context.guessThrottle
                ? throttledGuess(context.guessThrottle, guess && { ...guess, address: request.ip }, attempt)
                : attempt(),
            );
            if (slot !== undefined)
              toCache.set(request, {
                slot,
                dependencies: dependenciesOf(route, request.query, result),
                status: result.status ?? 200,
                headers: result.headers ?? {},
              });
            return respond(request, reply, result);
          },
        });
      },
      // Global parameters (global-params.ts): `_fields` before caching and the ETag, `_envelope` last.
      onSend: async (request, reply, payload) =>
        envelopePayload(
          request,
          reply,
          tagAndCache(
            request,
            reply,
            fromCache.has(request) ? payload : filterPayload(request, reply, payload, collection),
          ),
        ),
    });
  }

  /** Sends a handler's own validators (a stream's: a feed); a GET they show the client holds gets 304 and the body is dropped unread. */
  function conditional(request: FastifyRequest, reply: FastifyReply, validators: Validators, body: unknown): unknown {
    return answerConditionally(request, reply, validators, body as Readable, { envelope: wantsEnvelope(request) });
  }

  /**
   * Caches an anonymous read's bytes, adds the `ETag` of a single record and answers `If-None-Match`.
   * A hit takes the tag it was cached with: its digest was of the same bytes.
   */
  function tagAndCache(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const hit = fromCache.get(request);
    // A computed answer is serialized text, or UTF-8 bytes already (records from the record cache).
    if (hit === undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const version = versions.get(request);
    const tag = hit
      ? hit.entityTag
      : version === undefined
        ? undefined
        : entityTag(version, payload as string | Buffer);
    const pending = toCache.get(request);
    if (pending && reply.statusCode === pending.status) {
      const { slot, dependencies, ...answer } = pending;
      // Sent as the bytes kept: their compressed forms, made for this answer, are then kept with them for the hits.
      payload = reads.keep(
        slot,
        { ...answer, payload: payload as string | Buffer, ...(tag !== undefined ? { entityTag: tag } : {}) },
        dependencies,
      );
    }
    if (tag === undefined) return payload;
    return answerConditionally(request, reply, { tag }, payload as string | Buffer, {
      envelope: wantsEnvelope(request),
    });
  }
}
