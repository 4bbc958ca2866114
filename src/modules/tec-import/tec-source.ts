import { setTimeout as pause } from 'node:timers/promises';
import { textNestsDeeperThan } from '../../json-depth.ts';
import { sourceId, type SourceRecord } from './tec-records.ts';

/*
 * A The Events Calendar site's `tribe/events/v1` API, read politely (decision 0030): found from a
 * site, REST root or API URL, at most `concurrency` requests at a time with `delayMs` after each,
 * 429/5xx/time-outs retried with exponential back-off or as `Retry-After` says. What a source
 * answers is bounded (decision 0092): its size, its nesting, how many pages and records per page
 * it announces; a source past a bound ends the run with a SourceBoundsError, never retried.
 */

/** The largest answer read: a page of 50 events with their descriptions is far below it. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** The most records an archive may announce (its pages × records per page): a million events is far beyond a real site. */
export const MAX_ARCHIVE_RECORDS = 1_000_000;
/**
 * The deepest nesting of a source's JSON: no record of the original's API comes near it (an event's
 * venue's image's sizes are some 6 levels deep). Refused by a linear scan before `JSON.parse`, which
 * would otherwise build (or overflow the stack on) a `[[[[…` answer of millions of levels.
 */
export const MAX_SOURCE_JSON_DEPTH = 64;

export interface SourceSettings {
  /** WordPress login and application password: Basic authentication, for drafts and private records. */
  readonly user?: string;
  readonly appPassword?: string;
  readonly concurrency: number;
  /** Pause after each request, in milliseconds. */
  readonly delayMs: number;
  /** Attempts after the first one for 429, 5xx, time-outs and network errors. */
  readonly retries?: number;
  /** The first back-off; each retry doubles it (with jitter). */
  readonly retryBaseMs?: number;
  readonly timeoutMs?: number;
  /** The longest `Retry-After` honoured; a longer one is waited this long. */
  readonly maxRetryAfterMs?: number;
  /** Told about each retry (the progress output). */
  readonly onRetry?: (url: string, reason: string, waitMs: number) => void;
  /** Retries and time limit of the requests that find the API, when they must be shorter than the run's (a request waiting for the answer). */
  readonly discovery?: { readonly retries: number; readonly timeoutMs: number };
  /** Ends every request and wait at once (a run cancelled): the request throws the signal's reason. */
  readonly signal?: AbortSignal;
  /** How requests are made: the global fetch unless given (a guarded one for imports started over the API: decision 0071). */
  readonly fetch?: SourceFetch;
}

/** The part of `fetch` the client uses. */
export type SourceFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; redirect: 'follow' },
) => Promise<Response>;

export const TEC_NAMESPACE_PATH = '/tribe/events/v1';
const API_REL = 'https://api.w.org/';

/** A request that failed after its retries, or that the source refused. */
export class SourceError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | undefined,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** An answer past what this importer reads (decision 0092): the run ends, the request is not retried. */
export class SourceBoundsError extends SourceError {
  constructor(url: string, message: string) {
    super(url, undefined, `${url}: ${message}`, 'source-out-of-bounds');
  }
}

