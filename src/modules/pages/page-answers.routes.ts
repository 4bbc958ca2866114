import type { FastifyReply, FastifyRequest } from 'fastify';
import { wireUtc, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { TimedOut, type Deadline } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';
import type { CachedReads } from '../../http/cached-read.ts';
import { answerConditionally } from '../../http/conditional-get.ts';
import { cookieValue } from '../../http/cookies.ts';
import { pageCsp } from '../../http/csp.ts';
import { entityTag } from '../../http/entity-tags.ts';
import { secondOf } from '../../http/read-cache.ts';
import { isLanguageCode, type LanguageCode } from '../../languages.ts';
import type { ReadTx, Storage } from '../../storage/types.ts';
import { Urls } from '../../urls.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { readFilters, type PageFilters } from './filters.ts';
import { legacyLocation, type CurrentView } from './legacy-links.ts';
import { localeOf, messagesFor } from './messages.ts';
import type { Reader } from './pages.service.ts';
import type { PageContext } from './views/layout.tsx';
import { errorPage } from './views/pages.tsx';

/*
 * How a page is answered (decision 0031): its work on one read unit through the one read path of
 * GETs (http/cached-read.ts: the deadline, the read cache, the conditional GET), the API's errors
 * as error pages, every page with the strict Content-Security-Policy (http/csp.ts).
 */

/** The name of the post-password cookie (WordPress: `wp-postpass_{hash}`). */
export const POSTPASS_COOKIE = 'calendar_postpass';
export const HTML = 'text/html; charset=utf-8';
/** Events on a page of a list (the list view, a venue's or organizer's page, a series' dates). */
export const LIST_PER_PAGE = 10;

/** What a page's work answers: a document, HTML unless `type` says otherwise (the sitemap). */
export interface Answer {
  readonly status?: number;
  readonly body: string;
  readonly type?: string;
  /** false: never kept in the read cache (an event's RSVP forms show places left and sale windows, which change without a content change). */
  readonly cacheable?: boolean;
}

/** A page's work, on its read unit. */
export type PageWork = (
  tx: ReadTx,
  request: FastifyRequest,
  context: { page: PageContext; reader: Reader },
) => Promise<Answer>;

export interface PageOptions {
  /** A single record's page: an unknown slug is a 404, not a 400. */
  readonly single?: boolean;
  /** The page does not depend on the current time (a single event): kept until a write retires it. */
  readonly timeless?: boolean;
  /** The embeddable view: framed where CALENDAR_EMBED_ANCESTORS allows. */
  readonly embed?: boolean;
  /** The view a request shows, for the original's parameters and paths, redirected (legacy-links.ts). */
  readonly view?: (request: FastifyRequest) => CurrentView | undefined;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The reasons a page is not shown, as the API's errors say them, in the page's terms. */
function statusOf(error: ApiError, single: boolean): number {
  if (error.code === 'event-no-longer-available') return 410;
  // A record a visitor may not see is, for them, not there (a draft, a private event).
  if (error.status === 401 || error.status === 403 || error.status === 404) return 404;
  // An unknown slug is the API's 400 on the parameter; on a record's own page it is a missing page.
  return single ? 404 : 400;
}

/** A page's language: its `/{lang}/` segment, else the site's default; undefined for a segment that names no language. */
export function pageLanguageOf(
  request: FastifyRequest,
  config: Pick<Config, 'defaultLanguage'>,
): { code: LanguageCode; segment: boolean } | undefined {
  const lang = (request.params as { lang?: string }).lang;
  if (lang === undefined) return { code: config.defaultLanguage, segment: false };
  return isLanguageCode(lang) ? { code: lang, segment: true } : undefined;
}

/** What every view of a page knows: its language and words, URLs, assets and the site's identity. */
export function pageContextOf(
  request: FastifyRequest,
  config: Config,
  language: { code: LanguageCode; segment: boolean },
  embed = false,
): PageContext {
  return {
    language: language.code,
    locale: localeOf(language.code),
    messages: messagesFor(language.code),
    urls: new Urls(`${request.protocol}://${request.host}`, config, {
      code: language.code,
      source: language.segment ? 'segment' : 'default',
    }),
    // Root-relative: the assets are this server's own, which is what the CSP's 'self' allows.
    assets: sitePathOf(config),
    siteStylesheet: config.siteStylesheet,
    siteName: config.siteName,
    siteHome: config.siteHome,
    siteZone: config.timezone,
    embed,
  };
}

/** The visitor's filters, or a 400 naming the bad one. */
export function filtersOf(request: FastifyRequest): PageFilters {
  const read = readFilters(request.query as Record<string, unknown>);
  if ('invalid' in read)
    throw new ApiError('rest_invalid_param', {
      args: [read.invalid],
      data: { params: { [read.invalid]: 'Invalid parameter.' } },
    });
  return read.filters;
}

/** The `page` parameter of a paged list, 1 without it, or a 400. */
export function pageNumber(request: FastifyRequest): number {
  const raw = (request.query as { page?: unknown }).page;
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,6}$/.test(raw))
    throw new ApiError('rest_invalid_param', { args: ['page'], data: { params: { page: 'Invalid parameter.' } } });
  return Number(raw);
}

/** Pages' answers: what every page handler is made with. */
export class PageAnswers {
  /** The Content-Security-Policy of every page (http/csp.ts), and of the embeddable view. */
  readonly csp: string;
  private readonly embedCsp: string;

