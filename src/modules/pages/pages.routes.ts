import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { wireUtc, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { Deadline, TimedOut } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';
import { representationTag } from '../../http/compression.ts';
import { entityTag, holdsRepresentation } from '../../http/entity-tags.ts';
import { ReadCache, secondOf } from '../../http/read-cache.ts';
import { isLanguageCode, type LanguageCode } from '../../languages.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import type { ReadTx, Storage } from '../../storage/database.ts';
import { Urls } from '../../urls.ts';
import { escapeHtml } from '../../content/html.ts';
import { cookieValue } from '../../http/cookies.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';
import { ASSETS } from './assets.ts';
import { discoveryHeaders } from './discovery.ts';
import { filterArgs, queryString, readFilters, type PageFilters } from './filters.ts';
import { monthGrid, monthTitle, weekOf } from './format.ts';
import { legacyLocation } from './legacy-links.ts';
import { localeOf, messagesFor } from './messages.ts';
import { MONTH_LIMIT, postPassToken, type PagesService, type Reader } from './pages.service.ts';
import type { ViewName } from './views/bar.tsx';
import type { PageContext } from './views/layout.tsx';
import { dayPage, errorPage, eventPage, linkedRecordPage, listPage, monthPage, passwordPage, weekPage } from './views/pages.tsx';

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
  readonly storage: Pick<Storage, 'read' | 'contentVersion' | 'contentChanges'>;
  readonly clock: Clock;
  readonly pages: PagesService;
  readonly readCache: ReadCache | undefined;
}

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
    const sentTag = representationTag(request, reply, tag, body);
    reply.header('etag', sentTag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (request.method === 'GET' && answer.status === 200 && ifNoneMatch !== undefined && holdsRepresentation(ifNoneMatch, sentTag)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return body;
  };

  /**
   * A page: its work on one read unit, within the request's deadline; the API's errors become
   * error pages; anonymous answers without a post-password cookie come from and go to the read
   * cache. `timeless` pages (a single event) do not depend on the current time.
   */
  const page =
    (work: (tx: ReadTx, request: FastifyRequest, context: { page: PageContext; reader: Reader }) => Promise<Answer>, options: { single?: boolean; timeless?: boolean; embed?: boolean; view?: ViewName } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const language = languageOf(request);
      if (language === undefined) return reply.callNotFound();
      const embed = options.embed ?? false;
      const context = contextOf(request, language, embed);
      if (options.view !== undefined) {
        const moved = legacyLocation(request.query as Record<string, unknown>, { view: options.view, path: request.url.split('?')[0]!, ...scopeOf(request) }, (path) => context.page.urls.page(path));
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
        return send(request, reply, { status: answer.status ?? 200, body: answer.body, type: answer.type ?? HTML }, { shared, embed, ...(store ? { store } : {}) });
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

  /** A category's or tag's page: its term, which the other views filter by. */
  const scopeOf = (request: FastifyRequest): { scope?: readonly ['category' | 'tag', string] } => {
    const route = request.routeOptions.url ?? '';
    const slug = ((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean).at(-1);
    if (slug === undefined) return {};
    return { scope: [route.endsWith('/events/category/*') ? 'category' : 'tag', slug] };
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

  const list = (title: (context: PageContext) => string, base: (context: PageContext) => string, extra: PageFilters = {}) =>
    page(async (tx, request, { page: context, reader }) => {
      const filters = filtersOf(request);
      const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
      const { events, total } = await pages.list(tx, reader, { ...filters, ...extra }, window);
      return { body: listPage(context, { title: title(context), base: base(context), filters, events, current: window.page, pages: totalPages(total, window.perPage), today: today() }) };
    }, { view: 'list' });

  const day = (pick: (request: FastifyRequest) => string) =>
    page(async (tx, request, { page: context, reader }) => {
      const chosen = pick(request);
      if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
      const filters = filtersOf(request);
      const { events } = await pages.span(tx, reader, filters, chosen, chosen);
      // An empty day offers the next day that has events (a read only for an empty day).
      const nextDay = events.length === 0 ? await pages.nextDayWithEvents(tx, reader, filters, chosen) : undefined;
      return { body: dayPage(context, { day: chosen, today: today(), filters, events, nextDay }) };
    }, { view: 'day' });

  /** The week holding a day, from Monday (decision 0056). */
  const week = (pick: (request: FastifyRequest) => string) =>
    page(async (tx, request, { page: context, reader }) => {
      const chosen = pick(request);
      if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
      const filters = filtersOf(request);
      const days = weekOf(chosen).filter((day) => day !== null);
      const { events, total } = await pages.span(tx, reader, filters, days[0]!, days.at(-1)!, MONTH_LIMIT);
      return { body: weekPage(context, { day: chosen, today: today(), filters, events, truncated: total > events.length }) };
    });

  const monthView = async (tx: ReadTx, request: FastifyRequest, context: PageContext, reader: Reader, month: string): Promise<Answer> => {
    // A month outside the supported years (decision 0048) is no page: its grid would have no bounds.
    if (!isSupportedMonth(month)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    // The grid's whole weeks: the neighbouring months' events show in its leading and trailing days.
    const days = monthGrid(month).flat().filter((day) => day !== null);
    const { events, total } = await pages.span(tx, reader, filters, days[0]!, days.at(-1)!, MONTH_LIMIT);
    // The embeddable month keeps to the embed's URL, its view and month as parameters.
    const monthUrl = (other: string, kept: PageFilters) =>
      context.embed
        ? `${context.urls.page('events/embed')}?${new URLSearchParams([['view', 'month'], ['month', other], ...filterArgs(kept)]).toString()}`
        : `${context.urls.page(`events/month/${other}`)}${queryString(kept)}`;
    return { body: monthPage(context, { title: monthTitle(month, context.locale), month, today: today(), monthUrl, filters, events, truncated: total > events.length }) };
  };

  /** A single event (`/event/{slug}/`), or an occurrence of a series on its local day (`/event/{slug}/{day}/`, the URL its record advertises). */
  const event = page(
    async (tx, request, { page: context, reader }) => {
      const { slug, day } = request.params as { slug: string; day?: string };
      if (day !== undefined && !isSupportedDay(day)) throw new ApiError('rest_no_route');
      try {
        return { body: eventPage(context, await pages.event(tx, reader, slug, cookieValue(request.headers.cookie, POSTPASS_COOKIE), day)) };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'event-password-protected') return { body: passwordPage(context, { action: eventAddress(context, slug, day), wrong: false }) };
        throw error;
      }
    },
    { single: true, timeless: true },
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
    const opens = password !== '' && (await deadline.race(storage.read((tx) => pages.opens(tx, slug, password, language.code))));
    // Back to the page the form was on; a day that is not one goes to the event's own page.
    const target = eventAddress(context, slug, day !== undefined && isSupportedDay(day) ? day : undefined);
    if (!opens) {
      reply.headers({ 'content-type': HTML, 'content-security-policy': PAGE_CSP, 'cache-control': 'private, no-store' });
      return passwordPage(context, { action: target, wrong: true });
    }
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${POSTPASS_COOKIE}=${postPassToken(password)}; Path=${sitePath || '/'}; Max-Age=${POSTPASS_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
    return reply.header('cache-control', 'private, no-store').redirect(target, 303);
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

  const term = (taxonomy: 'category' | 'tag') =>
    page(
      async (tx, request, { page: context, reader }) => {
        // A category's URL has its ancestors' slugs before its own (`/events/category/music/jazz/`): the last one names it.
        const slug = (request.params as { '*': string })['*'].split('/').filter(Boolean).at(-1) ?? '';
        const found = await pages.term(tx, reader, taxonomy, slug);
        const filters = filtersOf(request);
        const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
        const { events, total } = await pages.list(tx, reader, { ...filters, [taxonomy]: found.slug }, window);
        const base = context.urls.page(`${(taxonomy === 'category' ? CATEGORY : TAG).archivePath}/${encodeURIComponent(found.slug)}`);
        return { body: listPage(context, { title: found.name, base, filters, scope: { [taxonomy]: found.slug }, events, current: window.page, pages: totalPages(total, window.perPage), today: today() }) };
      },
      { view: 'list' },
    );

  const embed = page(
    async (tx, request, { page: context, reader }) => {
      const query = request.query as { view?: unknown; month?: unknown };
      if (query.view === 'month') return monthView(tx, request, context, reader, typeof query.month === 'string' ? query.month : today().slice(0, 7));
      const filters = filtersOf(request);
      const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
      const { events, total } = await pages.list(tx, reader, filters, window);
      return { body: listPage(context, { title: context.messages.upcoming, base: context.urls.page('events/embed'), filters, events, current: window.page, pages: totalPages(total, window.perPage), today: today() }) };
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

  const upcoming = list((context) => context.messages.upcoming, (context) => context.urls.page('events'));
  const routes: [string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>][] = [
    ['/events/', upcoming],
    // The original's list view has its own URL too; the list's canonical address is /events/.
    ['/events/list/', upcoming],
    ['/events/month/', page(async (tx, request, { page: context, reader }) => monthView(tx, request, context, reader, today().slice(0, 7)), { view: 'month' })],
    ['/events/month/:month/', page(async (tx, request, { page: context, reader }) => monthView(tx, request, context, reader, (request.params as { month: string }).month), { view: 'month' })],
    ['/events/today/', day(() => today())],
    ['/events/week/', week(() => today())],
    ['/events/week/:day/', week((request) => (request.params as { day: string }).day)],
    ['/events/embed/', embed],
    ['/events/:day/', day((request) => (request.params as { day: string }).day)],
    ['/events/category/*', term('category')],
    // Tags' records advertise WordPress' own tag URL (`/tag/{slug}/`); the calendar's form answers too.
    ['/tag/*', term('tag')],
    ['/events/tag/*', term('tag')],
    ['/event/:slug/', event],
    ['/event/:slug/:day/', event],
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
  app.route({ method: 'GET', url: `${sitePath}/sitemap.xml`, config: pageRoute, schema: hidden, handler: sitemap });
  app.route({
    method: 'GET',
    url: `${sitePath}/assets/:file`,
    config: pageRoute, schema: hidden,
    handler: async (request, reply) => {
      const asset = ASSETS[(request.params as { file: string }).file];
      if (!asset) return reply.callNotFound();
      reply.headers({ 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
      const tag = representationTag(request, reply, asset.etag, asset.body);
      reply.header('etag', tag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && holdsRepresentation(ifNoneMatch, tag)) return reply.code(304).send();
      return asset.body;
    },
  });
  // Pages are for search engines too: the API's `noindex` (app.ts) is lifted here, after the app's own onSend.
  // HTML pages tell tools where the API is, as the original's do (decision 0050).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.publicPage) return payload;
    reply.removeHeader('x-robots-tag');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.headers(discoveryHeaders({ origin: `${request.protocol}://${request.host}`, route: request.routeOptions.url ?? '', params: request.params }, config));
    return payload;
  });
}
