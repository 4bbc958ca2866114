import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { wireUtc, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { clientAddress } from '../../http/rate-limits.ts';
import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { Deadline, TimedOut } from '../../deadline.ts';
import { ApiError, type ErrorCode } from '../../errors.ts';
import { answerConditionally } from '../../http/conditional-get.ts';
import { entityTag } from '../../http/entity-tags.ts';
import { fromOwnPage } from '../../http/sessions.ts';
import { ReadCache, secondOf } from '../../http/read-cache.ts';
import { isLanguageCode, type LanguageCode } from '../../languages.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import type { ReadTx, Storage } from '../../storage/database.ts';
import { Urls } from '../../urls.ts';
import { escapeHtml } from '../../content/html.ts';
import { cookieValue } from '../../http/cookies.ts';
import { eventPasswordCounter, throttledGuess, type GuessThrottle } from '../../http/password-guesses.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { pageAssets } from './assets.ts';
import { discoveryHeaders, pageUrls, type PageSubject } from '../../http/discovery.ts';
import { filterArgs, queryString, readFilters, scopedFilters, type PageFilters } from './filters.ts';
import { monthGrid, monthTitle, weekOf } from './format.ts';
import { legacyLocation, type CurrentView } from './legacy-links.ts';
import { localeOf, messagesFor } from './messages.ts';
import { MONTH_LIMIT, type PagesService, type Reader } from './pages.service.ts';
import type { ViewName } from './views/bar.tsx';
import { matchTail, viewPath, viewTail, type TermScope } from './view-paths.ts';
import type { PageContext } from './views/layout.tsx';
import { Upload } from '../media/upload.ts';
import { readCommunityForm, type CommunitySubmissions } from './community.ts';
import { eventOffers, registerRsvpPages, rsvpAction } from './rsvp.routes.ts';
import type { RsvpChanges } from '../tickets/rsvp-changes.ts';
import type { RsvpService } from '../tickets/rsvp.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { communityFormPage, communityThanksPage } from './views/community.tsx';
import { dayPage, errorPage, eventPage, linkedRecordPage, listPage, monthPage, passwordPage, seriesPage, weekPage } from './views/pages.tsx';

/*
 * The public HTML pages (decision 0031) at the URLs the records advertise, under the path of
 * CALENDAR_SITE_URL, each also under `/{lang}/`. A page is one read unit through PagesService;
 * anonymous answers are kept in the API's read cache (keyed by the content version) and carry an
 * ETag for conditional GETs. Every page has a strict Content-Security-Policy: scripts and styles
 * only from /assets/, no inline code, frames only for the embeddable view.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public HTML page (modules/pages): indexable, unlike the API's answers. */
    publicPage?: boolean;
  }
}

export interface PagesDependencies {
  readonly config: Config;
  readonly storage: Pick<Storage, 'read' | 'write' | 'contentVersion' | 'contentChanges'>;
  readonly clock: Clock;
  readonly pages: PagesService;
  /** Counts wrong event passwords per (event, client address), in the login throttle's counters (decision 0094). */
  readonly throttle: GuessThrottle;
  readonly readCache: ReadCache | undefined;
  /** The community submissions (decision 0062), answered only when CALENDAR_COMMUNITY_SUBMISSIONS is on. */
  readonly community: CommunitySubmissions;
  /** The event pages' RSVP forms and the RSVPs' signed pages (issue 46; decisions 0125, 0126). */
  readonly tickets: Pick<TicketsService, 'list'>;
  readonly rsvp: Pick<RsvpService, 'create' | 'findOpen'>;
  readonly rsvpChanges: Pick<RsvpChanges, 'get' | 'update' | 'cancel'>;
}

/** The refusal of a wrong event password, which the throttle counts (decision 0094). */
const WRONG_PASSWORD: ErrorCode = 'event-password-protected';

/** The name of the post-password cookie (WordPress: `wp-postpass_{hash}`). */
export const POSTPASS_COOKIE = 'calendar_postpass';
/** WordPress keeps the post-password cookie ten days. */
const POSTPASS_SECONDS = 10 * 24 * 3600;
const LIST_PER_PAGE = 10;

