import { Type, type Static } from '@sinclair/typebox';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import { CommonQuery, Id, WriteQuery } from '../../http/params.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import { shownState } from '../../import-runner.ts';
import type { SiteImportRow } from '../../storage/tables.ts';
import { emptyCalendarProgress, type CalendarImportProgress, type IcalImportJobs } from './ical-import-jobs.ts';
import { IMPORT_CAPABILITIES, type IcalImportService } from './ical-import.service.ts';

/** The body: an iCalendar document, sent as `text/calendar` (read by app.ts up to CALENDAR_ICS_IMPORT_MAX_BYTES). */
const CalendarBody = Type.Unsafe<string>({
  content: {
    'text/calendar': {
      schema: {
        type: 'string',
        description:
          "An iCalendar (RFC 5545) document: a Google, Outlook or Apple Calendar export, or this service's own",
      },
    },
  },
});

const Item = Type.Object({
  uid: Type.String({ description: "The VEVENT's UID" }),
  recurrence_id: Type.Union([Type.String(), Type.Null()], {
    description: 'For an exception of a series: the original local start it replaces (RECURRENCE-ID)',
  }),
  id: Type.Integer({ description: "The event's ID here" }),
  title: Type.String({ description: "The VEVENT's SUMMARY" }),
});
const Skipped = Type.Object({
  uid: Type.String(),
  recurrence_id: Type.Union([Type.String(), Type.Null()]),
  line: Type.Integer({ description: "The line of the VEVENT's BEGIN" }),
  reason: Type.String(),
});
const ImportReport = Type.Object({
  created: Type.Array(Item, { description: 'Events (and exceptions of series) created' }),
  updated: Type.Array(Item, {
    description: 'Events updated: the file held a newer version (SEQUENCE or LAST-MODIFIED)',
  }),
  unchanged: Type.Array(Item, { description: 'Events imported before, or exported from here, in the same version' }),
  skipped: Type.Array(Skipped, { description: 'VEVENTs left out, with the reason' }),
});

const ImportQuery = Type.Object(
  {
    ...WriteQuery.properties,
    background: Type.Optional(
      Type.Boolean({
        description:
          "Import in the background (202) whatever the document's size; documents of more than CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS VEVENTs always are (decision 0091)",
      }),
    ),
  },
  { additionalProperties: true },
);

const CalendarImport = Type.Object(
  {
    id: Type.Integer(),
    state: Type.String({
      enum: ['running', 'cancelling', 'completed', 'failed', 'cancelled', 'interrupted'],
      description:
        'running; cancelling (a cancel was asked, it stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: send the document again, and events imported already come back unchanged)',
    }),
    total: Type.Integer({ description: 'VEVENTs in the document' }),
    done: Type.Integer({ description: 'VEVENTs handled so far, whatever their outcome' }),
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    skipped: Type.Integer(),
    failed: Type.Integer({ description: "VEVENTs refused (each UID's reason in errors); the others are imported" }),
    errors: Type.Array(Type.String(), { description: 'The first 100 VEVENTs refused or skipped, with the reason' }),
    error_count: Type.Integer(),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed or interrupted run stopped' }),
    started_by: Type.Union([Type.Integer(), Type.Null()]),
    started_at: Type.String({ description: 'UTC' }),
    finished_at: Type.Union([Type.String(), Type.Null()], { description: 'UTC; null while running' }),
  },
  { description: 'A big iCalendar import run in the background, a unit of UIDs at a time (decision 0091)' },
);

/** A run as the API shows it. */
function toCalendarImport(row: SiteImportRow, now: string): Static<typeof CalendarImport> {
  const progress: CalendarImportProgress = {
    ...emptyCalendarProgress(),
    ...(JSON.parse(row.progress) as Partial<CalendarImportProgress>),
  };
  const { total, done, created, updated, unchanged, skipped, failed, errors, error_count } = progress;
  return {
    id: row.id,
    state: shownState(row, now),
    total,
    done,
    created,
    updated,
    unchanged,
    skipped,
    failed,
    errors,
    error_count,
    reason: row.reason,
    started_by: row.started_by,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/**
 * `POST /events/import` (issue 15, decision 0028): one unit of work, all or nothing; a big document
 * (or one asked for with `background=true`) as a background run, answered 202 with its Location
 * (decision 0091), watched and cancelled at `imports/calendars/{id}`.
 */
export function icalImportRoutes(
  importer: IcalImportService,
  jobs: IcalImportJobs,
  uidHost: string,
  clock: Clock,
): AnyRoute[] {
  const single = '/imports/calendars/:id(^\\d+$)';
  const RunParams = Type.Object({ id: Id({ description: "The calendar import's ID" }) });
  return [
    defineRoute({
      method: 'POST',
      path: '/events/import',
      permission: { all: IMPORT_CAPABILITIES },
      schema: {
        summary:
          'Imports the events of an iCalendar document (text/calendar), matched by UID: created, updated when newer, unchanged otherwise (additive)',
        querystring: ImportQuery,
        body: CalendarBody,
        response: { 200: ImportReport, 202: CalendarImport },
      },
      ownNamespaceQuery: ['background'],
      // Read before the write unit (decision 0091): the parse of a document of thousands of events
      // holds no write lock, and stops at the request's deadline.
      prepare: async (frame, deadline) => {
        if (typeof frame.body !== 'string')
          throw new ApiError('rest_unsupported_media_type', { args: ['send the iCalendar document as text/calendar'] });
        return { made: await importer.read(frame.body, deadline) };
      },
      // A background run starts once its row is committed.
      handle: async (frame, tx, _loaded, calendar) => {
        const request = { caller: frame.caller!, language: frame.language, uidHost };
        if (!jobs.inBackground(calendar, frame.query.background === true))
          return { body: await importer.import(tx, calendar, request) };
        const row = await jobs.start(tx, calendar, frame.caller!);
        return {
          status: 202,
          headers: { location: frame.urls.route(`imports/calendars/${row.id}`) },
          body: toCalendarImport(row, nowUtc(clock)),
          afterCommit: () => jobs.launch(row.id, calendar, request),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: { all: IMPORT_CAPABILITIES },
      schema: {
        summary: 'Returns a background iCalendar import: its state, counts and errors, from whichever node runs it',
        params: RunParams,
        querystring: Type.Object(CommonQuery),
        response: { 200: CalendarImport },
      },
      handle: async ({ params }, tx) => ({ body: toCalendarImport(await jobs.find(tx, params.id), nowUtc(clock)) }),
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/cancel`,
      permission: { all: IMPORT_CAPABILITIES },
      schema: {
        summary:
          'Asks a running background iCalendar import to stop; it stops between units of work, what it imported stays',
        params: RunParams,
        querystring: WriteQuery,
        response: { 202: CalendarImport },
      },
      handle: async ({ params }, tx) => ({
        status: 202,
        body: toCalendarImport(await jobs.cancel(tx, params.id), nowUtc(clock)),
      }),
    }),
  ];
}
