import { Type, type Static } from '@sinclair/typebox';
import { CommonQuery, Id, WriteQuery } from '../../http/params.ts';

/* The import sources' contract (issue 47; decisions 0117, 0118): one schema for validation, types and OpenAPI. */

export const KINDS = ['ical', 'tec', 'instance'] as const;
export const SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const;
const STATUSES = ['draft', 'pending', 'publish'] as const;

const Nullable = <T>(type: string, description: string, extra: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], description, ...extra });
const Day = (description: string) => Nullable<string>('string', description, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Names = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, description });

export const Filters = Type.Object(
  {
    words: Names('Only events whose title or description holds one of these words (any case); none: every event'),
    category: Nullable<string>('string', 'Only events the source puts in this category (its name, any case)', {
      minLength: 1,
      maxLength: 200,
    }),
    starts_after: Day('Only events (series: whose first occurrence) starting on or after this day'),
    starts_before: Day('Only events (series: whose first occurrence) starting on or before this day'),
  },
  { additionalProperties: false },
);

/** What a source's events get and which it brings, stored as the source's `settings` (JSON). */
export const Settings = Type.Object(
  {
    status: Type.Unsafe<(typeof STATUSES)[number]>({
      type: 'string',
      enum: [...STATUSES],
      description:
        'The status events created or updated by the source get (an event the source marks private stays private)',
    }),
    categories: Names('Categories (names or slugs; created when missing) every imported event gets, beside its own'),
    tags: Names('Tags (names or slugs; created when missing) every imported event gets'),
    places: Type.Unsafe<'match' | 'none'>({
      type: 'string',
      enum: ['match', 'none'],
      description:
        'match: venues and organizers are matched by name, created when missing; none: events are imported without them',
    }),
    filters: Filters,
    on_removed: Type.Unsafe<'trash' | 'keep'>({
      type: 'string',
      enum: ['trash', 'keep'],
      description:
        'What happens to an event that disappears from the source (or no longer passes the filters): moved to the trash, or kept',
    }),
    overwrite_local_edits: Type.Boolean({
      description:
        'true: a change at the source overwrites an event edited here; false: an event edited here since it was imported is left alone (decision 0118)',
    }),
  },
  { additionalProperties: false },
);
export type ImportSettings = Static<typeof Settings>;

export const DEFAULT_SETTINGS: ImportSettings = {
  status: 'publish',
  categories: [],
  tags: [],
  places: 'match',
  filters: { words: [], category: null, starts_after: null, starts_before: null },
  on_removed: 'trash',
  overwrite_local_edits: false,
};

const writable = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'A name for people' }),
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      "ical: the feed's http, https or webcal address; tec and instance: the site's address. On a public address (the address guard of webhooks and site imports)",
  }),
  schedule: Type.Unsafe<(typeof SCHEDULES)[number]>({
    type: 'string',
    enum: [...SCHEDULES],
    description: 'How often it runs by itself; manual: only when asked (run)',
  }),
  author: Nullable<number>(
    'integer',
    'The user imported events are written by (their author); null: the user who added the source',
    { minimum: 1 },
  ),
  paused: Type.Boolean({ description: 'A paused source runs only when asked' }),
  settings: Type.Partial(Settings, {
    description: 'What imported events get and which are imported; left out: the defaults',
  }),
};

export const CreateBody = Type.Object(
  {
    ...writable,
    kind: Type.Unsafe<(typeof KINDS)[number]>({
      type: 'string',
      enum: [...KINDS],
      description:
        'ical: an iCalendar or webcal feed; tec: a site of The Events Calendar (administrators only, as site imports); instance: another instance of this service (read as a TEC site)',
    }),
    schedule: Type.Optional(writable.schedule),
    author: Type.Optional(writable.author),
    paused: Type.Optional(writable.paused),
    settings: Type.Optional(writable.settings),
  },
  { additionalProperties: false },
);
export type CreateInput = Static<typeof CreateBody>;

export const UpdateBody = Type.Partial(Type.Object(writable), { additionalProperties: false });
export type UpdateInput = Static<typeof UpdateBody>;

export const SourceParams = Type.Object({ id: Id({ description: "The import source's ID" }) });
export const RunParams = Type.Object({
  id: Id({ description: "The import source's ID" }),
  run: Id({ description: "The run's ID" }),
});
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

export const Source = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.String({ enum: [...KINDS] }),
  url: Type.String(),
  schedule: Type.String({ enum: [...SCHEDULES] }),
  author: Nullable<number>('integer', 'The user imported events are written by; null: the user who added it'),
  paused: Type.Boolean(),
  settings: Settings,
  next_run_at: Nullable<string>('string', 'UTC: when it runs next by itself; null when manual or paused'),
  failures: Type.Integer({
    description: 'Runs failed in a row: each doubles the wait before the next (the back-off, decision 0117)',
  }),
  last_error: Nullable<string>('string', 'Why the last run failed; null once one succeeds'),
  running: Nullable<number>('integer', 'The ID of its live run, if any'),
  created_by: Nullable<number>('integer', 'Who added it'),
  created_at: Type.String({ description: 'UTC' }),
  modified_at: Type.String({ description: 'UTC' }),
});
export const Sources = Type.Array(Source);

export const Run = Type.Object({
  id: Type.Integer(),
  source: Nullable<number>('integer', "The source's ID; null once it was deleted"),
  state: Type.String({
    enum: ['running', 'cancelling', 'completed', 'failed', 'cancelled', 'interrupted'],
    description: 'interrupted: its node stopped or died; the source runs again at once and resumes it',
  }),
  fetched: Type.String({
    enum: ['pending', 'changed', 'not-modified'],
    description: 'not-modified: the source answered 304 to the conditional request, nothing was written',
  }),
  total: Type.Integer({ description: 'VEVENTs (or records) in the source' }),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  trashed: Type.Integer({
    description: 'Events moved to the trash: gone from the source, or no longer passing the filters',
  }),
  kept: Type.Integer({
    description: 'Events changed at the source but left as edited here (overwrite_local_edits false)',
  }),
  skipped: Type.Integer({
    description: 'VEVENTs left out (filtered out, unreadable, or for the reason listed in errors)',
  }),
  failed: Type.Integer({ description: 'VEVENTs refused, each with its reason in errors' }),
  errors: Type.Array(Type.String(), { description: 'The first 100 failures and skips, with the reason' }),
  error_count: Type.Integer(),
  reason: Nullable<string>('string', 'Why a failed or interrupted run stopped'),
  started_by: Nullable<number>('integer', 'Who asked for it; null for a scheduled run'),
  started_at: Type.String({ description: 'UTC' }),
  finished_at: Nullable<string>('string', 'UTC; null while running'),
  duration_ms: Nullable<number>('integer', 'How long it ran; null while running'),
});
export const Runs = Type.Array(Run);
