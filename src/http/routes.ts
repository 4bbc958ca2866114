import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permits, type Caller, type Permission } from '../auth/roles.ts';
import { ApiError } from '../errors.ts';
import { entityTag, holdsRepresentation, matchesVersion } from './entity-tags.ts';
import { ReadCache, type CachedAnswer } from './read-cache.ts';
import type { LanguageCode } from './language.ts';
import { NAMESPACE, type Urls } from './urls.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** WordPress' EDITABLE alias. */
export const EDITABLE: HttpMethod[] = ['POST', 'PUT', 'PATCH'];

export interface RouteSchema {
  readonly summary: string;
  readonly description?: string;
  readonly params?: TSchema;
  readonly querystring: TSchema;
  readonly body?: TSchema;
  readonly response: Readonly<Record<number, TSchema>>;
}

type Infer<T> = T extends TSchema ? Static<T> : undefined;

/** What a handler gets: validated input and the caller, nothing of Fastify. */
export interface Frame<S extends RouteSchema = RouteSchema> {
  readonly params: Infer<S['params']>;
  readonly query: Infer<S['querystring']>;
  readonly body: Infer<S['body']>;
  readonly caller: Caller | null;
  readonly urls: Urls;
  readonly language: LanguageCode;
  /** The request named its language (parameter or path segment) rather than taking the default. */
  readonly explicitLanguage: boolean;
  /** The methods of a namespace route (e.g. '/categories/:id') this caller passes the permission of. */
  allowedMethods(path: string): HttpMethod[];
}

export interface Result {
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** The version of the single record answered with, for its `ETag`. */
  readonly version?: number;
}

/**
 * A route of the namespace, declared as data: its contract (schemas), its permission, the
 * validators that need storage (run after the schema and before the permission, as WordPress
 * does: wire-format 7.6) and its handler.
 */
export interface ApiRoute<S extends RouteSchema = RouteSchema> {
  readonly method: HttpMethod | readonly HttpMethod[];
  /** Relative to the namespace; Fastify syntax with `\d+` ids, e.g. '/categories/:id(^\\d+$)'. */
  readonly path: string;
  readonly schema: S;
  readonly permission: Permission;
  readonly validate?: (frame: Frame<S>) => Promise<void>;
  /**
   * The answer does not depend on the current time (no date window, no "upcoming" filter): a
   * cached answer to an anonymous read then lasts until the next write, not only for the second.
   */
  readonly timeless?: boolean;
  /** The version of the record a write names (undefined when it names none), for `If-Match`. */
  readonly currentVersion?: (frame: Frame<S>) => Promise<number | undefined>;
  readonly handle: (frame: Frame<S>) => Promise<Result>;
}

/** Keeps the route's schema type for its handler, then erases it so routes of all kinds fit one list. */
export function defineRoute<S extends RouteSchema>(route: ApiRoute<S>): ApiRoute {
  return route as unknown as ApiRoute;
}

export const methodsOf = (route: ApiRoute): readonly HttpMethod[] => (typeof route.method === 'string' ? [route.method] : route.method);

/** The routes of the namespace, grouped by path in registration order (the index and /doc read it). */
export class RouteTable {
  readonly byPath = new Map<string, ApiRoute[]>();

  add(route: ApiRoute): void {
    const missing = !route.schema?.response || Object.keys(route.schema.response).length === 0 ? 'response schema' : !route.permission ? 'declared permission' : undefined;
    // Start-up check (house style habit 1): no route without a contract.
    if (missing) throw new Error(`Route ${methodsOf(route).join(',')} ${route.path} has no ${missing}`);
    this.byPath.set(route.path, [...(this.byPath.get(route.path) ?? []), route]);
  }

  /** In registration order, as WordPress lists them (`Allow: GET, DELETE, POST, PUT, PATCH` for venues). */
  allowedMethods(path: string, caller: Caller | null): HttpMethod[] {
    return [...new Set((this.byPath.get(path) ?? []).filter((route) => permits(route.permission, caller)).flatMap(methodsOf))];
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The namespace route this Fastify route serves, for the `Allow` header. */
    apiPath?: string;
  }
}

