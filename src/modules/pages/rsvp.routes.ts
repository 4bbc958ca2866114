import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nowUtc, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { cookieValue } from '../../http/cookies.ts';
import { fromOwnPage } from '../../http/sessions.ts';
import { Deadline, TimedOut } from '../../deadline.ts';
import { isSupportedDay } from '../../dates/supported-range.ts';
import { ApiError } from '../../errors.ts';
import type { ReadTx, Storage } from '../../storage/types.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import type { EventWire } from '../events/events.schemas.ts';
import type { RsvpChanges } from '../tickets/rsvp-changes.ts';
import { manageUrl } from '../tickets/rsvp-mail.ts';
import type { RsvpService } from '../tickets/rsvp.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { AttendeeFieldInput } from '../tickets/tickets.schemas.ts';
import type { PagesService, Reader } from './pages.service.ts';
import { POSTPASS_COOKIE } from './page-answers.routes.ts';
import {
  answersOf,
  formValues,
  problemsOf,
  quantityOf,
  rsvpInput,
  ticketOffers,
  type RsvpFormState,
  type TicketOffer,
} from './rsvp-form.ts';
import type { PageContext } from './views/layout.tsx';
import { errorPage, eventPage } from './views/pages.tsx';
import { rsvpPage, type RsvpPageView } from './views/rsvp.tsx';

/*
 * The RSVP form's routes (issue 46): an event page's form posts to `/event/{slug}/rsvp/`, which
 * calls the API's RsvpService in a write unit of its own and answers with the confirmation at the
 * RSVP's signed link (303: POST-redirect-GET), or the event's page again with the form refilled
 * and its problems (nothing written). The signed link (`/rsvp/{token}/`, decision 0125) shows the
 * RSVP and takes its changes and its cancellation. Every POST counts against the write rate limit
 * of the address (as the community form's, decision 0062) and must come from the site's own pages.
 */

export interface RsvpPagesDependencies {
  readonly config: Config;
  readonly storage: Pick<Storage, 'read' | 'write'>;
  readonly clock: Clock;
  readonly pages: PagesService;
  readonly tickets: Pick<TicketsService, 'list'>;
  readonly rsvp: Pick<RsvpService, 'create' | 'findOpen'>;
  readonly rsvpChanges: Pick<RsvpChanges, 'get' | 'update' | 'cancel'>;
  /** The page's context and reader for a request (pages.routes.ts). */
  readonly contextOf: (request: FastifyRequest) => { page: PageContext; reader: Reader } | undefined;
  readonly csp: string;
}

/** The most tickets one event's page offers. */
const OFFERS_LIMIT = 100;
const DONE = new Set(['sent', 'changed', 'cancelled', 'promoted']);
/** The refusals of a signed link, each in the page's words. */
const LINK_REFUSALS = new Set(['rsvp_link_invalid', 'rsvp_link_expired', 'rsvp_not_found']);

/** The published tickets of a page's event (and of its series) as the page offers them. */
export async function eventOffers(
  tx: ReadTx,
  tickets: Pick<TicketsService, 'list'>,
  event: EventWire,
  now: string,
  zone: string,
): Promise<TicketOffer[]> {
  const ids = [
    ...new Set([event.id, ...(event.series_id === undefined || event.series_id === null ? [] : [event.series_id])]),
  ];
  const { rows } = await tickets.list(
    tx,
    null,
    { page: 1, per_page: OFFERS_LIMIT, include_post: ids, status: ['publish'] },
    { page: 1, perPage: OFFERS_LIMIT, offset: 0 },
  );
  return ticketOffers(rows, now, zone);
}

/** The form's action on an event's page. */
export const rsvpAction = (context: PageContext, slug: string) =>
  context.urls.page(`event/${encodeURIComponent(slug)}/rsvp`);