  constructor(
    private readonly deps: {
      readonly config: Config;
      readonly storage: Pick<Storage, 'read'>;
      readonly clock: Clock;
      /** The one read path of GETs, over the API's read cache. */
      readonly reads: CachedReads;
    },
  ) {
    this.csp = pageCsp(deps.config);
    this.embedCsp = pageCsp(deps.config, deps.config.embedAncestors);
  }

  languageOf(request: FastifyRequest): { code: LanguageCode; segment: boolean } | undefined {
    return pageLanguageOf(request, this.deps.config);
  }

  contextOf(
    request: FastifyRequest,
    language: { code: LanguageCode; segment: boolean },
    embed: boolean,
  ): { page: PageContext; reader: Reader } {
    const page = pageContextOf(request, this.deps.config, language, embed);
    return { page, reader: { caller: request.caller, language: language.code, urls: page.urls } };
  }

  /** A request's time limit, for a page's handler that is not a GET (a form's answer). */
  deadline(): Deadline {
    return this.deps.reads.deadline();
  }

  /** Today in the site's zone, `YYYY-MM-DD`. */
  today(): string {
    return utcToZoned(wireUtc(this.deps.clock.now()), this.deps.config.timezone).slice(0, 10);
  }

  /** The headers of an answer that is the visitor's own and never kept (a form with their input, a password's form). */
  ownHeaders(): Record<string, string> {
    return { 'content-type': HTML, 'content-security-policy': this.csp, 'cache-control': 'private, no-store' };
  }

  /**
   * A page: its work on one read unit, through the read path of GETs (http/cached-read.ts); the
   * API's errors become error pages; anonymous answers without a post-password cookie come from
   * and go to the read cache. `timeless` pages (a single event) do not depend on the current time.
   */
  page(work: PageWork, options: PageOptions = {}): PageHandler {
    return async (request, reply) => {
      const language = this.languageOf(request);
      if (language === undefined) return reply.callNotFound();
      const embed = options.embed ?? false;
      const context = this.contextOf(request, language, embed);
      const current = options.view?.(request);
      if (current !== undefined) {
        const moved = legacyLocation(request.query as Record<string, unknown>, current, (path) =>
          context.page.urls.page(path),
        );
        if (moved !== undefined) return reply.header('cache-control', 'public, max-age=3600').redirect(moved, 301);
      }
      const shared = request.caller === null && cookieValue(request.headers.cookie, POSTPASS_COOKIE) === undefined;
      const sending = { request, reply, shared, embed };
      return this.deps.reads.answer(request, {
        shared,
        time: () => (options.timeless ? 'timeless' : secondOf(this.deps.clock.now())),
        hit: (cached) =>
          this.send(sending, {
            status: cached.status,
            body: cached.payload,
            type: cached.headers['content-type'] ?? HTML,
            entityTag: cached.entityTag,
          }),
        compute: async (deadline, { slot }) => {
          try {
            const answer = await deadline.race(this.deps.storage.read((tx) => work(tx, request, context)));
            return this.send(
              sending,
              { status: answer.status ?? 200, body: answer.body, type: answer.type ?? HTML },
              answer.cacheable === false ? undefined : slot,
            );
          } catch (error) {
            if (error instanceof ApiError || error instanceof TimedOut) {
              const status = error instanceof TimedOut ? 503 : statusOf(error, options.single ?? false);
              const detail =
                error instanceof ApiError && status === 400
                  ? Object.keys((error.data as { params?: object }).params ?? {}).join(', ') || error.message
                  : undefined;
              const body = errorPage(context.page, {
                status,
                ...(detail ? { detail } : {}),
                canonical: `${context.page.urls.siteOrigin}${request.url}`,
              });
              return this.send(sending, { status, body, type: HTML }, status !== 503 ? slot : undefined);
            }
            throw error;
          }
        },
      });
    };
  }

  /**
   * Sends a page with its headers and ETag (304 when the client holds it); a `slot` keeps an
   * anonymous answer in the read cache. Shared answers (anonymous, no post-password cookie) may be
   * kept by caches but revalidated; the others are the reader's own.
   */
  private send(
    {
      request,
      reply,
      shared,
      embed,
    }: { request: FastifyRequest; reply: FastifyReply; shared: boolean; embed: boolean },
    answer: { status: number; body: string | Buffer; type: string; entityTag?: string | undefined },
    slot?: { key: string; contentVersion: number },
  ) {
    // A page has no record version of its own: its tag is the digest of its bytes (a cached page's, worked out when it was kept).
    const tag = answer.entityTag ?? entityTag(0, answer.body);
    // A page shows records and lists together in ways no tag names: any content change retires it.
    const body =
      slot === undefined
        ? answer.body
        : this.deps.reads.keep(
            slot,
            { status: answer.status, headers: { 'content-type': answer.type }, payload: answer.body, entityTag: tag },
            'everything',
          );
    reply
      .headers({
        'content-type': answer.type,
        'content-security-policy': embed ? this.embedCsp : this.csp,
        vary: 'Authorization, Cookie',
        'cache-control': shared ? 'no-cache' : 'private, no-cache',
      })
      .code(answer.status);
    return answerConditionally(request, reply, { tag }, body);
  }
}