export interface RouteContext {
  readonly table: RouteTable;
  readonly prefix: string;
  /** Runs a write's checks and handler as one transaction (Storage.unitOfWork). */
  unitOfWork<T>(work: () => Promise<T>): Promise<T>;
  /** The database's count of content writes, and raising it (Storage.contentVersion, touchContent). */
  contentVersion(): Promise<number>;
  touchContent(): Promise<void>;
  /** Answers to anonymous reads; undefined when caching is off. */
  readonly readCache: ReadCache | undefined;
  frameOf(request: FastifyRequest): Omit<Frame, 'params' | 'query' | 'body' | 'allowedMethods'>;
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

export function registerRoutes(app: FastifyInstance, context: RouteContext, routes: readonly ApiRoute[]): void {
  const versions = new WeakMap<FastifyRequest, number>();
  /** Anonymous reads computed this time, to be cached as the bytes onSend receives. */
  const toCache = new WeakMap<FastifyRequest, Omit<CachedAnswer, 'payload'> & { key: string }>();
  const respond = (request: FastifyRequest, reply: FastifyReply, result: Result): unknown => {
    reply.code(result.status ?? 200);
    if (result.headers) reply.headers(result.headers);
    if (result.version !== undefined) versions.set(request, result.version);
    return result.body;
  };
  const frameFor = (request: FastifyRequest): Frame => {
    const base = context.frameOf(request);
    return {
      ...base,
      params: request.params as never,
      query: request.query as never,
      body: request.body as never,
      allowedMethods: (path) => context.table.allowedMethods(path, base.caller),
    };
  };
  for (const route of routes) {
    context.table.add(route);
    defaultsAreOptional(route.schema.querystring);
    defaultsAreOptional(route.schema.body);
    const answer = async (request: FastifyRequest, frame: Frame): Promise<Result> => {
      if (route.validate) await route.validate(frame);
      if (!permits(route.permission, frame.caller)) {
        throw new ApiError('rest_forbidden', { status: frame.caller ? 403 : 401 });
      }
      const ifMatch = request.headers['if-match'];
      if (ifMatch !== undefined && route.currentVersion) {
        // Checked in the write's own transaction, so no other write can slip in between.
        const version = await route.currentVersion(frame);
        if (version !== undefined && !matchesVersion(ifMatch, version)) throw new ApiError('rest_precondition_failed');
      }
      return route.handle(frame);
    };
    app.route({
      method: [...methodsOf(route)],
      url: `${context.prefix}/${NAMESPACE}${route.path}`,
      schema: route.schema,
      config: { apiPath: route.path },
      handler: async (request, reply) => {
        if (request.method !== 'GET') {
          const frame = frameFor(request);
          // A write's checks, reads and writes commit together or not at all, and so does the new
          // content version that retires every cached answer on every node.
          return respond(request, reply, await context.unitOfWork(async () => {
            const result = await answer(request, frame);
            await context.touchContent();
            return result;
          }));
        }
        // A hit needs no frame: only the authentication decides whether the cache applies.
        const cache = request.caller === null ? context.readCache : undefined;
        const key = cache && ReadCache.key({
          contentVersion: await context.contentVersion(),
          second: route.timeless ? 0 : Math.floor(Date.now() / 1000),
          origin: `${request.protocol}://${request.host}`,
          url: request.originalUrl,
        });
        const cached = key === undefined ? undefined : cache!.get(key);
        if (cached) {
          reply.type('application/json; charset=utf-8');
          // Sent as stored: a string skips serialization.
          return respond(request, reply, { ...cached, body: cached.payload });
        }
        const result = await answer(request, frameFor(request));
        if (key !== undefined) toCache.set(request, { key, status: result.status ?? 200, headers: result.headers ?? {}, ...(result.version !== undefined ? { version: result.version } : {}) });
        return respond(request, reply, result);
      },
      onSend: async (request, reply, payload) => {
        const pending = toCache.get(request);
        if (pending && typeof payload === 'string' && reply.statusCode === pending.status) {
          const { key, ...answer } = pending;
          context.readCache!.set(key, { ...answer, payload });
        }
        const version = versions.get(request);
        if (version === undefined || typeof payload !== 'string') return payload;
        const tag = entityTag(version, payload);
        reply.header('etag', tag);
        const ifNoneMatch = request.headers['if-none-match'];
        if (request.method !== 'GET' || reply.statusCode !== 200 || ifNoneMatch === undefined || !holdsRepresentation(ifNoneMatch, tag)) return payload;
        reply.code(304);
        reply.removeHeader('content-type');
        return '';
      },
    });
  }
}