/** What a page's work answers: a document, HTML unless `type` says otherwise (the sitemap). */
interface Answer {
  readonly status?: number;
  readonly body: string;
  readonly type?: string;
  /** false: never kept in the read cache (an event's RSVP forms show places left and sale windows, which change without a content change). */
  readonly cacheable?: boolean;
}

const HTML = 'text/html; charset=utf-8';

/** The reasons a page is not shown, as the API's errors say them, in the page's terms. */
function statusOf(error: ApiError, single: boolean): number {
  if (error.code === 'event-no-longer-available') return 410;
  // A record a visitor may not see is, for them, not there (a draft, a private event).
  if (error.status === 401 || error.status === 403 || error.status === 404) return 404;
  // An unknown slug is the API's 400 on the parameter; on a record's own page it is a missing page.
  return single ? 404 : 400;
}

/** The Content-Security-Policy of every page: scripts and styles only from the service (and the site's stylesheet), no inline code. */
export function pageCsp(config: Pick<Config, 'siteStylesheet'>, frameAncestors = "'none'"): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${config.siteStylesheet ? ` ${new URL(config.siteStylesheet).origin}` : ''}`,
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** A page's language: its `/{lang}/` segment, else the site's default; undefined for a segment that names no language. */
export function pageLanguageOf(request: FastifyRequest, config: Pick<Config, 'defaultLanguage'>): { code: LanguageCode; segment: boolean } | undefined {
  const lang = (request.params as { lang?: string }).lang;
  if (lang === undefined) return { code: config.defaultLanguage, segment: false };
  return isLanguageCode(lang) ? { code: lang, segment: true } : undefined;
}

/** What every view of a page knows: its language and words, URLs, assets and the site's identity. */
export function pageContextOf(request: FastifyRequest, config: Config, language: { code: LanguageCode; segment: boolean }, embed = false): PageContext {
  return {
    language: language.code,
    locale: localeOf(language.code),
    messages: messagesFor(language.code),
    urls: new Urls(`${request.protocol}://${request.host}`, config, { code: language.code, source: language.segment ? 'segment' : 'default' }),
    // Root-relative: the assets are this server's own, which is what the CSP's 'self' allows.
    assets: sitePathOf(config),
    siteStylesheet: config.siteStylesheet,
    siteName: config.siteName,
    siteHome: config.siteHome,
    siteZone: config.timezone,
    embed,
  };
}