export function registerRsvpPages(app: FastifyInstance, deps: RsvpPagesDependencies): void {
  const { config, storage, clock } = deps;
  const sitePath = sitePathOf(config);
  const answer = (reply: FastifyReply, status: number, body: string) =>
    reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': deps.csp,
        'cache-control': 'private, no-store',
      })
      .code(status)
      .send(body);
  /** Sent by another site's page: refused (a signed-in visitor's request must name its origin, as the community form's). */
  const foreign = (request: FastifyRequest) =>
    !fromOwnPage(request, config) || (request.caller !== null && request.headers.origin === undefined);

  /** The event's page again, with the form just sent refilled and its problems. */
  const eventAgain = async (
    request: FastifyRequest,
    context: PageContext,
    reader: Reader,
    slug: string,
    state: RsvpFormState,
    deadline: Deadline,
  ) =>
    deadline.race(
      storage.read(async (tx) => {
        const given = state.values.day;
        const day = given !== undefined && isSupportedDay(given) ? given : undefined;
        const shown = await deps.pages.event(
          tx,
          reader,
          slug,
          cookieValue(request.headers.cookie, POSTPASS_COOKIE),
          day,
        );
        const offers = await eventOffers(tx, deps.tickets, shown.event, nowUtc(clock), config.timezone);
        return eventPage(context, shown, { offers, action: rsvpAction(context, slug), day, state });
      }),
    );

  /** An RSVP from an event's page. */
  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = deps.contextOf(request);
    if (found === undefined) return reply.callNotFound();
    const { page: context, reader } = found;
    const messages = context.messages.rsvp;
    const { slug } = request.params as { slug: string };
    const canonical = context.urls.page(`event/${encodeURIComponent(slug)}`);
    if (foreign(request)) return answer(reply, 403, errorPage(context, { status: 403, canonical }));
    const values = formValues(request.body);
    if (!/^\d{1,10}$/.test(values.ticket_id ?? ''))
      return answer(reply, 400, errorPage(context, { status: 400, detail: 'ticket_id', canonical }));
    // The honeypot: a robot is sent back to the event as if it had RSVPed; nothing is stored.
    if ((values.homepage ?? '') !== '')
      return reply.header('cache-control', 'private, no-store').redirect(canonical, 303);
    const ticketId = Number(values.ticket_id);
    const deadline = new Deadline(config.timeouts.requestMs);
    const again = async (status: number, problems: RsvpFormState['problems']) =>
      answer(reply, status, await eventAgain(request, context, reader, slug, { ticketId, values, problems }, deadline));
    try {
      const result = await deadline.race(
        storage.write(async (tx) => {
          const ticket = await deps.rsvp.findOpen(tx, ticketId);
          // A priced ticket is bought through its own link: the page takes no payment, so no free seat either.
          if (Number(ticket.price) > 0) return { problems: { form: messages.noCheckout }, status: 409 };
          const read = rsvpInput(values, JSON.parse(ticket.attendee_fields) as AttendeeFieldInput[], messages);
          if ('problems' in read) return { problems: read.problems, status: 400 };
          return deps.rsvp.create(tx, ticketId, read.input, context.urls);
        }, deadline),
      );
      if ('problems' in result) return again(result.status, result.problems);
      return reply
        .header('cache-control', 'private, no-store')
        .redirect(`${manageUrl(context.urls, result.token)}?done=sent`, 303);
    } catch (error) {
      if (error instanceof TimedOut) return answer(reply, 503, errorPage(context, { status: 503, canonical }));
      if (!(error instanceof ApiError)) throw error;
      const problems = problemsOf(error, messages);
      if (problems !== undefined) return again(error.status, problems);
      if (error.status === 404) return answer(reply, 404, errorPage(context, { status: 404, canonical }));
      throw error;
    }
  };

  /** A signed link's refusal as a page: tampered 403, expired 410, gone 404, each saying so. */
  const refusal = (reply: FastifyReply, context: PageContext, error: ApiError, canonical: string) => {
    const messages = context.messages.rsvp;
    const message =
      error.code === 'rsvp_link_expired'
        ? messages.linkExpired
        : error.code === 'rsvp_not_found'
          ? messages.gone
          : messages.linkInvalid;
    return answer(reply, error.status, errorPage(context, { status: error.status, message, canonical }));
  };

  /** The confirmation, and the page of the RSVP's changes. */
  const show = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = deps.contextOf(request);
    if (found === undefined) return reply.callNotFound();
    const { page: context } = found;
    const { token } = request.params as { token: string };
    const action = manageUrl(context.urls, token);
    const done = (request.query as { done?: unknown }).done;
    const deadline = new Deadline(config.timeouts.requestMs);
    try {
      const state = await deadline.race(storage.read((tx) => deps.rsvpChanges.get(tx, token, context.urls)));
      return answer(
        reply,
        200,
        rsvpPage(context, {
          action,
          state,
          ...(typeof done === 'string' && DONE.has(done) ? { done: done as RsvpPageView['done'] } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof TimedOut) return answer(reply, 503, errorPage(context, { status: 503, canonical: action }));
      if (error instanceof ApiError && LINK_REFUSALS.has(error.code)) return refusal(reply, context, error, action);
      throw error;
    }
  };

  /** A change or the cancellation sent from the signed page: 303 back to it, or the page again with the problem. */
  const change = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = deps.contextOf(request);
    if (found === undefined) return reply.callNotFound();
    const { page: context } = found;
    const messages = context.messages.rsvp;
    const { token } = request.params as { token: string };
    const action = manageUrl(context.urls, token);
    if (foreign(request)) return answer(reply, 403, errorPage(context, { status: 403, canonical: action }));
    const values = formValues(request.body);
    const deadline = new Deadline(config.timeouts.requestMs);
    const again = async (status: number, problems: RsvpFormState['problems']) => {
      const state = await deadline.race(storage.read((tx) => deps.rsvpChanges.get(tx, token, context.urls)));
      return answer(reply, status, rsvpPage(context, { action, state, form: { values, problems } }));
    };
    try {
      if (values.action === 'cancel') {
        await deadline.race(storage.write((tx) => deps.rsvpChanges.cancel(tx, token, context.urls), deadline));
        return reply.header('cache-control', 'private, no-store').redirect(`${action}?done=cancelled`, 303);
      }
      const quantity = quantityOf(values);
      if (quantity === undefined) return again(400, { quantity: messages.badQuantity });
      const state = await deadline.race(
        storage.write(async (tx) => {
          const current = await deps.rsvpChanges.get(tx, token, context.urls);
          return deps.rsvpChanges.update(
            tx,
            token,
            { quantity, answers: answersOf(values, current.fields) },
            context.urls,
          );
        }, deadline),
      );
      return reply
        .header('cache-control', 'private, no-store')
        .redirect(`${action}?done=${state.promoted > 0 ? 'promoted' : 'changed'}`, 303);
    } catch (error) {
      if (error instanceof TimedOut) return answer(reply, 503, errorPage(context, { status: 503, canonical: action }));
      if (!(error instanceof ApiError)) throw error;
      if (LINK_REFUSALS.has(error.code)) return refusal(reply, context, error, action);
      const problems = problemsOf(error, messages);
      if (problems !== undefined) return again(error.status, problems);
      throw error;
    }
  };

  /** A POST refused before its handler ran (the write rate limit): a page in the visitor's language with the status and `Retry-After`. */
  const refused = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const found = deps.contextOf(request);
    if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 413) || found === undefined)
      throw error;
    reply.headers(error.headers);
    void answer(
      reply,
      error.status,
      errorPage(found.page, { status: error.status, canonical: `${found.page.urls.siteOrigin}${request.url}` }),
    );
  };

  const config_ = { publicPage: true, anonymousWrite: true };
  const hidden = { hide: true };
  for (const prefix of ['', '/:lang']) {
    app.route({
      method: 'POST',
      url: `${sitePath}${prefix}/event/:slug/rsvp/`,
      config: config_,
      schema: hidden,
      handler: submit,
      errorHandler: refused,
    });
    app.route({
      method: 'GET',
      url: `${sitePath}${prefix}/rsvp/:token/`,
      config: { publicPage: true },
      schema: hidden,
      handler: show,
    });
    app.route({
      method: 'POST',
      url: `${sitePath}${prefix}/rsvp/:token/`,
      config: config_,
      schema: hidden,
      handler: change,
      errorHandler: refused,
    });
  }
}
