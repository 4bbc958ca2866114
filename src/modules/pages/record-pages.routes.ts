import type { FastifyReply, FastifyRequest } from 'fastify';
import { wireUtc, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../content/html.ts';
import { isSupportedDay } from '../../dates/supported-range.ts';
import { ApiError, type ErrorCode } from '../../errors.ts';
import { cookieValue } from '../../http/cookies.ts';
import { eventPasswordCounter, throttledGuess, type GuessThrottle } from '../../http/password-guesses.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import type { Storage } from '../../storage/types.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import {
  LIST_PER_PAGE,
  pageNumber,
  POSTPASS_COOKIE,
  type PageAnswers,
  type PageHandler,
} from './page-answers.routes.ts';
import type { PagesService } from './pages.service.ts';
import type { PageContext } from './views/layout.tsx';
import { eventPage, linkedRecordPage, passwordPage, seriesPage } from './views/pages.tsx';
import { eventOffers, rsvpAction } from './rsvp.routes.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';

/*
 * The pages of one record: an event (or one date of a series) with its password form, all dates
 * of a series, a venue or organizer with its events; and the sitemap of them.
 */

/** The refusal of a wrong event password, which the throttle counts (decision 0094). */
const WRONG_PASSWORD: ErrorCode = 'event-password-protected';
/** WordPress keeps the post-password cookie ten days. */
const POSTPASS_SECONDS = 10 * 24 * 3600;

export interface RecordPages {
  readonly event: PageHandler;
  readonly seriesDates: PageHandler;
  readonly linked: (kind: 'venue' | 'organizer') => PageHandler;
  /** The password form's POST. */
  readonly unlock: PageHandler;
  readonly sitemap: PageHandler;
  /** The event a single event's page showed, for its discovery headers (a password's form shows none). */
  readonly shownEvent: (request: FastifyRequest) => number | undefined;
}

export function recordPages(
  answers: PageAnswers,
  deps: {
    readonly config: Config;
    readonly storage: Pick<Storage, 'read'>;
    readonly clock: Clock;
    readonly pages: PagesService;
    /** The event page's RSVP forms (issue 46; decisions 0125, 0126). */
    readonly tickets: Pick<TicketsService, 'list'>;
    /** Counts wrong event passwords per (event, client address), in the login throttle's counters (decision 0094). */
    readonly throttle: GuessThrottle;
  },
): RecordPages {
  const { config, storage, pages } = deps;
  const sitePath = sitePathOf(config);

  /** The event each single event's page showed: its discovery headers point at it by id (a password's form shows none). */
  const shownEvents = new WeakMap<FastifyRequest, number>();
  const eventAddress = (context: PageContext, slug: string, day: string | undefined) =>
    context.urls.page(`event/${encodeURIComponent(slug)}${day === undefined ? '' : `/${day}`}`);

  /** A single event (`/event/{slug}/`), or an occurrence of a series on its local day (`/event/{slug}/{day}/`, the URL its record advertises). */
  const event = answers.page(
    async (tx, request, { page: context, reader }) => {
      const { slug, day } = request.params as { slug: string; day?: string };
      if (day !== undefined && !isSupportedDay(day)) throw new ApiError('rest_no_route');
      try {
        const shown = await pages.event(tx, reader, slug, cookieValue(request.headers.cookie, POSTPASS_COOKIE), day);
        shownEvents.set(request, shown.event.id);
        const offers = await eventOffers(tx, deps.tickets, shown.event, wireUtc(deps.clock.now()), config.timezone);
        return {
          body: eventPage(context, shown, { offers, action: rsvpAction(context, slug), day }),
          cacheable: offers.length === 0,
        };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'event-password-protected')
          return { body: passwordPage(context, { action: eventAddress(context, slug, day), wrong: false }) };
        throw error;
      }
    },
    { single: true, timeless: true },
  );

  /** All dates of the series a slug names (decision 0060): its listed occurrences from today, paged as the list. */
  const seriesDates = answers.page(
    async (tx, request, { page: context, reader }) => {
      const { slug } = request.params as { slug: string };
      const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
      const { event, events, total } = await pages.seriesDates(tx, reader, slug, window);
      return {
        body: seriesPage(context, {
          event,
          events,
          base: context.urls.page(`event/${encodeURIComponent(slug)}/all`),
          current: window.page,
          pages: totalPages(total, window.perPage),
        }),
      };
    },
    { single: true },
  );

  /** The password form's answer: the right password sets the post-password cookie and goes back to the event (303); a wrong one shows the form again. */
  const unlock = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = answers.languageOf(request);
    if (language === undefined) return reply.callNotFound();
    const { page: context } = answers.contextOf(request, language, false);
    const { slug, day } = request.params as { slug: string; day?: string };
    const given = (request.body as { post_password?: unknown } | undefined)?.post_password;
    const password = typeof given === 'string' ? given : '';
    const deadline = answers.deadline();
    const tried =
      password === ''
        ? undefined
        : await deadline.race(storage.read((tx) => pages.tryPassword(tx, slug, password, language.code)));
    // Back to the page the form was on; a day that is not one goes to the event's own page.
    const target = eventAddress(context, slug, day !== undefined && isSupportedDay(day) ? day : undefined);
    // Guesses at one event from one address are throttled as logins are: ten a window, then 429 even for the right one.
    const guess = tried && {
      counter: eventPasswordCounter(tried.eventId),
      address: request.ip,
      refusal: WRONG_PASSWORD,
    };
    try {
      await throttledGuess(deps.throttle, guess, async () => {
        if (!tried?.opens) throw new ApiError(WRONG_PASSWORD);
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === WRONG_PASSWORD)) throw error;
      reply.headers(answers.ownHeaders());
      return passwordPage(context, { action: target, wrong: true });
    }
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${POSTPASS_COOKIE}=${pages.postPassToken(password)}; Path=${sitePath || '/'}; Max-Age=${POSTPASS_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
    return reply.header('cache-control', 'private, no-store').redirect(target, 303);
  };

  const linked = (kind: 'venue' | 'organizer') =>
    answers.page(
      async (tx, request, { page: context, reader }) => {
        const { slug } = request.params as { slug: string };
        const record = await pages.linked(tx, reader, kind, slug);
        const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
        const { events, total } = await pages.list(
          tx,
          reader,
          kind === 'venue' ? { venue: record.id as number } : { organizer: record.id as number },
          window,
        );
        return {
          body: linkedRecordPage(context, {
            kind,
            record,
            events,
            current: window.page,
            pages: totalPages(total, window.perPage),
            base: context.urls.page(`${kind}/${encodeURIComponent(slug)}`),
          }),
        };
      },
      { single: true },
    );

  const sitemap = answers.page(async (tx, _request, { page: context, reader }) => {
    const entries = await pages.sitemap(tx, reader);
    const views = ['events', 'events/month'].map(
      (path) => `<url><loc>${escapeHtml(context.urls.page(path))}</loc></url>`,
    );
    const events = entries.map(
      (entry) =>
        `<url><loc>${escapeHtml(entry.url)}</loc><lastmod>${entry.modified.replace(' ', 'T')}Z</lastmod></url>`,
    );
    return {
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...views, ...events].join('')}</urlset>\n`,
      type: 'application/xml; charset=utf-8',
    };
  });

  return { event, seriesDates, linked, unlock, sitemap, shownEvent: (request) => shownEvents.get(request) };
}
