import { Type } from '@sinclair/typebox';
import { ApiError, invalidParam } from '../../errors.ts';
import { WriteQuery } from '../../http/params.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import { SETTABLE_STATUSES } from '../posts/post-rules.ts';
import { IMPORT_CAPABILITIES } from '../ical/ical-import.service.ts';
import { CSV_TYPES, fieldsOf, type CsvType } from './csv-columns.ts';
import { CSV_LISTED_PROBLEMS, CSV_PREVIEW_ROWS, type CsvImportService } from './csv-import.service.ts';

/** The body: a CSV file, sent as `text/csv` (read by app.ts up to CALENDAR_CSV_IMPORT_MAX_BYTES). */
const CsvBody = Type.Unsafe<string>({
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description:
          "A CSV file with a header row: the columns of the original's CSV importer (this service's CSV export), or others mapped with `map`",
      },
    },
  },
});

const ImportQuery = Type.Object(
  {
    ...WriteQuery.properties,
    type: Type.Unsafe<CsvType>({
      type: 'string',
      enum: [...CSV_TYPES],
      description: 'What the rows are: events, venues or organizers',
    }),
    map: Type.Optional(
      Type.Unsafe<string | Record<string, string>>({
        type: ['string', 'object'],
        additionalProperties: { type: 'string' },
        description:
          'The file\'s headers to columns, as a JSON object ({"Title": "Event Name", "Notes": ""}): a column\'s label or key, "" to leave one out; other headers are read by their name',
      }),
    ),
    dry_run: Type.Boolean({ default: false, description: 'Check every row and answer the report, writing nothing' }),
    status: Type.Optional(
      Type.Unsafe<(typeof SETTABLE_STATUSES)[number]>({
        type: 'string',
        enum: [...SETTABLE_STATUSES],
        description: "The status of the records created (default publish, as the original's importer)",
      }),
    ),
  },
  { additionalProperties: true },
);

const RowProblems = Type.Object({
  line: Type.Integer({ description: 'The line of the file the row starts on (the header is line 1)' }),
  problems: Type.Array(Type.String()),
});

const Report = Type.Object({
  type: Type.String(),
  dry_run: Type.Boolean(),
  columns: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), {
    description: 'Each header of the file and the column key it was read as (null: not imported)',
  }),
  rows: Type.Integer({ description: 'Rows read' }),
  imported: Type.Integer({
    description:
      'Rows imported (a dry run: that would be); a venue or organizer identical to an existing one is reused, not made twice',
  }),
  failed: Type.Integer({ description: 'Rows refused: nothing of them is written' }),
  not_done: Type.Integer({
    description: "Rows left when the request's time ran short: send them again from resume_line, or use the CLI",
  }),
  resume_line: Type.Union([Type.Integer(), Type.Null()]),
  problems: Type.Array(RowProblems, {
    description: `The refused rows (the first ${CSV_LISTED_PROBLEMS}) with their problems`,
  }),
  preview: Type.Array(
    Type.Object({
      line: Type.Integer(),
      values: Type.Record(Type.String(), Type.String()),
      problems: Type.Array(Type.String()),
    }),
    { description: `The first ${CSV_PREVIEW_ROWS} rows as read, by column key, with their problems` },
  ),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String() }), {
    description:
      "Every column of the type, in the original's order: what a header can be mapped to (by key or label) in `map`, for a mapping step such as the admin's (additive)",
  }),
});

/** The import stops starting write units when the request has less than this left, and answers what it did. */
const STOP_MARGIN_MS = 5000;

/** The mapping parameter: a JSON object of strings, or the object a `map[Header]=column` query gives. */
function mappingOf(map: string | Record<string, string> | undefined): Record<string, string> | undefined {
  if (map === undefined) return undefined;
  let value: unknown = map;
  if (typeof map === 'string') {
    try {
      value = JSON.parse(map);
    } catch {
      throw invalidParam('map', 'map is not a JSON object.');
    }
  }
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Object.values(value).every((to) => typeof to === 'string')
  )
    throw invalidParam('map', 'map must map headers to column names (strings).');
  return value as Record<string, string>;
}

/**
 * `POST /imports/csv` (issue 47, decision 0115): the rows are written in units of their own, before
 * the route's unit (its `prepare`, outside any unit, bounded by the request's time), which only
 * answers the report.
 */
export function csvImportRoutes(importer: CsvImportService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/imports/csv',
      permission: { all: IMPORT_CAPABILITIES },
      schema: {
        summary:
          "Imports events, venues or organizers from a CSV file (text/csv) with the columns of the original's CSV importer; each row all or nothing, bad rows reported by line (additive)",
        querystring: ImportQuery,
        body: CsvBody,
        response: { 200: Report },
      },
      prepare: async (frame, deadline) => {
        if (typeof frame.body !== 'string')
          throw new ApiError('rest_unsupported_media_type', { args: ['send the CSV file as text/csv'] });
        const mapping = mappingOf(frame.query.map);
        const report = await importer.import(frame.body, {
          type: frame.query.type,
          ...(mapping ? { mapping } : {}),
          dryRun: frame.query.dry_run,
          ...(frame.query.status ? { status: frame.query.status } : {}),
          caller: frame.caller!,
          language: frame.language,
          stopNow: () => deadline.remainingMs < STOP_MARGIN_MS,
        });
        return { made: report };
      },
      handle: async (frame, _tx, _loaded, report) => ({ body: { ...report, fields: fieldsOf(frame.query.type) } }),
    }),
  ];
}
