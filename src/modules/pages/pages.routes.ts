import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { CachedReads } from '../../http/cached-read.ts';
import { answerConditionally } from '../../http/conditional-get.ts';
import { discoveryHeaders, pageUrls, type PageSubject } from '../../http/discovery.ts';
import type { GuessThrottle } from '../../http/password-guesses.ts';
import type { ReadCache } from '../../http/read-cache.ts';
import type { Storage } from '../../storage/types.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { archiveViewPages } from './archive-views.routes.ts';
import { pageAssets } from './assets.ts';
import type { CommunitySubmissions } from './community.ts';
import { communityPages } from './community-pages.routes.ts';
import { PageAnswers, type PageHandler } from './page-answers.routes.ts';
import type { PagesService } from './pages.service.ts';
import { recordPages } from './record-pages.routes.ts';
import { registerRsvpPages } from './rsvp.routes.ts';
import type { RsvpChanges } from '../tickets/rsvp-changes.ts';
import type { RsvpService } from '../tickets/rsvp.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';

/*
 * The public HTML pages (decision 0031) at the URLs the records advertise, under the path of
 * CALENDAR_SITE_URL, each also under `/{lang}/`: the route table. A page is one read unit through
 * PagesService, answered through the read path of every GET (page-answers.routes.ts over
 * http/cached-read.ts): anonymous answers are kept in the API's read cache (keyed by the content
 * version) and carry an ETag for conditional GETs. Every page has a strict Content-Security-Policy
 * (http/csp.ts): scripts and styles only from /assets/, no inline code, frames only for the
 * embeddable view.
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

export function registerPages(app: FastifyInstance, deps: PagesDependencies): void {
  const { config, storage, clock, pages } = deps;
  const sitePath = sitePathOf(config);
  const reads = new CachedReads({ storage, readCache: deps.readCache, requestTimeoutMs: config.timeouts.requestMs });
  const answers = new PageAnswers({ config, storage, clock, reads });
  const views = archiveViewPages(answers, pages);
  const records = recordPages(answers, {
    config,
    storage,
    clock,
    pages,
    tickets: deps.tickets,
    throttle: deps.throttle,
  });
  const community = communityPages(answers, { config, community: deps.community });

  /** What a page shows, for its discovery headers. */
  const subjectOf = (request: FastifyRequest): PageSubject => {
    const event = records.shownEvent(request);
    if (event !== undefined) return { event };
    const term = views.termOf(request);
    return term === undefined ? {} : { term };
  };

  const routes: (readonly [string, PageHandler])[] = [
    ...views.calendar,
    ['/events/embed/', views.embed],
    ['/events/category/*', views.term('category')],
    // Tags' records advertise WordPress' own tag URL (`/tag/{slug}/`); the calendar's form answers too.
    ['/tag/*', views.term('tag')],
    ['/events/tag/*', views.term('tag')],
    ['/events/community/add/', community.form],
    ['/events/community/thanks/', community.thanks],
    ['/event/:slug/', records.event],
    ['/event/:slug/:day/', records.event],
    // The original's (Pro) URL of a series' dates; a static segment, so it wins over `:day`.
    ['/event/:slug/all/', records.seriesDates],
    ['/venue/:slug/', records.linked('venue')],
    ['/organizer/:slug/', records.linked('organizer')],
  ];
  const pageRoute = { publicPage: true };
  // Pages are not part of the API: kept out of its OpenAPI document.
  const hidden = { hide: true };
  // Each page also answers under a language segment (`/fr/event/…`), as the records' URLs give it.
  for (const [path, handler] of routes) {
    for (const prefix of ['', '/:lang'])
      app.route({ method: 'GET', url: `${sitePath}${prefix}${path}`, config: pageRoute, schema: hidden, handler });
  }
  for (const prefix of ['', '/:lang']) {
    for (const path of ['/event/:slug/', '/event/:slug/:day/'])
      app.route({
        method: 'POST',
        url: `${sitePath}${prefix}${path}`,
        config: pageRoute,
        schema: hidden,
        handler: records.unlock,
      });
  }
  for (const prefix of ['', '/:lang']) {
    app.route({
      method: 'POST',
      url: `${sitePath}${prefix}/events/community/add/`,
      config: { ...pageRoute, anonymousWrite: true, takesUpload: true },
      schema: hidden,
      handler: community.submit,
      errorHandler: community.refused,
    });
  }
  registerRsvpPages(app, {
    config,
    storage,
    clock,
    pages,
    tickets: deps.tickets,
    rsvp: deps.rsvp,
    rsvpChanges: deps.rsvpChanges,
    csp: answers.csp,
    contextOf: (request) => {
      const language = answers.languageOf(request);
      return language === undefined ? undefined : answers.contextOf(request, language, false);
    },
  });
  app.route({
    method: 'GET',
    url: `${sitePath}/events/community/challenge/`,
    config: pageRoute,
    schema: hidden,
    handler: community.challenge,
  });
  app.route({
    method: 'GET',
    url: `${sitePath}/sitemap.xml`,
    config: pageRoute,
    schema: hidden,
    handler: records.sitemap,
  });
  app.route({
    method: 'GET',
    url: `${sitePath}/assets/:file`,
    config: pageRoute,
    schema: hidden,
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
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.headers(
        discoveryHeaders(
          pageUrls(`${request.protocol}://${request.host}`, request.params, config),
          config,
          subjectOf(request),
        ),
      );
    return payload;
  });
}