export function registerPages(app: FastifyInstance, deps: PagesDependencies): void {
  const { config, storage, clock, pages } = deps;
  const sitePath = sitePathOf(config);
  const PAGE_CSP = pageCsp(config);
  const EMBED_CSP = pageCsp(config, config.embedAncestors);

  const languageOf = (request: FastifyRequest) => pageLanguageOf(request, config);
  const contextOf = (request: FastifyRequest, language: { code: LanguageCode; segment: boolean }, embed: boolean): { page: PageContext; reader: Reader } => {
    const page = pageContextOf(request, config, language, embed);
    return { page, reader: { caller: request.caller, language: language.code, urls: page.urls } };
  };
  /** Today in the site's zone, `YYYY-MM-DD`. */
  const today = () => utcToZoned(wireUtc(clock.now()), config.timezone).slice(0, 10);

  /**
   * Sends a page with its headers and ETag (304 when the client holds it); `store` keeps an
   * anonymous answer in the read cache. Shared answers (anonymous, no post-password cookie) may be
   * kept by caches but revalidated; the others are the reader's own.
   */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: { status: number; body: string | Buffer; type: string; entityTag?: string | undefined },
    options: { shared: boolean; embed: boolean; store?: { key: string; version: number } },
  ) => {
    // A page has no record version of its own: its tag is the digest of its bytes (a cached page's, worked out when it was kept).
    const tag = answer.entityTag ?? entityTag(0, answer.body);
    const headers: Record<string, string> = {
      'content-type': answer.type,
      'content-security-policy': options.embed ? EMBED_CSP : PAGE_CSP,
      vary: 'Authorization, Cookie',
      'cache-control': options.shared ? 'no-cache' : 'private, no-cache',
    };
    // A page shows records and lists together in ways no tag names: any content change retires it.
    // Sent as the bytes kept, so that their compressed forms are kept with them for the hits (compression.ts).
    const body = options.store !== undefined && deps.readCache !== undefined ? Buffer.from(answer.body) : answer.body;
    if (options.store !== undefined) deps.readCache?.set(options.store.key, { status: answer.status, headers: { 'content-type': answer.type }, payload: body as Buffer, entityTag: tag }, 'everything', options.store.version);
    reply.headers(headers).code(answer.status);
    return answerConditionally(request, reply, { tag }, body);
  };

  /**
   * A page: its work on one read unit, within the request's deadline; the API's errors become
   * error pages; anonymous answers without a post-password cookie come from and go to the read
   * cache. `timeless` pages (a single event) do not depend on the current time.
   */
  const page =
    (work: (tx: ReadTx, request: FastifyRequest, context: { page: PageContext; reader: Reader }) => Promise<Answer>, options: { single?: boolean; timeless?: boolean; embed?: boolean; view?: (request: FastifyRequest) => CurrentView | undefined } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const language = languageOf(request);
      if (language === undefined) return reply.callNotFound();
      const embed = options.embed ?? false;
      const context = contextOf(request, language, embed);
      const current = options.view?.(request);
      if (current !== undefined) {
        const moved = legacyLocation(request.query as Record<string, unknown>, current, (path) => context.page.urls.page(path));
        if (moved !== undefined) return reply.header('cache-control', 'public, max-age=3600').redirect(moved, 301);
      }
      const deadline = new Deadline(config.timeouts.requestMs);
      const shared = request.caller === null && cookieValue(request.headers.cookie, POSTPASS_COOKIE) === undefined;
      const store = shared && deps.readCache !== undefined
        ? {
            version: await deadline.race(deps.readCache.refresh(storage)),
            key: ReadCache.key({ time: options.timeless ? 'timeless' : secondOf(clock.now()), origin: `${request.protocol}://${request.host}`, url: request.originalUrl }),
          }
        : undefined;
      const cached = store === undefined ? undefined : deps.readCache!.get(store.key);
      if (cached) return send(request, reply, { status: cached.status, body: cached.payload, type: cached.headers['content-type'] ?? HTML, entityTag: cached.entityTag }, { shared, embed });
      try {
        const answer = await deadline.race(storage.read((tx) => work(tx, request, context)));
        return send(request, reply, { status: answer.status ?? 200, body: answer.body, type: answer.type ?? HTML }, { shared, embed, ...(store && answer.cacheable !== false ? { store } : {}) });
      } catch (error) {
        if (error instanceof ApiError || error instanceof TimedOut) {
          const status = error instanceof TimedOut ? 503 : statusOf(error, options.single ?? false);
          const detail = error instanceof ApiError && status === 400 ? Object.keys((error.data as { params?: object }).params ?? {}).join(', ') || error.message : undefined;
          const body = errorPage(context.page, { status, ...(detail ? { detail } : {}), canonical: `${context.page.urls.siteOrigin}${request.url}` });
          return send(request, reply, { status, body, type: HTML }, { shared, embed, ...(store && status !== 503 ? { store } : {}) });
        }
        throw error;
      }
    };

  /** The visitor's filters, or a 400 naming the bad one. */
  const filtersOf = (request: FastifyRequest): PageFilters => {
    const read = readFilters(request.query as Record<string, unknown>);
    if ('invalid' in read) throw new ApiError('rest_invalid_param', { args: [read.invalid], data: { params: { [read.invalid]: 'Invalid parameter.' } } });
    return read.filters;
  };
  const pageNumber = (request: FastifyRequest): number => {
    const raw = (request.query as { page?: unknown }).page;
    if (raw === undefined) return 1;
    if (typeof raw !== 'string' || !/^[1-9]\d{0,6}$/.test(raw)) throw new ApiError('rest_invalid_param', { args: ['page'], data: { params: { page: 'Invalid parameter.' } } });
    return Number(raw);
  };

  /** A list of events from the visitor's filters and a page's term, paged at `base`. */
  const listAnswer = async (tx: ReadTx, request: FastifyRequest, context: PageContext, reader: Reader, base: string): Promise<Answer> => {
    const filters = filtersOf(request);
    const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
    const { events, total } = await pages.list(tx, reader, scopedFilters(filters, context.scope), window);
    return { body: listPage(context, { title: context.scope?.name ?? context.messages.upcoming, base, filters, events, current: window.page, pages: totalPages(total, window.perPage), today: today() }) };
  };

  /** An archive view's work: `at` is the day or month its path names (undefined: today's); a term's page has its term in `context.scope`. */
  type ViewWork = (tx: ReadTx, request: FastifyRequest, context: PageContext, reader: Reader, at: string | undefined) => Promise<Answer>;

  const listView: ViewWork = (tx, request, context, reader) => listAnswer(tx, request, context, reader, context.urls.page(viewPath('list', undefined, context.scope)));

  const dayView: ViewWork = async (tx, request, context, reader, at) => {
    const chosen = at ?? today();
    if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    const scoped = scopedFilters(filters, context.scope);
    const { events } = await pages.span(tx, reader, scoped, chosen, chosen);
    // An empty day offers the next day that has events (a read only for an empty day).
    const nextDay = events.length === 0 ? await pages.nextDayWithEvents(tx, reader, scoped, chosen) : undefined;
    return { body: dayPage(context, { day: chosen, today: today(), filters, events, nextDay }) };
  };

  /** The week holding a day, from Monday (decision 0056). */
  const weekView: ViewWork = async (tx, request, context, reader, at) => {
    const chosen = at ?? today();
    if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    const days = weekOf(chosen).filter((day) => day !== null);
    const { events, total } = await pages.span(tx, reader, scopedFilters(filters, context.scope), days[0]!, days.at(-1)!, MONTH_LIMIT);
    return { body: weekPage(context, { day: chosen, today: today(), filters, events, truncated: total > events.length }) };
  };

  const monthView = async (tx: ReadTx, request: FastifyRequest, context: PageContext, reader: Reader, month: string): Promise<Answer> => {
    // A month outside the supported years (decision 0048) is no page: its grid would have no bounds.
    if (!isSupportedMonth(month)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    // The grid's whole weeks: the neighbouring months' events show in its leading and trailing days.
    const days = monthGrid(month).flat().filter((day) => day !== null);
    const { events, total } = await pages.span(tx, reader, scopedFilters(filters, context.scope), days[0]!, days.at(-1)!, MONTH_LIMIT);
    // The embeddable month keeps to the embed's URL, its view and month as parameters.
    const monthUrl = (other: string, kept: PageFilters) =>
      context.embed
        ? `${context.urls.page('events/embed')}?${new URLSearchParams([['view', 'month'], ['month', other], ...filterArgs(kept)]).toString()}`
        : `${context.urls.page(viewPath('month', other, context.scope))}${queryString(kept)}`;
    return { body: monthPage(context, { title: monthTitle(month, context.locale), month, today: today(), monthUrl, filters, events, truncated: total > events.length }) };
  };

  /** The event each single event's page showed: its discovery headers point at it by id (a password's form shows none). */
  const shownEvents = new WeakMap<FastifyRequest, number>();
  /** A single event (`/event/{slug}/`), or an occurrence of a series on its local day (`/event/{slug}/{day}/`, the URL its record advertises). */
  const event = page(
    async (tx, request, { page: context, reader }) => {
      const { slug, day } = request.params as { slug: string; day?: string };
      if (day !== undefined && !isSupportedDay(day)) throw new ApiError('rest_no_route');
      try {
        const shown = await pages.event(tx, reader, slug, cookieValue(request.headers.cookie, POSTPASS_COOKIE), day);
        shownEvents.set(request, shown.event.id);
        const offers = await eventOffers(tx, deps.tickets, shown.event, wireUtc(clock.now()), config.timezone);
        return { body: eventPage(context, shown, { offers, action: rsvpAction(context, slug), day }), cacheable: offers.length === 0 };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'event-password-protected') return { body: passwordPage(context, { action: eventAddress(context, slug, day), wrong: false }) };
        throw error;
      }
    },
    { single: true, timeless: true },
  );
  /** All dates of the series a slug names (decision 0060): its listed occurrences from today, paged as the list. */
  const seriesDates = page(
    async (tx, request, { page: context, reader }) => {
      const { slug } = request.params as { slug: string };
      const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
      const { event, events, total } = await pages.seriesDates(tx, reader, slug, window);
      return { body: seriesPage(context, { event, events, base: context.urls.page(`event/${encodeURIComponent(slug)}/all`), current: window.page, pages: totalPages(total, window.perPage) }) };
    },
    { single: true },
  );
  const eventAddress = (context: PageContext, slug: string, day: string | undefined) => context.urls.page(`event/${encodeURIComponent(slug)}${day === undefined ? '' : `/${day}`}`);

  /** The password form's answer: the right password sets the post-password cookie and goes back to the event (303); a wrong one shows the form again. */
  const unlock = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    if (language === undefined) return reply.callNotFound();
    const { page: context } = contextOf(request, language, false);
    const { slug, day } = request.params as { slug: string; day?: string };
    const given = (request.body as { post_password?: unknown } | undefined)?.post_password;
    const password = typeof given === 'string' ? given : '';
    const deadline = new Deadline(config.timeouts.requestMs);
    const tried = password === '' ? undefined : await deadline.race(storage.read((tx) => pages.tryPassword(tx, slug, password, language.code)));
    // Back to the page the form was on; a day that is not one goes to the event's own page.
    const target = eventAddress(context, slug, day !== undefined && isSupportedDay(day) ? day : undefined);
    // Guesses at one event from one address are throttled as logins are: ten a window, then 429 even for the right one.
    const guess = tried && { counter: eventPasswordCounter(tried.eventId), address: request.ip, refusal: WRONG_PASSWORD };
    try {
      await throttledGuess(deps.throttle, guess, async () => {
        if (!tried?.opens) throw new ApiError(WRONG_PASSWORD);
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === WRONG_PASSWORD)) throw error;
      reply.headers({ 'content-type': HTML, 'content-security-policy': PAGE_CSP, 'cache-control': 'private, no-store' });
      return passwordPage(context, { action: target, wrong: true });
    }
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${POSTPASS_COOKIE}=${pages.postPassToken(password)}; Path=${sitePath || '/'}; Max-Age=${POSTPASS_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
    return reply.header('cache-control', 'private, no-store').redirect(target, 303);
  };

  /** The community form (decision 0062); off, it is no page. The form alone may be kept in the read cache: it holds nobody's input. */
  const communityAddress = (context: PageContext) => context.urls.page('events/community/add');
  const communityForm = page(async (tx, _request, { page: context }) => {
    if (!config.communitySubmissions) throw new ApiError('rest_no_route');
    return { body: communityFormPage(context, { action: communityAddress(context), options: await deps.community.options(tx, context.language), asksProof: deps.community.asksProof }) };
  }, { timeless: true });
  const communityThanks = page(async (_tx, _request, { page: context }) => {
    if (!config.communitySubmissions) throw new ApiError('rest_no_route');
    return { body: communityThanksPage(context, { form: communityAddress(context) }) };
  }, { timeless: true });
  /**
   * A proposal: refused (403) when another site's page sent it (its Origin; a signed-in visitor's
   * request must carry one, which browsers send with every form POST); stored as pending and answered by the thank-you page (303, so a reload does not send it
   * again), or the form again with its problems (400), the visitor's input never cached.
   */
  const formAnswer = (reply: FastifyReply, status: number, body: string) => reply.headers({ 'content-type': HTML, 'content-security-policy': PAGE_CSP, 'cache-control': 'private, no-store' }).code(status).send(body);
  const submitProposal = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    if (language === undefined) return reply.callNotFound();
    const { page: context } = contextOf(request, language, false);
    const answer = (status: number, body: string, headers: Readonly<Record<string, string>> = {}) => formAnswer(reply.headers(headers), status, body);
    const canonical = communityAddress(context);
    if (!config.communitySubmissions) return answer(404, errorPage(context, { status: 404, canonical }));
    // Sent by another site's page: refused. A signed-in visitor's credentials travel with any site's form, so theirs must name its origin.
    if (!fromOwnPage(request, config) || (request.caller !== null && request.headers.origin === undefined)) return answer(403, errorPage(context, { status: 403, canonical }));
    // With an image the form is multipart, read as an upload (app.ts): its other fields come with the file.
    const upload = request.body instanceof Upload ? request.body : undefined;
    const form = readCommunityForm(upload === undefined ? request.body : upload.fields);
    const deadline = new Deadline(config.timeouts.requestMs);
    let result: Awaited<ReturnType<CommunitySubmissions['submit']>>;
    try {
      result = await deadline.race(deps.community.submit(form, upload, request.caller, clientAddress(request), language.code, deadline));
    } catch (error) {
      if (error instanceof TimedOut) return answer(503, errorPage(context, { status: 503, canonical }));
      throw error;
    }
    if ('errors' in result) return answer(result.status, communityFormPage(context, { action: canonical, options: result.options, form, errors: result.errors, asksProof: deps.community.asksProof }), result.headers);
    return reply.header('cache-control', 'private, no-store').redirect(context.urls.page('events/community/thanks'), 303);
  };
  /**
   * A proposal refused before its handler ran (the write rate limit, an image over the size limit):
   * the visitor of the form gets a page in their language with the API's status and headers
   * (`Retry-After`), not the API's JSON; every other error goes on to the app's error handler.
   */
  const proposalRefused = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 413) || language === undefined) throw error;
    const { page: context } = contextOf(request, language, false);
    reply.headers(error.headers);
    const detail = error.code === 'community_daily_limit' ? context.messages.community.dailyLimit : undefined;
    void formAnswer(reply, error.status, errorPage(context, { status: error.status, detail, canonical: communityAddress(context) }));
  };
  /** A proof-of-work challenge for the community form's script (decision 0095): anyone's, never cached; no page unless a proof is asked. */
  const communityChallenge = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!config.communitySubmissions || !deps.community.asksProof) return reply.callNotFound();
    return reply.header('cache-control', 'private, no-store').send(await deps.community.challenge());
  };
  const linked = (kind: 'venue' | 'organizer') =>
    page(
      async (tx, request, { page: context, reader }) => {
        const { slug } = request.params as { slug: string };
        const record = await pages.linked(tx, reader, kind, slug);
        const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
        const { events, total } = await pages.list(tx, reader, kind === 'venue' ? { venue: record.id as number } : { organizer: record.id as number }, window);
        return { body: linkedRecordPage(context, { kind, record, events, current: window.page, pages: totalPages(total, window.perPage), base: context.urls.page(`${kind}/${encodeURIComponent(slug)}`) }) };
      },
      { single: true },
    );

  /**
   * The archive views by their paths under `/events/` (view-paths.ts): each is a route of the whole
   * calendar, and the same path at the end of a category's or tag's URL is that view of the term.
   * A view added here is both. The original's other paths for a view (`list/`, `day/{day}/`) answer
   * 301 with its canonical one (legacy-links.ts).
   */
  const archiveViews: readonly { readonly path: string; readonly view: ViewName; readonly work: ViewWork }[] = [
    { path: '', view: 'list', work: listView },
    { path: 'list/', view: 'list', work: listView },
    { path: 'month/', view: 'month', work: (tx, request, context, reader, at) => monthView(tx, request, context, reader, at ?? today().slice(0, 7)) },
    { path: 'month/:at/', view: 'month', work: (tx, request, context, reader, at) => monthView(tx, request, context, reader, at ?? today().slice(0, 7)) },
    { path: 'week/', view: 'week', work: weekView },
    { path: 'week/:at/', view: 'week', work: weekView },
    { path: 'today/', view: 'day', work: dayView },
    { path: ':at/', view: 'day', work: dayView },
    { path: 'day/:at/', view: 'day', work: dayView },
  ];

  /** The view a request shows, for the original's parameters: its canonical path when it came by another (`/events/list/` → `/events/`). */
  const currentView = (request: FastifyRequest, view: ViewName, at: string | undefined, tail: string, scope?: CurrentView['scope']): CurrentView => {
    const path = request.url.split('?')[0]!;
    const canonical = viewTail(view, at, scope !== undefined);
    if (canonical === tail) return { view, path, scope, at };
    // The request's path without the view's segments, counted rather than measured: the path may spell them percent-encoded.
    const segments = path.replace(/\/+$/, '').split('/');
    const base = segments.slice(0, segments.length - (tail === '' ? 0 : tail.split('/').length)).join('/');
    return { view, path, scope, at, canonical: `${base}/${canonical === '' ? '' : `${canonical}/`}` };
  };

  /** A view of the whole calendar at its route (`/events/month/:at/`). */
  const calendarView = (entry: (typeof archiveViews)[number]) => {
    const atOf = (request: FastifyRequest) => (request.params as { at?: string }).at;
    return page((tx, request, { page: context, reader }) => entry.work(tx, request, context, reader, atOf(request)), {
      view: (request) => currentView(request, entry.view, atOf(request), entry.path.replace(':at', atOf(request) ?? '').replace(/\/$/, '')),
    });
  };

  const located = (request: FastifyRequest) => matchTail(((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean), archiveViews);
  /**
   * A category's or tag's views: the URL's end is a view of the table (`…/jazz/month/2026-12/`), the
   * slugs before it name the term (a category's ancestors first: the last one names it). An unknown
   * term is a 404 page.
   */
  const termViews = (taxonomy: TermScope['taxonomy']) =>
    page(
      async (tx, request, { page: context, reader }) => {
        const match = located(request);
        if (match === undefined) throw new ApiError('rest_no_route');
        const found = await pages.term(tx, reader, taxonomy, match.terms.at(-1)!);
        return match.entry.work(tx, request, { ...context, scope: { taxonomy, slug: found.slug, name: found.name, ancestors: found.ancestors } }, reader, match.at);
      },
      {
        view: (request) => {
          const match = located(request);
          return match === undefined ? undefined : currentView(request, match.entry.view, match.at, match.tail, { taxonomy, slug: match.terms.at(-1)! });
        },
      },
    );
  /** The term a category's or tag's view is of, by its URL (the discovery headers'), as the view reads it. */
  const termOf = (request: FastifyRequest): { taxonomy: TermScope['taxonomy']; slug: string } | undefined => {
    const route = request.routeOptions.url ?? '';
    const taxonomy = route.endsWith('/events/category/*') ? 'category' : route.endsWith('/tag/*') ? 'tag' : undefined;
    const slug = taxonomy === undefined ? undefined : located(request)?.terms.at(-1);
    return taxonomy === undefined || slug === undefined ? undefined : { taxonomy, slug };
  };

  /** What a page shows, for its discovery headers. */
  const subjectOf = (request: FastifyRequest): PageSubject => {
    const event = shownEvents.get(request);
    if (event !== undefined) return { event };
    const term = termOf(request);
    return term === undefined ? {} : { term };
  };

  const embed = page(
    async (tx, request, { page: context, reader }) => {
      const query = request.query as { view?: unknown; month?: unknown };
      if (query.view === 'month') return monthView(tx, request, context, reader, typeof query.month === 'string' ? query.month : today().slice(0, 7));
      return listAnswer(tx, request, context, reader, context.urls.page('events/embed'));
    },
    { embed: true },
  );

  const sitemap = page(async (tx, _request, { page: context, reader }) => {
    const entries = await pages.sitemap(tx, reader);
    const views = ['events', 'events/month'].map((path) => `<url><loc>${escapeHtml(context.urls.page(path))}</loc></url>`);
    const events = entries.map((entry) => `<url><loc>${escapeHtml(entry.url)}</loc><lastmod>${entry.modified.replace(' ', 'T')}Z</lastmod></url>`);
    return {
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...views, ...events].join('')}</urlset>\n`,
      type: 'application/xml; charset=utf-8',
    };
  });

  type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const routes: [string, Handler][] = [
    ...archiveViews.map((entry): [string, Handler] => [`/events/${entry.path}`, calendarView(entry)]),
    ['/events/embed/', embed],
    ['/events/category/*', termViews('category')],
    // Tags' records advertise WordPress' own tag URL (`/tag/{slug}/`); the calendar's form answers too.
    ['/tag/*', termViews('tag')],
    ['/events/tag/*', termViews('tag')],
    ['/events/community/add/', communityForm],
    ['/events/community/thanks/', communityThanks],
    ['/event/:slug/', event],
    ['/event/:slug/:day/', event],
    // The original's (Pro) URL of a series' dates; a static segment, so it wins over `:day`.
    ['/event/:slug/all/', seriesDates],
    ['/venue/:slug/', linked('venue')],
    ['/organizer/:slug/', linked('organizer')],
  ];
  const pageRoute = { publicPage: true };
  // Pages are not part of the API: kept out of its OpenAPI document.
  const hidden = { hide: true };
  // Each page also answers under a language segment (`/fr/event/…`), as the records' URLs give it.
  for (const [path, handler] of routes) {
    for (const prefix of ['', '/:lang']) app.route({ method: 'GET', url: `${sitePath}${prefix}${path}`, config: pageRoute, schema: hidden, handler });
  }
  for (const prefix of ['', '/:lang']) {
    for (const path of ['/event/:slug/', '/event/:slug/:day/']) app.route({ method: 'POST', url: `${sitePath}${prefix}${path}`, config: pageRoute, schema: hidden, handler: unlock });
  }
  for (const prefix of ['', '/:lang']) {
    app.route({ method: 'POST', url: `${sitePath}${prefix}/events/community/add/`, config: { ...pageRoute, anonymousWrite: true, takesUpload: true }, schema: hidden, handler: submitProposal, errorHandler: proposalRefused });
  }
  registerRsvpPages(app, {
    config, storage, clock, pages, tickets: deps.tickets, rsvp: deps.rsvp, rsvpChanges: deps.rsvpChanges, csp: PAGE_CSP,
    contextOf: (request) => {
      const language = languageOf(request);
      return language === undefined ? undefined : contextOf(request, language, false);
    },
  });
  app.route({ method: 'GET', url: `${sitePath}/events/community/challenge/`, config: pageRoute, schema: hidden, handler: communityChallenge });
  app.route({ method: 'GET', url: `${sitePath}/sitemap.xml`, config: pageRoute, schema: hidden, handler: sitemap });
  app.route({
    method: 'GET',
    url: `${sitePath}/assets/:file`,
    config: pageRoute, schema: hidden,
    handler: async (request, reply) => {
      const asset = (await pageAssets()).get((request.params as { file: string }).file);
      if (!asset) return reply.callNotFound();
      reply.headers({ 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
      return answerConditionally(request, reply, { tag: asset.etag }, asset.body);
    },
  });
  // Pages are for search engines too: the API's `noindex` (app.ts) is lifted here, after the app's own onSend.
  // HTML pages tell tools where the API is, as the original's do (decision 0050).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.publicPage) return payload;
    reply.removeHeader('x-robots-tag');
    // Still no referrer for other sites, but a form sent from a page keeps its Origin, which `no-referrer` makes "null" (the community form's check, decision 0062).
    reply.header('referrer-policy', 'same-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.headers(discoveryHeaders(pageUrls(`${request.protocol}://${request.host}`, request.params, config), config, subjectOf(request)));
    return payload;
  });
}
