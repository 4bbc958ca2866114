import type { Static, TSchema } from '@sinclair/typebox';
import type { Caller, Permission } from '../auth/roles.ts';
import type { LiveSession } from '../auth/sessions.service.ts';
import type { Deadline } from '../deadline.ts';
import type { ErrorCode } from '../errors.ts';
import type { LanguageCode } from '../languages.ts';
import type { LockedRow, ReadTx, WriteTx } from '../storage/types.ts';
import type { Urls } from '../urls.ts';
import type { Validators } from './entity-tags.ts';
import type { Dependencies } from './read-cache.ts';
import type { RenderedRecords } from './record-cache.ts';
import type { Representation } from './representation.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** WordPress' EDITABLE alias. */
export const EDITABLE = ['POST', 'PUT', 'PATCH'] as const satisfies readonly HttpMethod[];

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
  /** The live session of the admin's cookie, for a route that `readsSession` (decision 0040); null otherwise. */
  readonly session: LiveSession | null;
  readonly urls: Urls;
  readonly language: LanguageCode;
  /** The request named its language (parameter or path segment) rather than taking the default. */
  readonly explicitLanguage: boolean;
  /** The methods of a namespace route (e.g. '/categories/:id') this caller passes the permission of. */
  readonly allowedMethods: (path: string) => readonly HttpMethod[];
  /** What `Accept` prefers (representation.ts); only routes that offer JSON-LD look at it. */
  readonly representation: Representation;
  /**
   * Records rendered for anonymous readers (record-cache.ts), brought up to a content version read
   * after the request arrived: for a route that `rendersRecords`, the cache on and no caller.
   */
  readonly records?: RenderedRecords;
}

/** Any of the route's response bodies, by its response schemas. */
export type ResponseBody<S extends RouteSchema> = {
  [Status in keyof S['response']]: S['response'][Status] extends TSchema ? Static<S['response'][Status]> : never;
}[keyof S['response']];

export interface Result<S extends RouteSchema = RouteSchema> {
  readonly status?: number;
  readonly body: ResponseBody<S>;
  readonly headers?: Readonly<Record<string, string>>;
  /** The version of the single record answered with, for its `ETag`. */
  readonly version?: number;
  /**
   * Validators the handler made itself, for an answer whose bytes are not at hand (a stream):
   * `ETag` and `Last-Modified` are sent with it, and a conditional GET they satisfy gets 304.
   */
  readonly validators?: Validators;
  /** Posts the body leaves out for its reader (decision 0051): the cached answer depends on them as on those it shows. */
  readonly withheld?: readonly number[];
  /**
   * The tags of the records a body already serialized shows (rendered records: record-cache.ts),
   * which the read cache takes instead of walking the body.
   */
  readonly shows?: readonly string[];
}

/**
 * A route of the namespace, declared as data: its contract (schemas), its permission, the
 * validators that need storage (run after the schema and before the permission, as WordPress
 * does: wire-format 7.6) and its handler. What the validator loaded (`Loaded`: the record a
 * write names) is handed on to the version check and the handler, in the same unit of work.
 */
interface RouteBase<S extends RouteSchema, Loaded> {
  /** Relative to the namespace; Fastify syntax with `\d+` ids, e.g. '/categories/:id(^\\d+$)'. */
  readonly path: string;
  readonly schema: S;
  readonly permission: Permission;
  /**
   * The error a caller the permission refuses gets (401 anonymous, 403 signed in): `rest_forbidden`
   * unless the route answers the original's own code (WordPress' `wp/v2/users`: `rest_user_cannot_view`...).
   */
  readonly refusal?: ErrorCode;
  /**
   * `before`: what this validator found the first time, when it runs again on a write's record
   * locked (`lockedRecord`), so that what depends on the request alone (a body's rules parsed) is
   * worked out once and handed on, while what the database holds is read again. (A validator that
   * reads it gives its type: left to inference, the parameter would fix `Loaded` before the result.)
   */
  readonly validate?: (frame: Frame<S>, tx: ReadTx, before?: NoInfer<Loaded>) => Promise<Loaded>;
  /**
   * The answer does not depend on the current time (no date window, no "upcoming" filter): a
   * cached answer to an anonymous read then lasts until a write retires it, not only for the second.
   */
  readonly timeless?: boolean;
  /**
   * The route looks at the session of the admin's cookie even when the request carries no nonce
   * (`frame.session`): its answer is the caller's own, never taken from or kept in the read cache.
   */
  readonly readsSession?: boolean;
  /**
   * Query parameters of this service's own namespace only: under the TEC alias (decision 0018) they
   * are dropped before validation, as the original ignores a parameter it does not declare, whatever
   * its value, so a TEC client sending one gets the original's answer (decision 0073).
   */
  readonly ownNamespaceQuery?: readonly string[];
}

/** What a read's cached answer depends on (decision 0033); a read that does not say depends on every change. */
interface CachedRead<S extends RouteSchema> {
  /**
   * What of the clock the answer reads, as text (a date window's bounds), for a route that is not
   * `timeless`; without it, the current second. Given the validated query only: a hit builds no frame.
   */
  readonly clockKey?: (query: Infer<S['querystring']>) => string;
  /**
   * The content-change tags (migration 20261125060000) the answer depends on besides the records it
   * shows, which are read off its body (every record there carries its numeric `id`, a term its
   * `taxonomy`): an archive's `list:<type>`... or 'everything'.
   */
  readonly dependsOn?: (query: Infer<S['querystring']>) => Dependencies;
}

