import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { NAMESPACE } from '../../urls.ts';
import type { Storage } from '../../storage/types.ts';
import { attendeesCsv } from './attendees.csv.ts';
import type { AttendeesService } from './attendees.service.ts';
import type { RsvpService } from './rsvp.service.ts';
import type { RsvpChanges } from './rsvp-changes.ts';
import {
  AttendeeListQuery,
  AttendeeParams,
  AttendeeReadQuery,
  AttendeeRecord,
  AttendeesEnvelope,
  MAX_ATTENDEES_PER_PAGE,
  QrAnswer,
  QrBody,
} from './attendees.schemas.ts';
import { toAttendeeRecord } from './tickets.mapper.ts';
import { archiveUrl, checkPage, EDIT_EVENTS } from './tickets.routes.ts';

/**
 * Event Tickets' REST v1 attendee routes (Attendee_Archive, Single_Attendee, QR) and our plain
 * check-in: only for those who may edit the attendee's event (decision 0110).
 */
export function attendeeRoutes(
  service: AttendeesService,
  siteZone: string,
  storage: Pick<Storage, 'read'>,
): AnyRoute[] {
  const single = '/attendees/:id(^\\d+$)';
  const checkIn = `${single}/check-in`;
  return [
    defineRoute({
      method: 'GET',
      path: '/attendees',
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Returns the attendees of the events the caller may edit',
        description:
          "With Accept: text/csv, every attendee matching the filters (not a page: page and per_page do not apply), streamed as CSV, cells that would start a formula quoted (additive; the admin's export).",
        querystring: AttendeeListQuery,
        response: { 200: AttendeesEnvelope },
      },
      handle: async ({ query, caller, urls, representation }, tx) => {
        // The whole filtered list, not a page, read in batches of its own after this answer (csv-export.ts).
        if (representation === 'csv') return attendeesCsv(storage, service, caller!, query, siteZone) as never;
        const window = pageWindow(query.page, query.per_page, MAX_ATTENDEES_PER_PAGE);
        const { rows, total } = await service.list(tx, caller!, query, window);
        const pages = totalPages(total, window.perPage);
        checkPage(query.page, pages);
        const attendees = rows.map((row) => toAttendeeRecord(row, urls, siteZone));
        return {
          headers: totalHeaders(total, pages, 'et'),
          body: { rest_url: archiveUrl(urls, 'attendees', query), total, total_pages: pages, attendees },
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Returns an attendee of an event the caller may edit',
        params: AttendeeParams,
        querystring: AttendeeReadQuery,
        response: { 200: AttendeeRecord },
      },
      handle: async ({ params, caller, urls }, tx) => ({
        body: toAttendeeRecord(await service.find(tx, caller, params.id), urls, siteZone),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: checkIn,
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Checks an attendee in (again is harmless)',
        params: AttendeeParams,
        querystring: AttendeeReadQuery,
        response: { 200: AttendeeRecord },
      },
      validate: ({ params, caller }, tx) => service.find(tx, caller, params.id),
      handle: async ({ urls }, tx, attendee) => ({
        body: toAttendeeRecord(await service.setCheckedIn(tx, attendee, true), urls, siteZone),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      path: checkIn,
      permission: EDIT_EVENTS,
      schema: {
        summary: 'Checks an attendee out',
        params: AttendeeParams,
        querystring: AttendeeReadQuery,
        response: { 200: AttendeeRecord },
      },
      validate: ({ params, caller }, tx) => service.find(tx, caller, params.id),
      handle: async ({ urls }, tx, attendee) => ({
        body: toAttendeeRecord(await service.setCheckedIn(tx, attendee, false), urls, siteZone),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/qr',
      permission: EDIT_EVENTS,
      schema: {
        summary:
          "Checks in the attendee a QR code names (the original's qr route, as a POST: a GET changes nothing here)",
        querystring: AttendeeReadQuery,
        body: QrBody,
        response: { 200: QrAnswer },
      },
      handle: async ({ body, caller, urls }, tx) => {
        const attendee = await service.checkInByCode(tx, caller, body.ticket_id, body.security_code);
        return { body: { msg: 'Checked in!', attendee: toAttendeeRecord(attendee, urls, siteZone) } };
      },
    }),
  ];
}

/**
 * What an editor does at the desk that the original has no route for (decision 0127), in our
 * namespace only: cancel a seat (its place is free again), and send the RSVP's confirmation again
 * through the e-mail outbox, in the unit of the request.
 */
export function attendeeDeskRoutes(
  service: AttendeesService,
  rsvp: Pick<RsvpService, 'resend'>,
  changes: Pick<RsvpChanges, 'cancelSeat'>,
  siteZone: string,
): AnyRoute[] {
  const single = '/attendees/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'POST',
      path: `${single}/cancel`,
      permission: EDIT_EVENTS,
      schema: {
        summary: "Cancels an attendee's seat: its place is free again (again is harmless)",
        params: AttendeeParams,
        querystring: AttendeeReadQuery,
        response: { 200: AttendeeRecord },
      },
      validate: ({ params, caller }, tx) => service.find(tx, caller, params.id),
      handle: async ({ urls }, tx, attendee) => ({
        body: toAttendeeRecord(await changes.cancelSeat(tx, attendee, urls), urls, siteZone),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/resend`,
      permission: EDIT_EVENTS,
      schema: {
        summary: `Queues the attendee's RSVP confirmation e-mail again (the outbox: ${NAMESPACE}/mail/outbox)`,
        params: AttendeeParams,
        querystring: AttendeeReadQuery,
        response: { 202: AttendeeRecord },
      },
      validate: ({ params, caller }, tx) => service.find(tx, caller, params.id),
      handle: async ({ urls }, tx, attendee) => {
        await rsvp.resend(tx, attendee, urls);
        return { status: 202, body: toAttendeeRecord(attendee, urls, siteZone) };
      },
    }),
  ];
}
