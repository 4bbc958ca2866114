import { Type } from '@sinclair/typebox';
import { ApiError } from '../../errors.ts';
import { WriteQuery } from '../../http/params.ts';
import { defineRoute, type AnyRoute } from '../../http/routes.ts';
import type { ReadCalendar } from './calendar-reader.ts';
import { IMPORT_CAPABILITIES, type IcalImportService } from './ical-import.service.ts';

/** The body: an iCalendar document, sent as `text/calendar` (read by app.ts up to CALENDAR_ICS_IMPORT_MAX_BYTES). */
const CalendarBody = Type.Unsafe<string>({
  content: { 'text/calendar': { schema: { type: 'string', description: 'An iCalendar (RFC 5545) document: a Google, Outlook or Apple Calendar export, or this service\'s own' } } },
});

const Item = Type.Object({
  uid: Type.String({ description: 'The VEVENT\'s UID' }),
  recurrence_id: Type.Union([Type.String(), Type.Null()], { description: 'For an exception of a series: the original local start it replaces (RECURRENCE-ID)' }),
  id: Type.Integer({ description: 'The event\'s ID here' }),
  title: Type.String({ description: 'The VEVENT\'s SUMMARY' }),
});
const Skipped = Type.Object({
  uid: Type.String(),
  recurrence_id: Type.Union([Type.String(), Type.Null()]),
  line: Type.Integer({ description: 'The line of the VEVENT\'s BEGIN' }),
  reason: Type.String(),
});
const ImportReport = Type.Object({
  created: Type.Array(Item, { description: 'Events (and exceptions of series) created' }),
  updated: Type.Array(Item, { description: 'Events updated: the file held a newer version (SEQUENCE or LAST-MODIFIED)' }),
  unchanged: Type.Array(Item, { description: 'Events imported before, or exported from here, in the same version' }),
  skipped: Type.Array(Skipped, { description: 'VEVENTs left out, with the reason' }),
});

/** `POST /events/import` (issue 15, decision 0028): one unit of work, all or nothing. */
export function icalImportRoutes(importer: IcalImportService, uidHost: string): AnyRoute[] {
  // The document `prepare` read for a request, for its handler.
  const read = new WeakMap<object, ReadCalendar>();
  return [
    defineRoute({
      method: 'POST',
      path: '/events/import',
      permission: { all: IMPORT_CAPABILITIES },
      schema: {
        summary: 'Imports the events of an iCalendar document (text/calendar), matched by UID: created, updated when newer, unchanged otherwise (additive)',
        querystring: WriteQuery,
        body: CalendarBody,
        response: { 200: ImportReport },
      },
      // Read before the write unit (decision 0091): the parse of a document of thousands of events
      // holds no write lock, and stops at the request's deadline.
      prepare: async (frame, deadline) => {
        if (typeof frame.body !== 'string') throw new ApiError('rest_unsupported_media_type', { args: ['send the iCalendar document as text/calendar'] });
        read.set(frame, await importer.read(frame.body, deadline));
      },
      handle: async (frame, tx) => ({ body: await importer.import(tx, read.get(frame)!, { caller: frame.caller!, language: frame.language, uidHost }) }),
    }),
  ];
}