/** A read: it runs in one read unit of work (one snapshot). */
export interface ReadRoute<S extends RouteSchema = RouteSchema, Loaded = undefined>
  extends RouteBase<S, Loaded>, CachedRead<S> {
  readonly method: 'GET';
  /**
   * Writes the read needs done before its snapshot (series extended for a window past the horizon:
   * decision 0025), in write units of their own; they run before the read cache is consulted, so
   * the cache key's content version, and the snapshot, come after them.
   */
  readonly prepare?: (frame: Frame<S>, deadline: Deadline) => Promise<void>;
  /** The throttle counter of a record's password the request tries, if it gives one (decision 0094): the read is then `throttledGuess`. */
  readonly passwordGuess?: (
    params: Infer<S['params']>,
    query: Infer<S['querystring']>,
  ) => { counter: string; refusal: ErrorCode } | undefined;
  readonly handle: (frame: Frame<S>, tx: ReadTx, loaded: Loaded) => Promise<Result<S>>;
  /** The handler renders records through `frame.records` when it is given (decision 0080). */
  readonly rendersRecords?: boolean;
}

/** A write: it runs in one write unit of work, entered only by callers the route's permission admits. */
export interface WriteRoute<
  S extends RouteSchema = RouteSchema,
  Loaded = undefined,
  Made = undefined,
> extends RouteBase<S, Loaded> {
  readonly method: Exclude<HttpMethod, 'GET'> | readonly Exclude<HttpMethod, 'GET'>[];
  /** The version of the record the write names (undefined when it names none), for `If-Match`. */
  readonly currentVersion?: (loaded: Loaded) => number | undefined;
  /**
   * The row of the record the write names, which the write merges into what it read: locked (on
   * PostgreSQL) once the validators found it, and the validators run again on what is committed
   * by then, so two writes of one record run one after the other (decision 0081, rule 4).
   */
  readonly lockedRecord?: (loaded: Loaded) => LockedRow | undefined;
  /**
   * A check that looks outside the service (a webhook receiver's host, resolved): it runs only for
   * a caller the permission admits, before the write unit (and the validators that run in it), so
   * that a refused caller can make the service look nothing up (issue 32) and no lookup holds the
   * write lock.
   */
  readonly externalCheck?: (frame: Frame<S>) => Promise<void>;
  /**
   * Slow work the write needs done first, for a caller the permission admits, after the external
   * check and outside any unit, so that it holds no write lock (an upload's images decoded and
   * written: decision 0052); it returns what it made, which the handler is given, and how to undo
   * it (if anything is to undo), which runs when the unit does not commit (an error, the deadline).
   * It stops when the request's `deadline` expires, where its work is long (decision 0091).
   */
  readonly prepare?: (frame: Frame<S>, deadline: Deadline) => Promise<Prepared<Made>>;
  readonly handle: (frame: Frame<S>, tx: WriteTx, loaded: Loaded, made: Made) => Promise<WriteResult<S>>;
  /**
   * The record the path names, looked up for a caller the permission refuses before the body is
   * read: the error code when there is none, answered instead of the refusal. WordPress' permission
   * callback of `wp/v2/users`' update looks the user up before the capability (404 first); a write
   * without a body keeps that order through its validators, which run before the refusal.
   */
  readonly missingRecord?: (params: Readonly<Record<string, string>>) => Promise<ErrorCode | undefined>;
  /** A public write (a visitor's RSVP): counted against the write limit per address, as the community form is (rate-limits.ts). */
  readonly anonymousWrite?: boolean;
}

/** What a write's `prepare` made outside the unit: the value its handler is given, and how to undo it when the unit does not commit. */
export interface Prepared<Made> {
  readonly made: Made;
  readonly undo?: () => Promise<void>;
}

/** A write's answer, and what must follow its commit. */
export interface WriteResult<S extends RouteSchema = RouteSchema> extends Result<S> {
  /**
   * Work outside the database that must happen once the unit has committed, and never when it has
   * not (an upload's files removed, a background run launched): it runs after the commit, before
   * the answer; a failure of it is logged, as the write stands.
   */
  readonly afterCommit?: () => Promise<void> | void;
}

export type ApiRoute<S extends RouteSchema = RouteSchema, Loaded = undefined, Made = undefined> =
  ReadRoute<S, Loaded> | WriteRoute<S, Loaded, Made>;

/** A route of any schema, as the route table keeps them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = ApiRoute<RouteSchema, any, any>;

/** Types a route's handler and validator by its own schemas, then lets routes of all kinds share one list. */
export function defineRoute<S extends RouteSchema, Loaded = undefined, Made = undefined>(
  route: ApiRoute<S, Loaded, Made>,
): AnyRoute {
  return route as unknown as AnyRoute;
}

export const methodsOf = (route: AnyRoute): readonly HttpMethod[] =>
  typeof route.method === 'string' ? [route.method] : route.method;
