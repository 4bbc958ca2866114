import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type AnyRoute } from '../../http/route-definition.ts';
import { ApiError } from '../../errors.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { withQuery, type Urls } from '../../urls.ts';
import { toTicketRecord } from './tickets.mapper.ts';
import {
  DeletedTicket,
  MAX_TICKETS_PER_PAGE,
  RsvpAnswer,
  RsvpBody,
  TicketCreateBody,
  TicketListQuery,
  TicketParams,
  TicketReadQuery,
  TicketRecord,
  TicketsEnvelope,
  TicketUpdateBody,
} from './tickets.schemas.ts';
import type { RsvpService } from './rsvp.service.ts';
import { manageUrl } from './rsvp-mail.ts';
import type { TicketsService } from './tickets.service.ts';
import { listingToken, refuseFiltersBesideSyncToken, syncAnswer } from '../sync/sync.answers.ts';
import type { SyncService } from '../sync/sync.service.ts';

/** Contributors and up may write tickets; each write is then checked against the event's own rules (decision 0110). */
export const EDIT_EVENTS = { all: ['edit_tribe_events'] } as const;

/** An archive's `rest_url`: its collection with the parameters as given, lists as CSV (the original's `add_query_arg`). */
export function archiveUrl(urls: Urls, collection: string, query: Readonly<Record<string, unknown>>): string {
  const args = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]);
  return withQuery(urls.collection(collection), new URLSearchParams(args).toString());
}

/** The original's answer to a page past the last: 400, but for an empty first page. */
export function checkPage(page: number, pages: number): void {
  if (page > 1 && page > pages) throw new ApiError('invalid-page-number');
}

/**
 * Event Tickets' REST v1 ticket routes (Ticket_Archive, Single_Ticket, and the ticket editor's
 * writes), served under tribe/tickets/v1 and our namespace (decision 0108).
 */
export function ticketRoutes(service: TicketsService, sync: SyncService): AnyRoute[] {
  const single = '/tickets/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'GET',
      path: '/tickets',
      permission: 'public',
      schema: {
        summary: 'Returns the tickets, with their availability computed now',
        querystring: TicketListQuery,
        response: { 200: TicketsEnvelope },
      },
      handle: async ({ query, caller, urls }, tx) => {
        const window = pageWindow(query.page, query.per_page, MAX_TICKETS_PER_PAGE);
        if (query.sync_token !== undefined) {
          // The tickets' changes since the token, as the events archive's (decisions 0029, 0129).
          refuseFiltersBesideSyncToken(query, TicketListQuery.properties);
          const page = await sync.page(
            tx,
            {
              resource: 'ticket',
              scope: service.syncScope(caller),
              affected: async (_unit, ids) => new Map(ids.map((id) => [id, [id]])),
              visible: async (unit, ids) => {
                const view = service.viewer(urls, caller);
                return new Map(
                  (await service.listed(unit, caller, ids)).map((row) => [row.id, toTicketRecord(row, view(row))]),
                );
              },
            },
            query.sync_token,
            window.perPage,
          );
          return syncAnswer(page, 'tickets', urls, query.sync_token, window.perPage);
        }
        const { rows, total } = await service.list(tx, caller, query, window);
        const pages = totalPages(total, window.perPage);
        checkPage(query.page, pages);
        const view = service.viewer(urls, caller);
        const tickets = rows.map((row) => toTicketRecord(row, view(row)));
        const token = listingToken(await sync.snapshotToken(tx), urls);
        return {
          headers: { ...totalHeaders(total, pages, 'et'), ...token.headers },
          body: { rest_url: archiveUrl(urls, 'tickets', query), total, total_pages: pages, tickets, ...token.field },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/tickets',
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Creates a ticket (or a free RSVP) for an event the caller may edit',
        querystring: TicketReadQuery,
        body: TicketCreateBody,
        response: { 201: TicketRecord },
      },
      handle: async ({ body, caller, urls }, tx) => {
        const ticket = await service.create(tx, caller!, body);
        return { status: 201, body: toTicketRecord(ticket, service.view(urls, caller, ticket)) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: 'public',
      schema: {
        summary: 'Returns a ticket, with its availability computed now',
        params: TicketParams,
        querystring: TicketReadQuery,
        response: { 200: TicketRecord },
      },
      handle: async ({ params, caller, urls }, tx) => {
        const ticket = await service.find(tx, caller, params.id);
        return { body: toTicketRecord(ticket, service.view(urls, caller, ticket)) };
      },
    }),
    defineRoute({
      method: EDITABLE,
      path: single,
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Updates a ticket of an event the caller may edit (partial)',
        params: TicketParams,
        querystring: TicketReadQuery,
        body: TicketUpdateBody,
        response: { 200: TicketRecord },
      },
      validate: ({ params, caller }, tx) => service.findEditable(tx, caller, params.id),
      lockedRecord: (ticket) => ({ table: 'tickets', id: ticket.id }),
      handle: async ({ body, caller, urls }, tx, ticket) => {
        const updated = await service.update(tx, caller!, ticket, body);
        return { body: toTicketRecord(updated, service.view(urls, caller, updated)) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: single,
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Deletes a ticket and its attendees; answers what it was',
        params: TicketParams,
        querystring: TicketReadQuery,
        response: { 200: DeletedTicket },
      },
      validate: ({ params, caller }, tx) => service.findEditable(tx, caller, params.id),
      lockedRecord: (ticket) => ({ table: 'tickets', id: ticket.id }),
      handle: async ({ caller, urls }, tx, ticket) => {
        await service.remove(tx, ticket);
        return { body: { deleted: true, previous: toTicketRecord(ticket, service.view(urls, caller, ticket)) } };
      },
    }),
  ];
}

/** A visitor's RSVP: our namespace only, as the original has no such route (decision 0108). */
export function rsvpRoutes(rsvp: RsvpService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/tickets/:id(^\\d+$)/rsvps',
      permission: 'public',
      anonymousWrite: true,
      schema: {
        summary:
          'RSVPs for a ticket: makes one attendee per place, within the places left (409 when there are not enough)',
        params: TicketParams,
        querystring: TicketReadQuery,
        body: RsvpBody,
        response: { 201: RsvpAnswer },
      },
      handle: async ({ params, body, urls }, tx) => {
        const result = await rsvp.create(tx, params.id, body, urls);
        return {
          status: 201,
          body: {
            order: result.order,
            ticket_id: params.id,
            status: result.seats[0]!.status,
            quantity: result.seats.length,
            attendees: result.seats.map((seat) => ({ id: seat.id, security_code: seat.security_code })),
            availability: result.availability,
            manage_url: manageUrl(urls, result.token),
          },
        };
      },
    }),
  ];
}