/** An answer's text, read up to MAX_ANSWER_BYTES: past it, the rest is not read. */
async function boundedText(url: string, response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      throw new SourceBoundsError(url, `the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** An answer's JSON (null when it is none), refused when it nests deeper than MAX_JSON_DEPTH. */
function parsedBody(url: string, raw: string): unknown {
  // A byte-order mark or a PHP notice before the JSON is common on real sites.
  const start = raw.search(/[[{]/);
  if (start < 0) return null;
  const json = raw.slice(start);
  if (textNestsDeeperThan(json, MAX_SOURCE_JSON_DEPTH))
    throw new SourceBoundsError(url, `the answer nests deeper than ${MAX_SOURCE_JSON_DEPTH} levels`);
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export interface SourceAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

/** The record with this id that an answer carries: a 200 whose body is it; undefined otherwise. */
export function answeredRecord(answer: SourceAnswer | undefined, id: number): SourceRecord | undefined {
  const body =
    answer?.status === 200 && answer.body !== null && typeof answer.body === 'object'
      ? (answer.body as SourceRecord)
      : undefined;
  return body && sourceId(body) === id ? body : undefined;
}

/** Runs at most `limit` tasks at a time, in the order they asked. */
class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The API root a site's `Link: <…>; rel="https://api.w.org/"` header names. */
export function apiRootFromLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    const rels = /rel="?([^";]+)"?/.exec(match?.[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (match && rels.includes(API_REL)) return match[1];
  }
  return undefined;
}

/**
 * The `tribe/events/v1` base a URL names by itself: the base or one of its routes, a REST root
 * (`…/wp-json`), or a `?rest_route=` URL; undefined for a plain site URL (discovered instead).
 */
export function baseFromUrl(given: string): string | undefined {
  const url = new URL(given);
  url.hash = '';
  const route = url.searchParams.get('rest_route');
  if (route !== null) {
    const at = route.indexOf(TEC_NAMESPACE_PATH);
    if (at < 0 && route.replace(/\/+$/, '') !== '') return undefined;
    const base = new URL(`${url.origin}${url.pathname}`);
    base.searchParams.set('rest_route', TEC_NAMESPACE_PATH);
    return base.toString();
  }
  const at = url.pathname.indexOf(TEC_NAMESPACE_PATH);
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at + TEC_NAMESPACE_PATH.length)}`;
  if (/\/wp-json\/?$/.test(url.pathname))
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}${TEC_NAMESPACE_PATH}`;
  return undefined;
}

/**
 * An API base with a `/{code}/` segment before its REST root, as plugins that pick the language
 * from the address serve it: after the site's own path, before `wp-json` (or another REST prefix).
 */
export function baseInLanguage(base: string, code: string): string {
  const url = new URL(base);
  const routed = url.searchParams.has('rest_route');
  // `?rest_route=` sites: before the script (`/blog/index.php`), else at the end of the path; others: before the REST root's last segment.
  const root = routed ? url.pathname.replace(/\/+$/, '') : url.pathname.slice(0, -TEC_NAMESPACE_PATH.length);
  const at = routed && !/\.php$/.test(root) ? root.length : Math.max(0, root.lastIndexOf('/'));
  url.pathname = `${url.pathname.slice(0, at)}/${encodeURIComponent(code)}${url.pathname.slice(at)}`;
  return url.toString();
}

/** The base under a discovered REST root (`…/wp-json/` or `…/?rest_route=/`). */
function baseUnderRoot(root: string): string {
  return baseFromUrl(
    new URL(root).searchParams.has('rest_route') ? root : `${root.replace(/\/+$/, '')}${TEC_NAMESPACE_PATH}`,
  )!;
}

export class TecSource {
  private readonly limiter: Limiter;
  private readonly authorization: string | undefined;

  private constructor(
    /** The API's base: `https://site/wp-json/tribe/events/v1` or `https://site/?rest_route=/tribe/events/v1`. */
    readonly base: string,
    private readonly settings: SourceSettings,
    limiter?: Limiter,
  ) {
    this.limiter = limiter ?? new Limiter(Math.max(1, settings.concurrency));
    this.authorization =
      settings.user === undefined
        ? undefined
        : `Basic ${Buffer.from(`${settings.user}:${settings.appPassword ?? ''}`).toString('base64')}`;
  }

  get authenticated(): boolean {
    return this.authorization !== undefined;
  }

  /** The API of a site, REST root or API URL; fails when there is none there. */
  static async discover(given: string, settings: SourceSettings): Promise<TecSource> {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new SourceError(given, undefined, `Not a URL: ${given}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new SourceError(given, undefined, `Not an http(s) URL: ${given}`);
    let base = baseFromUrl(given);
    const finding = settings.discovery ? { ...settings, ...settings.discovery } : settings;
    const probe = new TecSource(base ?? given, finding);
    if (base === undefined) {
      // WordPress names its REST root on every page; without the header, /wp-json/ is the usual place.
      const site = await probe.fetch(given, { tolerate: true });
      const root =
        apiRootFromLink(site.headers.get('link')) ??
        new URL('wp-json/', given.endsWith('/') ? given : `${given}/`).toString();
      base = baseUnderRoot(root);
    }
    const source = new TecSource(base, settings);
    const index = await new TecSource(base, finding).fetch(source.url(''), { tolerate: true });
    if (source.authenticated && (index.status === 401 || index.status === 403)) {
      throw new SourceError(
        source.base,
        index.status,
        `${source.base} refused the credentials (HTTP ${index.status}).`,
        'credentials-refused',
      );
    }
    const namespace = (index.body as { namespace?: unknown } | null)?.namespace;
    if (index.status !== 200 || (namespace !== undefined && namespace !== 'tribe/events/v1')) {
      throw new SourceError(
        source.base,
        index.status,
        `No The Events Calendar REST API (tribe/events/v1) at ${source.base} (HTTP ${index.status}).`,
      );
    }
    return source;
  }

  /** The same site read in one language through a `/{code}/` segment of its address (`baseInLanguage`), under the same limiter. */
  inLanguage(code: string): TecSource {
    return new TecSource(baseInLanguage(this.base, code), this.settings, this.limiter);
  }

  /** The URL of a route under the base, with query parameters. */
  url(path: string, params: Readonly<Record<string, string>> = {}): string {
    return this.restUrl(path === '' ? TEC_NAMESPACE_PATH : `${TEC_NAMESPACE_PATH}/${path}`, params);
  }

  /** The URL of any route under the site's REST root (`/wp/v2/users/1`), with query parameters. */
  private restUrl(route: string, params: Readonly<Record<string, string>>): string {
    const base = new URL(this.base);
    let url: URL;
    if (base.searchParams.has('rest_route')) {
      url = base;
      url.searchParams.set('rest_route', route);
    } else url = new URL(`${this.base.slice(0, -TEC_NAMESPACE_PATH.length)}${route}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  /**
   * A WordPress user as the site's core API shows them (`/wp/v2/users/{id}`): with credentials in
   * the edit context first (login, e-mail and roles), else as anyone sees an author of published
   * posts (name and slug). Undefined when the site shows no such user (it answers, but not 200); a
   * request that fails after its retries throws its SourceError.
   */
  async user(id: number): Promise<SourceRecord | undefined> {
    const read = (params: Record<string, string>) =>
      this.fetch(this.restUrl(`/wp/v2/users/${id}`, params), { tolerate: true });
    let answer = this.authenticated ? await read({ context: 'edit' }) : undefined;
    if (answer?.status !== 200) answer = await read({});
    return answeredRecord(answer, id);
  }

  /** GET a route; answers what the source said once it stopped asking to retry. */
  get(path: string, params: Readonly<Record<string, string>> = {}): Promise<SourceAnswer> {
    return this.fetch(this.url(path, params), { tolerate: true });
  }

  /**
   * GET a URL under the limiter with the retries; a final 429/5xx or network failure is a
   * SourceError, other statuses are answered unless `tolerate` is false.
   */
  private async fetch(url: string, options: { tolerate: boolean }): Promise<SourceAnswer> {
    const retries = this.settings.retries ?? 5;
    const base = this.settings.retryBaseMs ?? 500;
    const { signal: cancelled, fetch: request = fetch } = this.settings;
    const sleep = (ms: number) => pause(ms, undefined, cancelled ? { signal: cancelled } : {});
    for (let attempt = 0; ; attempt++) {
      cancelled?.throwIfAborted();
      const outcome = await this.limiter.run(
        async (): Promise<{ response: Response; raw: string } | { error: Error }> => {
          const timeout = AbortSignal.timeout(this.settings.timeoutMs ?? 30_000);
          try {
            const response = await request(url, {
              headers: {
                accept: 'application/json',
                ...(this.authorization ? { authorization: this.authorization } : {}),
              },
              signal: cancelled ? AbortSignal.any([cancelled, timeout]) : timeout,
              redirect: 'follow',
            });
            const raw = await boundedText(url, response);
            return { response, raw };
          } catch (error) {
            // Cancelled: no retry, the reason goes up; nor for an answer out of bounds.
            cancelled?.throwIfAborted();
            if (error instanceof SourceBoundsError) throw error;
            return { error: error instanceof Error ? error : new Error(String(error)) };
          } finally {
            if (this.settings.delayMs > 0 && !cancelled?.aborted) await sleep(this.settings.delayMs);
          }
        },
      );
      const backoff = Math.round(base * 2 ** attempt * (0.75 + Math.random() * 0.5));
      if ('error' in outcome) {
        const reason = outcome.error.name === 'TimeoutError' ? 'timed out' : outcome.error.message;
        if (attempt >= retries)
          throw new SourceError(url, undefined, `${url}: ${reason} (after ${attempt + 1} attempts)`);
        this.settings.onRetry?.(url, reason, backoff);
        await sleep(backoff);
        continue;
      }
      const { response, raw } = outcome;
      if (response.status === 429 || response.status >= 500) {
        if (attempt >= retries)
          throw new SourceError(
            url,
            response.status,
            `${url}: HTTP ${response.status} (after ${attempt + 1} attempts)`,
          );
        const asked = retryAfterMs(response.headers.get('retry-after'));
        const wait = asked === undefined ? backoff : Math.min(asked, this.settings.maxRetryAfterMs ?? 120_000);
        this.settings.onRetry?.(url, `HTTP ${response.status}`, wait);
        await sleep(wait);
        continue;
      }
      const body = parsedBody(url, raw);
      if (!options.tolerate && response.status !== 200)
        throw new SourceError(url, response.status, `${url}: HTTP ${response.status}`);
      return { status: response.status, body, headers: response.headers };
    }
  }

  /**
   * Every page of an archive (`events`, `venues`, `organizers`, `categories`, `tags`): the first
   * page says how many there are, the others are fetched a few at a time. A page that still fails
   * after its retries is answered as a failure, never dropped.
   */
  archive(collection: string, params: Readonly<Record<string, string>>, onPage: OnPage): Promise<ArchiveResult> {
    return this.pages(
      collection,
      params,
      (page) => this.url(collection, { ...params, page: String(page) }),
      (body) => (body as Record<string, unknown> | null)?.[collection],
      onPage,
    );
  }

  /**
   * Every page of a list of WordPress' core API under the same REST root (`/wp/v2/tribe_events`):
   * a bare array, its size in `X-WP-Total` and `X-WP-TotalPages`.
   */
  coreArchive(route: string, params: Readonly<Record<string, string>>, onPage: OnPage): Promise<ArchiveResult> {
    return this.pages(
      route,
      params,
      (page) => this.restUrl(route, { ...params, page: String(page) }),
      (body) => body,
      onPage,
    );
  }

  /**
   * Every page of one of Event Tickets' archives (`tribe/tickets/v1/tickets`, `.../attendees`,
   * decision 0130): its records under the archive's name, its size in `total` and `total_pages`.
   */
  ticketsArchive(
    collection: 'tickets' | 'attendees',
    params: Readonly<Record<string, string>>,
    onPage: OnPage,
  ): Promise<ArchiveResult> {
    return this.pages(
      collection,
      params,
      (page) => this.restUrl(`/tribe/tickets/v1/${collection}`, { ...params, page: String(page) }),
      (body) => (body as Record<string, unknown> | null)?.[collection],
      onPage,
    );
  }

  /**
   * The pages of one list: `urlOf` addresses a page, `listOf` finds its records in the body. As
   * many pages are asked for at a time as the limiter lets run, the next one when one is done, so
   * what waits is bounded whatever the source announces; and it may announce at most
   * MAX_ARCHIVE_RECORDS records (pages × `per_page`).
   */
  private async pages(
    collection: string,
    params: Readonly<Record<string, string>>,
    urlOf: (page: number) => string,
    listOf: (body: unknown) => unknown,
    onPage: OnPage,
  ): Promise<ArchiveResult> {
    // WordPress' default page size when none is asked for.
    const perPage = Number(params.per_page ?? 10);
    const read = (page: number) => this.page(collection, urlOf(page), listOf, page, perPage);
    const failures: PageFailure[] = [];
    const first = await read(1);
    if ('failure' in first) return { total: undefined, failures: [first.failure] };
    if ((await onPage(first.records, first.total, true)) === false) return { total: first.total, failures: [] };
    const maxPages = Math.ceil(MAX_ARCHIVE_RECORDS / perPage);
    if (!(first.totalPages <= maxPages))
      throw new SourceBoundsError(
        urlOf(1),
        `it announces ${first.totalPages} pages of ${collection}, more than the ${maxPages} (${MAX_ARCHIVE_RECORDS} records) an import reads`,
      );
    let next = 2;
    let stopped = false;
    const worker = async () => {
      try {
        for (let page = next++; page <= first.totalPages && !stopped; page = next++) {
          const result = await read(page);
          if ('failure' in result) failures.push(result.failure);
          else await onPage(result.records, first.total, false);
        }
      } catch (error) {
        // The others stop after the page they are reading: the run ends with this error.
        stopped = true;
        throw error;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.limiter.limit, Math.max(0, first.totalPages - 1)) }, worker));
    return { total: first.total, failures: failures.sort((a, b) => a.page - b.page) };
  }

  private async page(
    collection: string,
    url: string,
    listOf: (body: unknown) => unknown,
    page: number,
    perPage: number,
  ): Promise<{ records: SourceRecord[]; total: number | undefined; totalPages: number } | { failure: PageFailure }> {
    let answer: SourceAnswer;
    try {
      answer = await this.fetch(url, { tolerate: true });
    } catch (error) {
      // A cancelled run stops here, as a source out of bounds ends it; neither goes on as if the page had failed.
      this.settings.signal?.throwIfAborted();
      if (error instanceof SourceBoundsError) throw error;
      return { failure: { collection, page, url, reason: error instanceof Error ? error.message : String(error) } };
    }
    const body = Array.isArray(answer.body) ? null : (answer.body as Record<string, unknown> | null);
    const list = listOf(answer.body);
    if (answer.status !== 200 || !Array.isArray(list)) {
      const code = typeof body?.code === 'string' ? ` ${body.code}` : '';
      return {
        failure: {
          collection,
          page,
          url,
          reason: `HTTP ${answer.status}${code}`,
          status: answer.status,
          ...(code ? { code: code.trim() } : {}),
        },
      };
    }
    if (list.length > perPage)
      throw new SourceBoundsError(url, `it lists ${list.length} records on a page of ${perPage}`);
    const header = (name: string) => {
      const value = answer.headers.get(name);
      return value === null || !/^\d+$/.test(value) ? undefined : Number(value);
    };
    const total = typeof body?.total === 'number' ? body.total : (header('x-tec-total') ?? header('x-wp-total'));
    const totalPages =
      typeof body?.total_pages === 'number'
        ? body.total_pages
        : (header('x-tec-totalpages') ?? header('x-wp-totalpages') ?? 1);
    return { records: list as SourceRecord[], total, totalPages };
  }
}

/**
 * Told each page's records, the list's size as its first page says it, and whether this is that
 * first page; answering false to the first page leaves the others unread.
 */
export type OnPage = (records: SourceRecord[], total: number | undefined, first: boolean) => Promise<boolean | void>;

export interface PageFailure {
  readonly collection: string;
  readonly page: number;
  readonly url: string;
  readonly reason: string;
  readonly status?: number;
  readonly code?: string;
}

export interface ArchiveResult {
  /** What the source said the archive holds; undefined when its first page failed. */
  readonly total: number | undefined;
  readonly failures: readonly PageFailure[];
}
